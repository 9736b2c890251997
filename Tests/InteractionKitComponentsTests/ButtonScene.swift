import InteractionKitLinux
import InteractionKitTestSupport

/// A 100 × 44 button at (100, 100) in a phone window, with every event it sends recorded.
@MainActor
struct ButtonScene {
    let window = Window.phone()
    let button = Button(title: "Save", frame: Rect(x: 100, y: 100, width: 100, height: 44))
    private let recorder = ControlEventRecorder()
    var events: [String] { recorder.events(of: "Save") }

    init() {
        window.addSubview(button)
        recorder.watch(button)
    }
}
