import Foundation
import Glibc
import Testing
import InteractionKitAccessibility
import InteractionKitDBus
import InteractionKitLinux
import InteractionKitTestSupport

/// The bridge on a private bus beside a fake registry: every key the
/// toolkit sends is offered to `NotifyListenersSync` first.
@Suite("Keys go to the screen reader first: NotifyListenersSync from the window's key filter", .serialized)
@MainActor
struct AtspiKeyForwardingTests {
    /// The tab-bar scene with a Save button above, served by a bridge on a
    /// private bus whose registry is `FakeRegistry`.
    @MainActor
    final class Served {
        let scene: TabBarScene
        let save = Button(title: "Save", frame: Rect(x: 20, y: 100, width: 120, height: 44))
        let bridge: AtspiBridge
        let registry: FakeRegistry
        var answers: [AtspiBridge.KeyAnswer] = []

        init(daemon: PrivateBusDaemon, registry: FakeRegistry, clock: (any AtspiBridgeClock)? = nil) throws {
            let scene = TabBarScene(size: .large)
            scene.tabBar.selectedItem = scene.item("Home")
            scene.container.addSubview(save)
            self.scene = scene
            self.registry = registry
            bridge = try AtspiBridge(window: scene.window, applicationName: "Keys", busAddress: daemon.address, timeout: 10,
                                     clock: clock)
            bridge.keyObserver = { [weak self] _, answer in self?.answers.append(answer) }
            scene.window.makeKey()
        }

        var window: Window { scene.window }

        func key(_ code: KeyboardHIDUsage, _ modifiers: KeyModifierFlags = [], characters: String = "") -> Key {
            Key(keyCode: code, characters: characters, charactersIgnoringModifiers: characters, modifierFlags: modifiers)
        }

        func press(_ key: Key, at time: Double) {
            window.send(KeyInput(key: key, phase: .began, timestamp: time))
            window.send(KeyInput(key: key, phase: .ended, timestamp: time + 0.05))
        }

        /// Handles what the bus sent until `condition` holds (20 s at most).
        func pump(until condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let deadline = Date().addingTimeInterval(20)
            while !condition() {
                guard Date() < deadline else {
                    Issue.record("condition not met within 20 seconds", sourceLocation: sourceLocation)
                    return
                }
                var entry = pollfd(fd: bridge.fileDescriptor,
                                   events: Int16(POLLIN) | (bridge.hasPendingOutput ? Int16(POLLOUT) : 0), revents: 0)
                _ = poll(&entry, 1, 20)
                try bridge.handlePending()
            }
        }
    }

    /// Runs `body` with a daemon, a fake registry answering as `behaviour` says, and a served scene; stops them all.
    func withServedScene(_ behaviour: FakeRegistry.Behaviour, _ body: (Served) throws -> Void) throws {
        guard PrivateBusDaemon.isAvailable else {
            EndToEnd.skip("the key-forwarding tests", because: "\(PrivateBusDaemon.executable) is missing (apt-get install dbus)")
            return
        }
        let daemon = try PrivateBusDaemon()
        defer { daemon.stop() }
        let registry = try FakeRegistry(address: daemon.address, behaviour: behaviour)
        defer { registry.stop() }
        let served = try Served(daemon: daemon, registry: registry)
        defer { served.bridge.close() }
        try body(served)
    }

    @Test("A key the screen reader lets through reaches the application; press and release are offered as (uiiiisb)")
    func passedKeys() throws {
        try withServedScene(.answer(false)) { served in
            #expect(served.window.focusedItem === served.save)
            served.press(served.key(.keyboardTab), at: 2)
            // Tab went on: the focus left Save for the tab bar's selected tab.
            #expect(served.window.focusedItem === served.scene.item("Home"))
            #expect(served.answers == [.passed, .passed])
            #expect(served.registry.keys.get() == [
                .structure([.uint32(0), .int32(0xFF09), .int32(23), .int32(0), .int32(2000), .string("Tab"), .boolean(false)]),
                .structure([.uint32(1), .int32(0xFF09), .int32(23), .int32(0), .int32(2050), .string("Tab"), .boolean(false)]),
            ])
            served.press(served.key(.keyboardTab, .shift), at: 3)
            #expect(served.window.focusedItem === served.save)
            #expect(served.registry.keys.get().last
                == .structure([.uint32(1), .int32(0xFE20), .int32(23), .int32(1), .int32(3050), .string("ISO_Left_Tab"),
                               .boolean(false)]))
        }
    }

    @Test("A key the screen reader consumes never reaches the application, its release neither")
    func consumedKeys() throws {
        try withServedScene(.answer(true)) { served in
            served.press(served.key(.keyboardTab), at: 1)
            #expect(served.window.focusedItem === served.save)
            #expect(served.answers == [.consumed, .consumed])
            #expect(served.registry.keys.get().count == 2)
            served.window.moveFocus(to: served.scene.item("Search"))
            served.press(served.key(.keyboardSpacebar, characters: " "), at: 2)
            #expect(served.scene.selections.titles.isEmpty, "Space was the screen reader's")
            #expect(served.registry.keys.get().first { $0.fields?[0] == .uint32(0) && $0.fields?[1] == .int32(0x20) }
                == .structure([.uint32(0), .int32(0x20), .int32(65), .int32(0), .int32(2000), .string("space"), .boolean(true)]))
            // Let through, the same Space selects the tab, once.
            served.registry.behaviour.set(.answer(false))
            served.press(served.key(.keyboardSpacebar, characters: " "), at: 3)
            #expect(served.scene.selections.titles == ["Search"])
        }
    }

    @Test("While a key waits, calls that read are answered and calls that act wait until the key is done")
    func callsDuringTheWait() throws {
        try withServedScene(.answer(false)) { served in
            let export = served.bridge.export
            let frame = export.tree.path(of: served.window).text
            let search = export.tree.path(of: served.scene.item("Search").accessibilityElement).text
            served.registry.behaviour.set(.callBack(readPath: frame, actPath: search))
            served.window.send(KeyInput(key: served.key(.keyboardTab), phase: .began, timestamp: 1))
            // The registry read the frame's state and answered only then: the Tab went on.
            #expect(served.answers == [.passed])
            #expect(served.window.focusedItem === served.scene.item("Home"))
            #expect(served.registry.callBackReplies.get().count == 1)
            #expect(served.registry.callBackReplies.get().first?.hasPrefix("GetState: ") == true)
            // Its DoAction did not run inside the key's dispatch: it waits for the loop.
            #expect(served.scene.selections.titles.isEmpty)
            #expect(served.bridge.hasPendingOutput)
            served.registry.behaviour.set(.answer(false))
            served.window.send(KeyInput(key: served.key(.keyboardTab), phase: .ended, timestamp: 1.05))
            #expect(served.scene.selections.titles.isEmpty)
            try served.bridge.handlePending()
            #expect(served.scene.selections.titles == ["Search"])
            try served.pump { served.registry.callBackReplies.get().count == 2 }
            #expect(served.registry.callBackReplies.get().last?.hasPrefix("DoAction: ") == true)
            #expect(served.registry.callBackReplies.get().last?.hasSuffix("boolean(true)]") == true)
            #expect(!served.bridge.hasPendingOutput)
        }
    }

    @Test("A closed bridge offers nothing: keys go straight to the application")
    func closedBridge() throws {
        try withServedScene(.answer(true)) { served in
            served.bridge.close()
            served.press(served.key(.keyboardTab), at: 1)
            #expect(served.window.focusedItem === served.scene.item("Home"))
            #expect(served.answers.isEmpty)
        }
    }
}
