import InteractionKitAccessibility
import InteractionKitDBus
import InteractionKitLinux

/// Runs arbitrary bytes through the AT-SPI export as hostile bus input would
/// arrive, and checks what must hold whatever the input: nothing traps,
/// every reply and event can be sent (it marshals within the size limit),
/// an unknown path is never answered with success, the precheck refuses
/// calls only with errors, every call it lets a peer other than the
/// registry through has a body of a few basic values (so decoding one
/// costs at most its strings' size), the path table stays bounded, and
/// the focus reads true: at most one object is FOCUSED, none while the
/// window is not key, each `focused` event agrees with the state its
/// object reports, and a `GrabFocus` answered true left the focus there.
///
/// The input is used twice. First as a wire stream: every message the
/// framer cuts (truncated, oversized, wrong signatures, deep nesting) goes
/// through the bridge's precheck, is decoded if that lets it through, and
/// goes to the dispatcher, as the connection does. Then as instructions,
/// four bytes each: a method call built from tables of paths (known ones,
/// and ones taken from earlier replies or made of the bytes), interfaces,
/// members and argument lists (Value's settable CurrentValue with hostile
/// numbers, Selection's indices, byte arrays and arrays of variants near
/// the size limit and past it), sent the same way from the registry or from
/// another peer, or a change of the scene (tabs replaced, renamed,
/// disabled, hidden, hidden from accessibility; buttons removed; a modal
/// view; a slider's value; clipping; the screen origin; the window made key
/// or resigning; keys that move the focus and activate) whose events are
/// checked too.
///
/// The libFuzzer entry (`Fuzz/FuzzAtspi.swift`, built by
/// `scripts/fuzz-atspi.sh`) traps on a violation; the tests run it on the seeds.
@MainActor
enum AtspiFuzzHarness {
    /// The largest message the harness decodes.
    static let maximumMessageSize = 64 * 1024
    /// The most instructions one input runs.
    static let maximumInstructions = 128
    /// The most calls with bodies near the size limit one input sends.
    static let maximumLargeCalls = 2
    /// The registry's unique name in the harness; other calls come from `peerName`.
    static let registryName = ":1.3"
    /// The name of the peers that are not the registry.
    static let peerName = ":1.2"

    /// Checks `bytes`; returns the broken invariants (empty when all hold).
    static func run(_ bytes: [UInt8]) -> [String] {
        let run = Run()
        run.wire(bytes)
        run.instructions(bytes)
        return run.violations
    }

    /// Seeds: a few valid calls on the wire, and instruction streams that walk the tree and click.
    static func seeds() -> [[UInt8]] {
        var seeds: [[UInt8]] = []
        let calls: [DBusMessage] = [
            .methodCall(path: AtspiObjectTree.rootPath, interface: AtspiInterface.accessible, member: "GetChildren",
                        destination: ":1.1"),
            .methodCall(path: AtspiObjectTree.rootPath, interface: AtspiInterface.properties, member: "Get",
                        destination: ":1.1", body: [.string(AtspiInterface.application), .string("ToolkitName")]),
            .methodCall(path: AtspiObjectTree.rootPath, interface: AtspiInterface.properties, member: "Set",
                        destination: ":1.1",
                        body: [.string(AtspiInterface.application), .string("Id"), .variant(.int32(3))]),
            .methodCall(path: AtspiObjectTree.rootPath, interface: AtspiInterface.accessible, member: "GetChildren",
                        destination: ":1.1", body: [.byteArray(Array(repeating: 1, count: 1000))]),
            .methodCall(path: AtspiObjectTree.path(number: 3), interface: AtspiInterface.action, member: "DoAction",
                        destination: ":1.1", body: [.int32(0)]),
            .methodCall(path: AtspiExport.cachePath, interface: AtspiInterface.cache, member: "GetItems", destination: ":1.1"),
        ]
        for byteOrder in DBusByteOrder.allCases {
            var stream: [UInt8] = []
            for (index, call) in calls.enumerated() {
                var numbered = call
                numbered.serial = UInt32(index + 1)
                numbered.sender = index == 2 ? registryName : peerName
                guard let bytes = try? numbered.encoded(byteOrder: byteOrder) else { continue }
                seeds.append(bytes)
                stream += bytes
            }
            seeds.append(stream)
        }
        // Walk: children of the root, then of what came back, roles, states, extents, a click, a change.
        seeds.append([0, 0, 0, 0, 2, 0, 1, 0, 3, 0, 1, 0, 4, 0, 1, 0, 5, 0, 2, 1, 6, 1, 11, 2, 7, 2, 22, 1, 255, 1, 0, 0])
        seeds.append([1, 3, 5, 7, 2, 1, 12, 9, 3, 3, 18, 12, 255, 4, 1, 0, 4, 0, 0, 0, 255, 0, 2, 0, 5, 0, 1, 0])
        // Walk, then Value's CurrentValue set with hostile numbers, Selection calls, modal, hidden, clipping, origin.
        seeds.append([0, 0, 0, 0, 2, 0, 0, 16, 3, 0, 0, 32, 4, 0, 0, 48, 5, 0, 0, 64, 1, 4, 28, 15, 2, 4, 28, 34,
                      3, 4, 28, 53, 4, 4, 26, 16, 5, 4, 27, 17, 1, 9, 35, 1, 2, 9, 34, 1, 3, 9, 39, 0,
                      255, 8, 2, 0, 255, 9, 1, 0, 255, 10, 5, 0, 255, 11, 0, 0, 255, 12, 1, 0, 255, 13, 0, 0,
                      4, 1, 9, 3, 5, 1, 16, 3])
        // Focus: the window made key, Tab, arrows, Space, GrabFocus on what the walk found, a tab disabled, resigning.
        seeds.append([0, 0, 0, 0, 2, 0, 0, 16, 3, 0, 0, 32, 255, 14, 0, 0, 255, 15, 0, 0, 255, 15, 3, 0,
                      2, 1, 19, 40, 3, 1, 19, 60, 4, 1, 19, 80, 255, 15, 6, 0, 255, 2, 1, 0, 255, 16, 3, 0,
                      2, 0, 7, 0, 3, 0, 7, 20, 255, 14, 0, 0, 255, 15, 1, 0])
        return seeds
    }

    static var interfaces: [String?] {
        [
        AtspiInterface.accessible, AtspiInterface.component, AtspiInterface.action, AtspiInterface.application,
        AtspiInterface.properties, AtspiInterface.cache, nil, "org.example.Nothing", AtspiInterface.value,
        AtspiInterface.selection, AtspiInterface.text, AtspiInterface.editableText,
        ]
    }

    static var members: [String] {
        [
        "GetChildren", "GetChildAtIndex", "GetIndexInParent", "GetRelationSet", "GetRole", "GetRoleName",
        "GetLocalizedRoleName", "GetState", "GetAttributes", "GetApplication", "GetInterfaces", "GetExtents",
        "GetPosition", "GetSize", "Contains", "GetAccessibleAtPoint", "GetLayer", "GetMDIZOrder", "GetAlpha", "GrabFocus",
        "ScrollTo", "DoAction", "GetName", "GetDescription", "GetActions", "GetKeyBinding", "Get", "GetAll", "Set",
        "GetItems", "GetApplicationBusAddress", "GetLocale", "RegisterEventListener", "Nothing",
        "GetSelectedChild", "SelectChild", "DeselectSelectedChild", "IsChildSelected", "SelectAll", "ClearSelection",
        "DeselectChild",
        "GetLocalizedName", "SetExtents", "SetPosition", "SetSize", "ScrollToPoint", "DeregisterEventListener",
        "GetText", "GetTextAtOffset", "GetTextBeforeOffset", "GetTextAfterOffset", "GetStringAtOffset",
        "GetCharacterAtOffset", "GetCharacterExtents", "GetRangeExtents", "GetOffsetAtPoint", "SetCaretOffset",
        "GetNSelections", "GetSelection", "SetSelection", "AddSelection", "RemoveSelection", "GetAttributeRun",
        "SetTextContents", "InsertText", "DeleteText", "CopyText", "CutText", "PasteText",
        ]
    }

    @MainActor
    final class Run {
        let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let tabBar = TabBar(frame: Rect(x: 0, y: 795, width: 390, height: 49))
        let toolbar: Toolbar
        let chart = View(frame: Rect(x: 10, y: 100, width: 300, height: 200))
        let slider = FuzzSlider(frame: Rect(x: 10, y: 320, width: 300, height: 44))
        let mute = Button(title: "Mute", frame: Rect(x: 10, y: 380, width: 80, height: 44))
        let field = EditableLine("Hello big world", frame: Rect(x: 10, y: 440, width: 300, height: 20))
        let label = Label(text: "Name: Ada", frame: Rect(x: 10, y: 470, width: 300, height: 20))
        let export: AtspiExport
        var violations: [String] = []
        var paths: [DBusObjectPath] = [AtspiObjectTree.rootPath, AtspiExport.cachePath]
        private var serial: UInt32 = 0
        private var largeCalls = 0

        init() {
            tabBar.items = ["Home", "Search", "Profile"].map { TabBarItem(title: $0, image: nil) }
            toolbar = Toolbar(frame: Rect(x: 0, y: 0, width: 390, height: 44),
                              buttons: [Button(title: "Back"), Button(title: "Share")])
            window.addSubview(toolbar)
            window.addSubview(chart)
            window.addSubview(tabBar)
            window.addSubview(slider)
            mute.accessibilityTraits = [.button, .toggleButton]
            window.addSubview(mute)
            window.addSubview(field)
            window.addSubview(label)
            // An element that lists its own container: a cycle the walk must survive
            // (computed, not stored, so that nothing owns itself).
            let first = CyclicElement(accessibilityContainer: chart)
            first.isAccessibilityElement = false
            first.accessibilityFrameInContainerSpace = Rect(x: 0, y: 0, width: 100, height: 100)
            chart.accessibilityElements = [first, toolbar]
            export = AtspiExport(window: window, applicationName: "Fuzz", busName: ":1.1")
            export.registryBusName = AtspiFuzzHarness.registryName
            export.observeWindow { [weak self] events in
                guard let self else { return }
                for signal in events {
                    checkSendable(signal, what: "an event")
                    checkFocusEvent(signal)
                }
            }
        }

        /// A `focused` event agrees with the state its object reports as it is sent (Orca drops those that do not).
        private func checkFocusEvent(_ signal: DBusMessage) {
            guard signal.member == "StateChanged", signal.body.first?.string == AtspiState.focused.name,
                  let path = signal.path else { return }
            guard let object = export.tree.object(at: path) else {
                violations.append("a focused event from \(path.text), which is not in the tree")
                return
            }
            let focused = export.states(of: object).contains(.focused)
            if focused != (signal.body.count > 1 && signal.body[1].int32 == 1) {
                violations.append("focused \(signal.body.count > 1 ? signal.body[1].int32 ?? -1 : -1) from \(path.text), "
                    + "which is \(focused ? "" : "not ")focused")
            }
        }

        /// At most one object of the tree is FOCUSED, none while the window is not key, and it is FOCUSABLE.
        func checkFocusStates() {
            var focused: [String] = []
            var stack: [any AccessibilityNode] = [window]
            var visited: Set<ObjectIdentifier> = []
            while let node = stack.popLast(), visited.count < 4096 {
                guard visited.insert(ObjectIdentifier(node)).inserted else { continue }
                let states = export.states(of: .node(node))
                if states.contains(.focused) {
                    focused.append(export.tree.path(of: node).text)
                    if !states.contains(.focusable) { violations.append("\(export.tree.path(of: node).text) is focused, not focusable") }
                }
                stack += export.tree.children(of: node)
            }
            if focused.count > 1 { violations.append("\(focused.count) objects are focused: \(focused)") }
            if !window.isKeyWindow, !focused.isEmpty { violations.append("\(focused) focused in a window that is not key") }
        }

        func wire(_ bytes: [UInt8]) {
            var framer = DBusMessageFramer(maximumMessageSize: AtspiFuzzHarness.maximumMessageSize)
            framer.append(bytes)
            var count = 0
            while count < AtspiFuzzHarness.maximumInstructions, let frame = try? framer.nextFrame() {
                count += 1
                guard receive(frame) else { return }
            }
        }

        /// What the connection does with a frame: an oversized one is never
        /// decoded; a call goes through the precheck, then is decoded and
        /// dispatched. False when the body does not decode (the connection
        /// would close).
        private func receive(_ frame: DBusFrame) -> Bool {
            if frame.isOversized {
                if frame.size <= frame.limit { violations.append("a frame of \(frame.size) bytes is oversized") }
                return true
            }
            var header = frame.header
            header.sender = header.sender ?? AtspiFuzzHarness.peerName
            if header.kind == .methodCall,
               let outcome = AtspiBridge.precheck(header, signature: frame.bodySignature, size: frame.size, export: export) {
                if case .reply = outcome { violations.append("the precheck answered \(header.member ?? "?") with success") }
                return true
            }
            if header.kind == .methodCall, frame.size > AtspiBridge.maximumCallSize {
                violations.append("a call of \(frame.size) bytes passed the precheck")
            }
            guard let message = try? frame.message() else { return false }
            var call = message
            call.sender = header.sender
            checkDecodingCost(call)
            dispatch(call)
            return true
        }

        /// A call from a peer other than the registry that passed the precheck
        /// holds a few basic values: decoding it cost at most its strings' size
        /// (and the precheck's size cap bounds that).
        private func checkDecodingCost(_ call: DBusMessage) {
            if call.kind == .methodCall, call.sender != AtspiFuzzHarness.registryName,
               !call.body.allSatisfy(Self.isBasic) {
                violations.append("\(call.member ?? "?") from a peer passed the precheck with \(call.signatureText)")
            }
        }

        private static func isBasic(_ value: DBusValue) -> Bool {
            switch value {
            case .array, .byteArray, .structure, .variant, .dictEntry: false
            default: true
            }
        }

        /// Sends `call` as a peer would: marshalled, framed, prechecked, decoded, dispatched.
        private func send(_ call: DBusMessage) {
            serial &+= 1
            var numbered = call
            numbered.serial = serial == 0 ? 1 : serial
            guard let bytes = try? numbered.encoded(maximumSize: 2 * AtspiFuzzHarness.maximumMessageSize) else { return }
            var framer = DBusMessageFramer(maximumMessageSize: AtspiFuzzHarness.maximumMessageSize)
            framer.append(bytes)
            guard let frame = try? framer.nextFrame() else {
                violations.append("a call of \(bytes.count) bytes was not framed")
                return
            }
            if frame.isOversized != (bytes.count > AtspiFuzzHarness.maximumMessageSize) {
                violations.append("a call of \(bytes.count) bytes was framed as \(frame.isOversized ? "" : "not ")oversized")
            }
            _ = receive(frame)
        }

        func instructions(_ bytes: [UInt8]) {
            var index = 0
            var count = 0
            while index + 4 <= bytes.count && count < AtspiFuzzHarness.maximumInstructions {
                let a = bytes[index], b = bytes[index + 1], c = bytes[index + 2], d = bytes[index + 3]
                index += 4
                count += 1
                if a == 255 {
                    change(b, c)
                    continue
                }
                let path = self.path(a, d)
                let interface = AtspiFuzzHarness.interfaces[Int(b) % AtspiFuzzHarness.interfaces.count]
                let member = AtspiFuzzHarness.members[Int(c) % AtspiFuzzHarness.members.count]
                var call = DBusMessage.methodCall(path: path, interface: interface, member: member, destination: ":1.1",
                                                  body: arguments(d, c))
                if d & 0x80 != 0 { call.flags.insert(.noReplyExpected) }
                call.sender = b & 0x80 != 0 ? AtspiFuzzHarness.registryName : AtspiFuzzHarness.peerName
                if case .byteArray(let bytes)? = call.body.first, bytes.count > 1024 {
                    // Large: the whole way, marshalled and framed.
                    send(call)
                } else if let signature = try? DBusSignature(call.body.map(\.type)) {
                    // Small: straight to the precheck, as its header and body would come out of the framer.
                    var header = call
                    header.body = []
                    // (Small: the size cap is exercised by the large calls, sent the whole way.)
                    if let outcome = AtspiBridge.precheck(header, signature: signature, size: 0, export: export) {
                        if case .reply = outcome { violations.append("the precheck answered \(member) with success") }
                    } else {
                        checkDecodingCost(call)
                        dispatch(call)
                    }
                }
            }
            if export.tree.pathCount > 4096 {
                violations.append("the path table holds \(export.tree.pathCount) paths")
            }
            checkFocusStates()
        }

        private func path(_ selector: UInt8, _ extra: UInt8) -> DBusObjectPath {
            switch selector % 8 {
            case 6:
                return AtspiObjectTree.path(number: UInt64(extra))
            case 7:
                let texts = ["/", "/org/a11y/atspi/accessible/0", "/org/a11y/atspi/accessible/007",
                             "/org/a11y/atspi/accessible/18446744073709551616", "/org/a11y/atspi/null", "/a/b"]
                return (try? DBusObjectPath(texts[Int(extra) % texts.count])) ?? AtspiObjectTree.rootPath
            default:
                return paths[Int(extra) % paths.count]
            }
        }

        private func arguments(_ selector: UInt8, _ other: UInt8) -> [DBusValue] {
            let number = Int32(Int8(bitPattern: other)) * 37
            switch selector % 24 {
            case 0: return []
            case 1: return [.int32(0)]
            case 2: return [.int32(number)]
            case 3: return [.uint32(UInt32(selector % 4))]
            case 4: return [.int32(number), .int32(number &* 13), .uint32(UInt32(other % 4))]
            case 5: return [.string(AtspiInterface.accessible), .string(["Name", "Parent", "ChildCount", "Nope"][Int(other) % 4])]
            case 6: return [.string(AtspiInterface.application), .string("Id"), .variant(.int32(number))]
            case 7: return [.string(AtspiInterface.application), .string("Id"), .variant(.string("x"))]
            case 8: return [.string([AtspiInterface.action, AtspiInterface.application, "x"][Int(other) % 3])]
            case 9: return [.double(.nan), .int32(.min)]
            case 10:
                var value = DBusValue.int32(1)
                for _ in 0..<Int(other % 40) { value = .variant(value) }
                return [value]
            case 11: return [.int32(.max), .int32(.min), .uint32(1)]
            case 12: return [.array(of: .string, [.string("")])]
            case 13: return [.structure([.string(""), .objectPath(AtspiObjectTree.rootPath)])]
            case 14: return [.string(""), .string(""), .variant(.variant(.int32(1)))]
            case 15:
                let numbers: [DBusValue] = [.double(.nan), .double(.infinity), .double(-.infinity), .double(1e308),
                                            .double(-0.0), .double(Double(number)), .int32(.min), .uint64(.max),
                                            .string("loud"), .boolean(true)]
                return [.string(AtspiInterface.value), .string("CurrentValue"), .variant(numbers[Int(other) % numbers.count])]
            case 16: return [.string([AtspiInterface.value, AtspiInterface.selection][Int(other) % 2])]
            case 17:
                let names = ["CurrentValue", "MinimumValue", "Text", "NSelectedChildren", "Nope"]
                return [.string([AtspiInterface.value, AtspiInterface.selection][Int(other) % 2]),
                        .string(names[Int(other) % names.count])]
            // The Text and EditableText shapes: offsets, boundary types, inserted text.
            case 18: return [.int32(number), .int32(number &* 3)]
            case 19: return [.int32(number), .uint32(UInt32(other % 9))]
            case 20: return [.int32(number), .string(String(repeating: "é ", count: Int(other % 16))), .int32(number % 7)]
            case 21: return [.int32(Int32(other % 3)), .int32(number), .int32(number &* 5)]
            default:
                // A byte array near the size limit or past it (a few per input: they
                // cost the harness their size), else an array of variants, costly to decode.
                if other % 2 == 0, largeCalls < AtspiFuzzHarness.maximumLargeCalls {
                    largeCalls += 1
                    let size = AtspiFuzzHarness.maximumMessageSize - 256 + Int(other)
                    return [.byteArray(Array(repeating: other, count: size))]
                }
                return [.array(of: .variant, Array(repeating: .variant(.byte(other)), count: Int(other)))]
            }
        }

        private func change(_ what: UInt8, _ detail: UInt8) {
            defer { checkFocusStates() }
            let items = tabBar.items ?? []
            switch what % 17 {
            case 0:
                tabBar.items = (0..<Int(detail % 6)).map { TabBarItem(title: "tab \($0)", image: nil) }
            case 1:
                if !items.isEmpty { items[Int(detail) % items.count].title = detail % 2 == 0 ? nil : "renamed \(detail)" }
            case 2:
                if !items.isEmpty { items[Int(detail) % items.count].isEnabled.toggle() }
            case 3:
                tabBar.isHidden.toggle()
            case 4:
                if !items.isEmpty { tabBar.selectedItem = items[Int(detail) % items.count] }
            case 5:
                toolbar.buttons.first?.removeFromSuperview()
            case 6:
                toolbar.buttons = toolbar.buttons + [Button(title: "b\(detail)")]
            case 7:
                chart.accessibilityLabel = "chart \(detail)"
            case 8:
                [chart, toolbar, slider, tabBar][Int(detail) % 4].accessibilityViewIsModal.toggle()
            case 9:
                [chart, toolbar, slider, tabBar][Int(detail) % 4].accessibilityElementsHidden.toggle()
            case 10:
                slider.volume = Double(Int8(bitPattern: detail)) * 3
            case 11:
                [chart, toolbar, tabBar][Int(detail) % 3].clipsToBounds.toggle()
            case 12:
                let origins = [Point(x: 100, y: 50), Point(x: .nan, y: 0), Point(x: .infinity, y: -.infinity), .zero]
                window.screenOrigin = origins[Int(detail) % origins.count]
            case 13:
                mute.isSelected.toggle()
            case 14:
                if window.isKeyWindow { window.resignKey() } else { window.makeKey() }
            case 15:
                let keys: [(KeyboardHIDUsage, KeyModifierFlags, String)] = [
                    (.keyboardTab, [], ""), (.keyboardTab, .shift, ""), (.keyboardLeftArrow, [], ""),
                    (.keyboardRightArrow, [], ""), (.keyboardUpArrow, [], ""), (.keyboardDownArrow, [], ""),
                    (.keyboardSpacebar, [], " "), (.keyboardReturnOrEnter, [], "\r"), (.keyboardHome, [], ""),
                    (.keyboardEnd, [], ""),
                ]
                let (code, flags, characters) = keys[Int(detail) % keys.count]
                let key = Key(keyCode: code, characters: characters, charactersIgnoringModifiers: characters, modifierFlags: flags)
                let time = window.currentTime + 0.01
                window.send(KeyInput(key: key, phase: .began, timestamp: time))
                window.send(KeyInput(key: key, phase: .ended, timestamp: time))
            default:
                let candidates: [(any FocusItem)?] = [nil, mute, slider, toolbar.buttons.first] + items.map { $0 }
                window.moveFocus(to: candidates[Int(detail) % candidates.count])
            }
        }

        private func dispatch(_ message: DBusMessage) {
            serial &+= 1
            var call = message
            call.serial = serial == 0 ? 1 : serial
            call.sender = call.sender ?? AtspiFuzzHarness.peerName
            let known = call.path.map { export.tree.object(at: $0) != nil || $0 == AtspiExport.cachePath } ?? false
            let reply = export.replyMessage(to: call)
            if call.kind == .methodCall && !call.flags.contains(.noReplyExpected) && reply == nil {
                violations.append("no reply to \(call.member ?? "?")")
            }
            guard let reply else { return }
            if call.member == "GrabFocus", reply.body == [.boolean(true)], let path = call.path,
               case .node(let node)? = export.tree.object(at: path),
               export.focusItem(of: node).map({ window.focusedItem !== $0 }) ?? true {
                violations.append("GrabFocus at \(path.text) answered true, but the focus is elsewhere")
            }
            if !known, reply.kind == .methodReturn {
                violations.append("\(call.member ?? "?") at unknown \(call.path?.text ?? "no path") succeeded")
            }
            checkSendable(reply, what: "the reply to \(call.member ?? "?")")
            for value in reply.body { harvest(value, depth: 0) }
        }

        private func checkSendable(_ message: DBusMessage, what: String) {
            // The connection numbers what it sends.
            var numbered = message
            numbered.serial = 1
            do {
                _ = try numbered.encoded(byteOrder: .littleEndian, maximumSize: DBusLimits.defaultMaximumMessageSize)
            } catch {
                violations.append("\(what) cannot be sent: \(error)")
            }
        }

        private func harvest(_ value: DBusValue, depth: Int) {
            guard depth < 4, paths.count < 256 else { return }
            switch value {
            case .objectPath(let path):
                if !paths.contains(path) { paths.append(path) }
            case .structure(let fields):
                for field in fields { harvest(field, depth: depth + 1) }
            case .array(_, let elements):
                for element in elements.prefix(64) { harvest(element, depth: depth + 1) }
            case .variant(let content):
                harvest(content, depth: depth + 1)
            default:
                break
            }
        }
    }
}

/// An adjustable view that takes whatever number it is given, NaN included.
@MainActor
final class FuzzSlider: View {
    var volume = 0.0 {
        didSet { accessibilityNumericValue = AccessibilityNumericValue(current: volume, minimum: -100, maximum: 100, step: 7) }
    }

    override init(frame: Rect) {
        super.init(frame: frame)
        isAccessibilityElement = true
        accessibilityTraits = .adjustable
        accessibilityNumericValue = AccessibilityNumericValue(current: 0, minimum: -100, maximum: 100, step: 7)
    }

    override func accessibilitySetNumericValue(_ value: Double) -> Bool {
        volume = value
        return true
    }
}

/// An element whose children are its container and itself.
@MainActor
final class CyclicElement: AccessibilityElement {
    override var accessibilityElements: [any AccessibilityNode]? {
        guard let container = accessibilityContainer else { return nil }
        return [container, self]
    }
}

/// An editable line as a toolkit would write one over the text model: its
/// buffer, a monospace layout, and the notifications a text field posts.
/// (Here, beside the harness, so that the fuzzer's build has it too.)
@MainActor
final class EditableLine: View, AccessibilityTextContent {
    var buffer: TextEditingBuffer
    var isSecure = false
    var refusesEdits = false
    var placeholder: String?
    let layout = MonospaceTextLayout(characterWidth: 10, lineHeight: 20)

    init(_ text: String, frame: Rect) {
        buffer = TextEditingBuffer(text)
        super.init(frame: frame)
        isAccessibilityElement = true
        accessibilityLabel = "Search"
    }

    var shownText: String { isSecure ? String(repeating: "•", count: buffer.text.count) : buffer.text }

    var accessibilityTextBuffer: TextEditingBuffer {
        guard isSecure else { return buffer }
        var bullets = TextEditingBuffer(shownText)
        bullets.select(anchor: buffer.selection.anchor, caret: buffer.selection.caret)
        return bullets
    }
    var accessibilityTextIsEditable: Bool { true }
    var accessibilityTextIsSecure: Bool { isSecure }
    var accessibilityPlaceholderText: String? { placeholder }

    func accessibilityTextRects(for range: Range<Int>) -> [Rect] {
        let local = range.isEmpty ? [layout.caretRect(forOffset: range.lowerBound, in: shownText)]
            : layout.rects(for: range, in: shownText)
        return local.map { convert($0, to: nil) }
    }

    func accessibilityTextOffset(closestTo point: Point) -> Int {
        layout.offset(closestTo: convert(point, from: nil), in: shownText)
    }

    func accessibilitySelectText(anchor: Int, caret: Int) -> Bool {
        let change = buffer.select(anchor: anchor, caret: caret)
        if change.selectionDidChange { accessibilityDidChange(.textSelection) }
        return true
    }

    func accessibilityReplaceText(in range: Range<Int>, with text: String) -> Bool {
        guard !refusesEdits else { return false }
        let change = buffer.replace(range, with: text)
        if let replacement = change.replacement { accessibilityTextDidChange(replacement) }
        return true
    }
}
