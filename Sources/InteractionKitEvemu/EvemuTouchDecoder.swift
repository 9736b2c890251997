import InteractionKitCore

/// One touch sample in device units, before scaling to a window.
package struct EvemuDecodedSample: Hashable, Sendable {
    /// 0, 1, 2, … in the order contacts begin.
    package var contact: Int
    /// Began, moved or ended.
    package var phase: TouchPhase
    /// The X axis value.
    package var x: Int
    /// The Y axis value.
    package var y: Int
    /// Seconds since the first event of the recording.
    package var time: Double
}

/// Turns the kernel multi-touch protocol into began/moved/ended samples.
///
/// Rules shared by all protocols:
/// - A frame ends at `SYN_REPORT`; samples carry that event's time.
/// - `SYN_DROPPED` discards everything up to and including the next
///   `SYN_REPORT`. In protocol B and single-touch, state already changed
///   earlier in the interrupted frame stays applied (values persist per slot,
///   as in the kernel); in protocol A the partial frame is discarded.
/// - Events after the last `SYN_REPORT` are treated as a final frame.
/// - Contacts still down at the end of the recording end at the time of the
///   last event, so a replay never leaves a finger down. Input that fails
///   mid-stream (`EvemuTouchStream.cancel()`) cancels them instead: a fault
///   must not tap.
/// - A contact that begins and ends within one frame yields a `.began` and an
///   `.ended` sample at the same time (if its position is known).
/// - At most `GestureConstants.maximumTouchesDown` contacts are down at
///   once, as a window tracks: a contact that begins while that many are
///   down yields its `.began` (which the window refuses, so a transcript
///   says so once) and no other sample.
/// - Protocol B: an `ABS_MT_SLOT` value outside the device's slot axis is
///   ignored, as the kernel ignores one (the readers refuse it first).
/// - `.stationary` is never produced; `.cancelled` only by `cancel()`.
enum EvemuTouchDecoder {
    /// Protocol A: at most this many contacts per frame are used (further
    /// `SYN_MT_REPORT` packets in the same frame are ignored), which keeps the
    /// nearest-position matching cheap per frame: as many as a window tracks.
    static let maximumProtocolAContactsPerFrame = GestureConstants.maximumTouchesDown

    /// Decodes `events` for `device`. Returns no samples when the device lacks
    /// the position axes its protocol needs, or their range is empty.
    static func decode(events: [EvemuEvent], device: EvemuDevice) -> [EvemuDecodedSample] {
        guard var stream = EvemuTouchStream(device: device) else { return [] }
        for event in events { stream.feed(event) }
        stream.finish()
        return stream.takeSamples()
    }
}

/// The touch decoder fed one event at a time, from whichever source reads
/// them: an evemu text recording (all at once) or an evdev file descriptor
/// (as records arrive). Samples appear when a frame ends (`SYN_REPORT`).
///
/// Frame splitting and `SYN_DROPPED` handling are common to all protocols;
/// the rules are `EvemuTouchDecoder`'s. Times are seconds since the first
/// event fed.
package struct EvemuTouchStream {
    private var decoder: any FrameDecoder
    private var origin: EvemuEvent?
    private var dropping = false
    private var frameHasEvents = false
    private var lastTime = 0.0
    private var finished = false

    /// A stream for `device`; nil when the device lacks the position axes its
    /// protocol needs, or their range is empty.
    package init?(device: EvemuDevice) {
        let codes = device.positionAxisCodes
        guard let xAxis = device.axes[codes.x], let yAxis = device.axes[codes.y],
              xAxis.maximum > xAxis.minimum, yAxis.maximum > yAxis.minimum
        else { return nil }
        switch device.touchProtocol {
        case .multitouchB:
            decoder = SlotDecoder(mode: .multitouchB, slots: device.slotRange)
        case .singleTouch:
            decoder = SlotDecoder(mode: .singleTouch, slots: 0..<1)
        case .multitouchA:
            let width = Double(xAxis.maximum) - Double(xAxis.minimum)
            let height = Double(yAxis.maximum) - Double(yAxis.minimum)
            let diagonal = (width * width + height * height).squareRoot()
            decoder = AnonymousDecoder(maximumDistance: diagonal / 4)
        }
    }

    /// Decodes one event; a `SYN_REPORT` makes the frame's samples available.
    /// Events after `finish()` are ignored.
    package mutating func feed(_ event: EvemuEvent) {
        guard !finished else { return }
        let origin = self.origin ?? event
        self.origin = origin
        let time = event.seconds(since: origin)
        lastTime = time
        let isSyn = event.type == EvemuCode.evSyn
        if dropping {
            if isSyn && event.code == EvemuCode.synReport { dropping = false }
            return
        }
        if isSyn && event.code == EvemuCode.synDropped {
            dropping = true
            frameHasEvents = false
            decoder.dropFrame()
        } else if isSyn && event.code == EvemuCode.synReport {
            decoder.endFrame(time: time)
            frameHasEvents = false
        } else {
            decoder.handle(event)
            frameHasEvents = true
        }
    }

    /// Ends the input: events after the last `SYN_REPORT` make a final frame,
    /// and contacts still down end at the time of the last event.
    package mutating func finish() {
        guard !finished else { return }
        finished = true
        guard origin != nil else { return }
        if frameHasEvents && !dropping { decoder.endFrame(time: lastTime) }
        decoder.finish(time: lastTime)
    }

    /// Ends the input because it failed mid-stream (a truncated record, a
    /// device gone, a bad event): the frame in progress is dropped, and the
    /// contacts still down are cancelled at the time of the last event, so
    /// that a fault never lifts a finger where it could select something.
    package mutating func cancel() {
        guard !finished else { return }
        finished = true
        guard origin != nil else { return }
        decoder.cancel(time: lastTime)
    }

    /// The samples decoded since the last call, oldest first.
    package mutating func takeSamples() -> [EvemuDecodedSample] {
        let samples = decoder.samples
        decoder.samples.removeAll(keepingCapacity: true)
        return samples
    }
}

private protocol FrameDecoder {
    var samples: [EvemuDecodedSample] { get set }
    mutating func handle(_ event: EvemuEvent)
    mutating func endFrame(time: Double)
    mutating func dropFrame()
    mutating func finish(time: Double)
    mutating func cancel(time: Double)
}

/// Protocol B (slots with tracking ids), and single-touch as a device with a
/// single slot whose contact is started by `BTN_TOUCH` 1 and ended by 0.
private struct SlotDecoder: FrameDecoder {
    enum Mode { case multitouchB, singleTouch }

    struct Contact {
        var trackingID: Int
        /// Assigned when `.began` is emitted.
        var index: Int?
        var lastX = 0
        var lastY = 0
        /// Began while `maximumTouchesDown` others were down: nothing after its `.began` is emitted.
        var isRefused = false
    }

    struct Slot {
        var x: Int?
        var y: Int?
        var contact: Contact?
    }

    struct Ending {
        var index: Int?
        var x: Int?
        var y: Int?
        var lastX: Int
        var lastY: Int
        var isRefused: Bool

        init(_ contact: Contact, slot: Slot) {
            index = contact.index
            x = slot.x
            y = slot.y
            lastX = contact.lastX
            lastY = contact.lastY
            isRefused = contact.isRefused
        }
    }

    let mode: Mode
    /// The slot numbers the device has; others are ignored.
    let slotRange: Range<Int>?
    var samples: [EvemuDecodedSample] = []
    /// Looked up by slot number: no event scans the contacts.
    private var slots: [Int: Slot] = [:]
    private var currentSlot = 0
    private var nextIndex = 0
    /// Contacts whose `.began` was emitted and taken, not yet ended.
    private var contactsDown = 0
    /// Slots changed in the current frame, in the order they were first changed.
    private var touchedSlots: [Int] = []
    private var touchedSet: Set<Int> = []
    private var endings: [Ending] = []

    init(mode: Mode, slots: Range<Int>?) {
        self.mode = mode
        slotRange = slots
    }

    mutating func handle(_ event: EvemuEvent) {
        switch (mode, event.type, event.code) {
        case (.multitouchB, EvemuCode.evAbs, EvemuCode.absMTSlot):
            if slotRange?.contains(event.value) != false { currentSlot = event.value }
        case (.multitouchB, EvemuCode.evAbs, EvemuCode.absMTTrackingID):
            if event.value >= 0 { start(trackingID: event.value) } else { end() }
        case (.multitouchB, EvemuCode.evAbs, EvemuCode.absMTPositionX),
             (.singleTouch, EvemuCode.evAbs, EvemuCode.absX):
            slots[currentSlot, default: Slot()].x = event.value
            touch(currentSlot)
        case (.multitouchB, EvemuCode.evAbs, EvemuCode.absMTPositionY),
             (.singleTouch, EvemuCode.evAbs, EvemuCode.absY):
            slots[currentSlot, default: Slot()].y = event.value
            touch(currentSlot)
        case (.singleTouch, EvemuCode.evKey, EvemuCode.btnTouch):
            if event.value != 0 { start(trackingID: 0) } else { end() }
        default:
            break
        }
    }

    private mutating func touch(_ slot: Int) {
        if touchedSet.insert(slot).inserted { touchedSlots.append(slot) }
    }

    private mutating func start(trackingID: Int) {
        var slot = slots[currentSlot, default: Slot()]
        if let live = slot.contact {
            if live.trackingID == trackingID { return }  // same contact, nothing new
            endings.append(Ending(live, slot: slot))
        }
        slot.contact = Contact(trackingID: trackingID)
        slots[currentSlot] = slot
        touch(currentSlot)
    }

    private mutating func end() {
        guard var slot = slots[currentSlot], let live = slot.contact else { return }
        endings.append(Ending(live, slot: slot))
        slot.contact = nil
        slots[currentSlot] = slot
    }

    private mutating func emit(_ index: Int, _ phase: TouchPhase, _ x: Int, _ y: Int, _ time: Double) {
        samples.append(EvemuDecodedSample(contact: index, phase: phase, x: x, y: y, time: time))
    }

    mutating func endFrame(time: Double) {
        for ending in endings {
            if ending.index != nil, !ending.isRefused { contactsDown -= 1 }
            guard let x = ending.x, let y = ending.y, !ending.isRefused else { continue }
            if let index = ending.index {
                emit(index, .ended, x, y, time)
            } else {
                // Began and ended within this frame.
                let index = nextIndex
                nextIndex += 1
                emit(index, .began, x, y, time)
                if contactsDown < GestureConstants.maximumTouchesDown { emit(index, .ended, x, y, time) }
            }
        }
        endings.removeAll(keepingCapacity: true)

        for slotNumber in touchedSlots {
            guard var slot = slots[slotNumber], var contact = slot.contact,
                  let x = slot.x, let y = slot.y else { continue }
            if let index = contact.index {
                if x != contact.lastX || y != contact.lastY, !contact.isRefused {
                    emit(index, .moved, x, y, time)
                }
            } else {
                contact.index = nextIndex
                emit(nextIndex, .began, x, y, time)
                nextIndex += 1
                if contactsDown < GestureConstants.maximumTouchesDown {
                    contactsDown += 1
                } else {
                    contact.isRefused = true
                }
            }
            contact.lastX = x
            contact.lastY = y
            slot.contact = contact
            slots[slotNumber] = slot
        }
        touchedSlots.removeAll(keepingCapacity: true)
        touchedSet.removeAll(keepingCapacity: true)
    }

    /// Slot values persist across a drop (kernel semantics); only the
    /// bookkeeping of what to emit restarts with the next frame.
    mutating func dropFrame() {}

    mutating func finish(time: Double) {
        endContacts(.ended, time: time)
    }

    mutating func cancel(time: Double) {
        endContacts(.cancelled, time: time)
    }

    /// Ends every contact still down (in the order they began) with `phase`, at its last position.
    private mutating func endContacts(_ phase: TouchPhase, time: Double) {
        var live: [(index: Int, x: Int, y: Int)] = []
        // Endings left pending by a frame that was dropped, cut or never closed.
        for ending in endings where !ending.isRefused {
            if let index = ending.index { live.append((index, ending.lastX, ending.lastY)) }
        }
        endings.removeAll()
        for slot in slots.values {
            if let contact = slot.contact, let index = contact.index, !contact.isRefused {
                live.append((index, contact.lastX, contact.lastY))
            }
        }
        slots.removeAll()
        contactsDown = 0
        live.sort { $0.index < $1.index }
        for contact in live { emit(contact.index, phase, contact.x, contact.y, time) }
    }
}

/// Protocol A: anonymous contacts, each terminated by `SYN_MT_REPORT`,
/// matched between frames by nearest position.
private struct AnonymousDecoder: FrameDecoder {
    struct Contact {
        var index: Int
        var x: Int
        var y: Int
    }

    let maximumDistance: Double
    var samples: [EvemuDecodedSample] = []
    private var previous: [Contact] = []
    private var packetX: Int?
    private var packetY: Int?
    private var frame: [(x: Int, y: Int)] = []
    private var nextIndex = 0

    init(maximumDistance: Double) { self.maximumDistance = maximumDistance }

    mutating func handle(_ event: EvemuEvent) {
        switch (event.type, event.code) {
        case (EvemuCode.evAbs, EvemuCode.absMTPositionX): packetX = event.value
        case (EvemuCode.evAbs, EvemuCode.absMTPositionY): packetY = event.value
        case (EvemuCode.evSyn, EvemuCode.synMTReport): closePacket()
        default: break
        }
    }

    /// A packet without both coordinates (e.g. the empty `SYN_MT_REPORT`
    /// some drivers send for "no contacts") contributes nothing.
    private mutating func closePacket() {
        if let x = packetX, let y = packetY,
           frame.count < EvemuTouchDecoder.maximumProtocolAContactsPerFrame {
            frame.append((x, y))
        }
        packetX = nil
        packetY = nil
    }

    mutating func dropFrame() {
        packetX = nil
        packetY = nil
        frame.removeAll(keepingCapacity: true)
    }

    mutating func endFrame(time: Double) {
        closePacket()  // lenient: a last packet missing its SYN_MT_REPORT

        // Greedy matching on the smallest distance first.
        var pairs: [(distance: Double, old: Int, new: Int)] = []
        for (oldIndex, old) in previous.enumerated() {
            for (newIndex, new) in frame.enumerated() {
                let dx = Double(new.x) - Double(old.x)
                let dy = Double(new.y) - Double(old.y)
                let distance = (dx * dx + dy * dy).squareRoot()
                if distance <= maximumDistance { pairs.append((distance, oldIndex, newIndex)) }
            }
        }
        pairs.sort { ($0.distance, $0.old, $0.new) < ($1.distance, $1.old, $1.new) }
        var oldMatch = [Int?](repeating: nil, count: previous.count)
        var newMatch = [Int?](repeating: nil, count: frame.count)
        for pair in pairs where oldMatch[pair.old] == nil && newMatch[pair.new] == nil {
            oldMatch[pair.old] = pair.new
            newMatch[pair.new] = pair.old
        }

        for (oldIndex, old) in previous.enumerated() where oldMatch[oldIndex] == nil {
            samples.append(EvemuDecodedSample(contact: old.index, phase: .ended, x: old.x, y: old.y, time: time))
        }
        var current: [Contact] = []
        current.reserveCapacity(frame.count)
        for (newIndex, new) in frame.enumerated() {
            if let oldIndex = newMatch[newIndex] {
                let old = previous[oldIndex]
                if old.x != new.x || old.y != new.y {
                    samples.append(EvemuDecodedSample(contact: old.index, phase: .moved, x: new.x, y: new.y, time: time))
                }
                current.append(Contact(index: old.index, x: new.x, y: new.y))
            } else {
                samples.append(EvemuDecodedSample(contact: nextIndex, phase: .began, x: new.x, y: new.y, time: time))
                current.append(Contact(index: nextIndex, x: new.x, y: new.y))
                nextIndex += 1
            }
        }
        previous = current
        frame.removeAll(keepingCapacity: true)
    }

    mutating func finish(time: Double) {
        for contact in previous {
            samples.append(EvemuDecodedSample(contact: contact.index, phase: .ended, x: contact.x, y: contact.y, time: time))
        }
        previous = []
    }

    mutating func cancel(time: Double) {
        dropFrame()
        for contact in previous {
            samples.append(EvemuDecodedSample(contact: contact.index, phase: .cancelled, x: contact.x, y: contact.y, time: time))
        }
        previous = []
    }
}
