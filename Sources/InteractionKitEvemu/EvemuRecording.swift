import InteractionKitCore

/// An evemu touchscreen recording: the device description plus its events.
///
/// Parsing validates everything up front and throws an ``EvemuError`` with
/// the file, line and column of the first problem. Decoding into touches
/// (``touchInputs(windowSize:startTime:firstTouchID:)``, ``contacts()``)
/// never fails.
///
/// Description handling:
/// - The events file may carry its own description (`N:`, `I:`, `P:`, `B:`,
///   `A:` lines, as evemu-record writes after its `# EVEMU 1.3` header), or
///   the description comes from a separate `.desc` text.
/// - When both are given they are merged: an `A:` line (or `N:` line) in the
///   events file replaces the one for the same axis in the `.desc` text.
/// - A `.desc` text that contains `E:` lines is rejected.
/// - The same axis twice in one file is an error.
///
/// Slots: a protocol B recording whose `ABS_MT_SLOT` events name a slot
/// outside the slot axis's range is refused, at the first such event. The
/// kernel never reports one; a broken or hostile file that gives every
/// contact a new slot number would otherwise be a new finger each time.
///
/// The touch protocol is chosen from the axes: `ABS_MT_SLOT` with
/// `ABS_MT_POSITION_X/Y` → protocol B; `ABS_MT_POSITION_X/Y` without a slot
/// axis → protocol A; otherwise `ABS_X/ABS_Y` → single touch. The position
/// axes in use must have `maximum > minimum`.
public struct EvemuRecording: Sendable {
    /// The device the recording was made on.
    public var device: EvemuDevice
    /// The recorded events, in order.
    public var events: [EvemuEvent]

    /// Creates a recording from a device and its events, already parsed.
    public init(device: EvemuDevice, events: [EvemuEvent]) {
        self.device = device
        self.events = events
    }

    /// Parses a recording; `description` is the separate .desc text when the events file has no A:/N: lines of its own.
    ///
    /// - Parameters:
    ///   - events: The text of the `.events` file.
    ///   - eventsFile: The name used for it in errors.
    ///   - description: The text of a separate `.desc` file, if any.
    ///   - descriptionFile: The name used for it in errors (default `<description>`).
    /// - Throws: ``EvemuError`` for an unknown line prefix, a wrong field
    ///   count, a bad hexadecimal or decimal field, a bad timestamp, a
    ///   timestamp earlier than the previous event, a duplicate axis, `E:`
    ///   lines in the description, no axes at all, no usable position axes, an
    ///   empty position-axis range, a slot outside the `ABS_MT_SLOT` range,
    ///   or a file over 4 MiB / 1,000,000 lines.
    public init(events: String, eventsFile: String, description: String? = nil, descriptionFile: String? = nil) throws(EvemuError) {
        let descriptionName = descriptionFile ?? "<description>"
        var fromDescription = EvemuDescriptionParts()
        var parsedEvents: [EvemuEvent] = []
        if let description {
            var parser = try EvemuParser(text: description, file: descriptionName)
            try parser.parse(allowEvents: false, description: &fromDescription, events: &parsedEvents)
        }
        var fromEvents = EvemuDescriptionParts()
        var parser = try EvemuParser(text: events, file: eventsFile)
        try parser.parse(allowEvents: true, description: &fromEvents, events: &parsedEvents)

        var definitions = fromDescription.axes
        for (code, definition) in fromEvents.axes { definitions[code] = definition }
        guard !definitions.isEmpty else {
            throw EvemuError(
                file: description == nil ? eventsFile : descriptionName, line: 1, column: 1,
                message: "missing device description: no 'A:' axis lines"
                    + (description == nil ? " (pass the .desc file as the description)" : ""))
        }

        let has = { (code: Int) in definitions[code] != nil }
        let touchProtocol: EvemuTouchProtocol
        if has(EvemuCode.absMTPositionX) && has(EvemuCode.absMTPositionY) {
            touchProtocol = has(EvemuCode.absMTSlot) ? .multitouchB : .multitouchA
        } else if has(EvemuCode.absX) && has(EvemuCode.absY) {
            touchProtocol = .singleTouch
        } else {
            let (file, line) = fromEvents.firstAxisLine.map { (eventsFile, $0) }
                ?? (descriptionName, fromDescription.firstAxisLine ?? 1)
            throw EvemuError(
                file: file, line: line, column: 1,
                message: "device has neither ABS_MT_POSITION_X/Y (35/36) nor ABS_X/ABS_Y (00/01) axes, so touches cannot be located")
        }

        var axes: [Int: EvemuAxis] = [:]
        for (code, definition) in definitions { axes[code] = definition.axis }
        let device = EvemuDevice(name: fromEvents.name ?? fromDescription.name ?? "", axes: axes, touchProtocol: touchProtocol)

        let codes = device.positionAxisCodes
        for code in [codes.x, codes.y] {
            guard let definition = definitions[code] else { continue }
            let axis = definition.axis
            if axis.maximum <= axis.minimum {
                throw EvemuError(
                    file: definition.file, line: definition.line, column: definition.maximumColumn,
                    message: "empty range for axis \(EvemuParser.hexString(code)): maximum \(axis.maximum) is not greater than minimum \(axis.minimum)")
            }
        }

        // The kernel never reports a slot outside the device's range: such a
        // recording is broken or hostile (a new finger per slot number).
        if let slots = device.slotRange, let definition = definitions[EvemuCode.absMTSlot],
           let event = parsedEvents.first(where: {
               $0.type == EvemuCode.evAbs && $0.code == EvemuCode.absMTSlot && !slots.contains($0.value)
           }) {
            throw EvemuError(
                file: eventsFile, line: event.line, column: EvemuParser.column(ofField: 3, line: event.line, in: events),
                message: "slot \(event.value) is outside the device's ABS_MT_SLOT range \(definition.axis.minimum)…"
                    + "\(definition.axis.maximum) (\(definition.file):\(definition.line)); the kernel never reports such a slot")
        }

        self.device = device
        self.events = parsedEvents
    }

    /// The touch samples of this recording, scaled to a window and starting at `startTime`.
    ///
    /// - Positions scale from the axis range to the window:
    ///   `x = (v - min) / (max - min) * width` (likewise `y`), clamped to the
    ///   window for values a device reports outside its declared range.
    /// - Timestamps are `startTime` plus the seconds since the first event;
    ///   samples of one frame share the time of its `SYN_REPORT`.
    /// - Touch ids are `firstTouchID + n` for the n-th contact to begin
    ///   (never reused; wrapping on overflow).
    /// - Contacts still down at the end of the recording are reported as
    ///   `.ended` at the time of the last event, so a replay never leaves a
    ///   finger down.
    /// - At most `GestureConstants.maximumTouchesDown` contacts are down at
    ///   once: one that begins while that many are down gives its `.began`
    ///   (the window refuses it) and no other sample.
    /// - Returns an empty list if `device` (a public, mutable property) no
    ///   longer has valid position axes for its protocol.
    public func touchInputs(windowSize: Size, startTime: Double, firstTouchID: Int = 0) -> [TouchInput] {
        guard let scaler = EvemuTouchScaler(device: device, windowSize: windowSize) else { return [] }
        let samples = EvemuTouchDecoder.decode(events: events, device: device)
        return samples.map { scaler.touchInput($0, startTime: startTime, firstTouchID: firstTouchID) }
    }

    /// Number of distinct contacts, and each contact's (begin, end) relative time — handy for tests and transcripts.
    ///
    /// Times are seconds since the first event of the recording; contacts are
    /// in the order they begin, so `contacts()[n].id == n`.
    public func contacts() -> [EvemuContact] {
        var result: [EvemuContact] = []
        for sample in EvemuTouchDecoder.decode(events: events, device: device) {
            switch sample.phase {
            case .began where sample.contact == result.count:
                result.append(EvemuContact(id: sample.contact, start: sample.time, end: sample.time, samples: 1))
            default:
                guard result.indices.contains(sample.contact) else { continue }
                result[sample.contact].samples += 1
                result[sample.contact].end = sample.time
            }
        }
        return result
    }
}

/// Turns decoded samples into touch samples in a window: device units scaled
/// to points, times offset, contacts numbered from a first touch id.
package struct EvemuTouchScaler: Sendable {
    private let xAxis: EvemuAxis
    private let yAxis: EvemuAxis
    private let windowSize: Size

    /// A scaler for `device`'s position axes; nil when it has none for its protocol.
    package init?(device: EvemuDevice, windowSize: Size) {
        let codes = device.positionAxisCodes
        guard let xAxis = device.axes[codes.x], let yAxis = device.axes[codes.y] else { return nil }
        self.xAxis = xAxis
        self.yAxis = yAxis
        self.windowSize = windowSize
    }

    /// The touch sample for `sample`: position scaled and clamped to the
    /// window, time `startTime + sample.time`, id `firstTouchID + contact`.
    package func touchInput(_ sample: EvemuDecodedSample, startTime: Double, firstTouchID: Int) -> TouchInput {
        TouchInput(
            id: firstTouchID &+ sample.contact,
            phase: sample.phase,
            location: Point(
                x: Self.scale(sample.x, axis: xAxis, to: windowSize.width),
                y: Self.scale(sample.y, axis: yAxis, to: windowSize.height)),
            timestamp: startTime + sample.time)
    }

    private static func scale(_ value: Int, axis: EvemuAxis, to length: Double) -> Double {
        let range = Double(axis.maximum) - Double(axis.minimum)
        let scaled = (Double(value) - Double(axis.minimum)) / range * length
        return min(max(scaled, 0), length)
    }
}
