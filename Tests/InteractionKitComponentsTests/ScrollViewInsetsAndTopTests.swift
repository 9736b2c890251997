import Testing
import InteractionKitLinux
import InteractionKitTestSupport

/// A scroll view under a status bar and a home indicator.
@MainActor
private final class SafeScrollView: ScrollView {
    var safe = EdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
    override var safeAreaInsets: EdgeInsets { safe }
}

/// A view that can be the first responder (a text field's part of the deal).
@MainActor
private final class Editor: View {
    override var canBecomeFirstResponder: Bool { true }
}

/// S11: the names a UIKit port's scroll code uses, and what they do.
@Suite("Scroll view insets, scrolling to the top, ending editing, indicators (S11)")
@MainActor
struct ScrollViewInsetsAndTopTests {
    @Test("setContentOffset to the offset it has, animated, calls nothing")
    func sameOffsetAnimated() {
        let scene = ScrollScene()
        scene.scrollView.setContentOffset(Point(x: 0, y: 0), animated: true)
        #expect(scene.delegate.calls.isEmpty)
        scene.stepFrames(through: 1)
        #expect(scene.delegate.calls.isEmpty)
        scene.scrollView.setContentOffset(Point(x: 0, y: 100), animated: true)
        scene.stepFrames(through: 2)
        #expect(scene.delegate.names.last == "didEndScrollingAnimation")
    }

    @Test("adjustedContentInset adds the safe area as the behaviour says, and every clamp uses it")
    func adjustedInsets() {
        let scrollView = SafeScrollView(frame: Rect(x: 0, y: 0, width: 390, height: 600))
        scrollView.contentSize = Size(width: 390, height: 2_000)
        scrollView.contentInset = EdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
        #expect(scrollView.contentInsetAdjustmentBehavior == .automatic)
        #expect(scrollView.adjustedContentInset == EdgeInsets(top: 54, left: 0, bottom: 34, right: 0))
        scrollView.contentOffset = Point(x: 0, y: -500)
        #expect(scrollView.accessibilityScrollContent(by: Point(x: 0, y: -1)))
        #expect(scrollView.contentOffset == Point(x: 0, y: -54), "held to the top clamp, -54")
        #expect(scrollView.accessibilityScrollContent(by: Point(x: 0, y: 1)))
        #expect(scrollView.contentOffset == Point(x: 0, y: -53))
        _ = scrollView.accessibilityScrollContent(by: Point(x: 0, y: 10_000))
        #expect(scrollView.contentOffset == Point(x: 0, y: 2_000 + 34 - 600), "the bottom clamp adds the bottom safe area")
        scrollView.contentInsetAdjustmentBehavior = .never
        #expect(scrollView.adjustedContentInset == scrollView.contentInset)
        scrollView.safe = EdgeInsets(top: 0, left: 20, bottom: 0, right: 20)
        scrollView.contentInsetAdjustmentBehavior = .scrollableAxes
        #expect(scrollView.adjustedContentInset == scrollView.contentInset, "the content does not scroll sideways")
        scrollView.contentInsetAdjustmentBehavior = .always
        #expect(scrollView.adjustedContentInset == EdgeInsets(top: 10, left: 20, bottom: 0, right: 20))
        #expect(View().safeAreaInsets == .zero)
    }

    @Test("scrollToTop() asks the delegate, animates to the top and ends with didScrollToTop")
    func scrollToTop() {
        let scene = ScrollScene()
        #expect(scene.scrollView.scrollsToTop)
        scene.scrollView.contentOffset = Point(x: 0, y: 1_000)
        scene.delegate.clear()
        scene.scrollView.scrollToTop()
        scene.stepFrames(through: 1)
        #expect(scene.scrollView.contentOffset == .zero)
        #expect(scene.delegate.names.first == "shouldScrollToTop")
        #expect(scene.delegate.names.last == "didScrollToTop")
        #expect(!scene.delegate.names.contains("didEndScrollingAnimation"))
        // At the top already, refused by the delegate, or turned off: nothing moves.
        scene.delegate.clear()
        scene.scrollView.scrollToTop()
        #expect(scene.delegate.names == ["shouldScrollToTop"])
        scene.scrollView.contentOffset = Point(x: 0, y: 500)
        scene.delegate.allowsScrollToTop = false
        scene.scrollView.scrollToTop()
        scene.stepFrames(through: 2)
        #expect(scene.scrollView.contentOffset == Point(x: 0, y: 500))
        scene.delegate.allowsScrollToTop = true
        scene.scrollView.scrollsToTop = false
        scene.delegate.clear()
        scene.scrollView.scrollToTop()
        #expect(scene.delegate.calls.isEmpty)
    }

    @Test("With .onDrag a drag that scrolls resigns the first responder; .none and .interactive leave it")
    func keyboardDismiss() {
        for mode in [ScrollView.KeyboardDismissMode.none, .interactive, .onDrag] {
            let scene = ScrollScene()
            let editor = Editor(frame: Rect(x: 0, y: 700, width: 100, height: 40))
            scene.window.addSubview(editor)
            #expect(editor.becomeFirstResponder())
            scene.scrollView.keyboardDismissMode = mode
            scene.drag(from: Point(x: 200, y: 400), to: Point(x: 200, y: 200))
            #expect(scene.scrollView.contentOffset.y > 0)
            #expect(editor.isFirstResponder == (mode != .onDrag), "\(mode)")
        }
    }

    @Test("The indicators show while the content moves and a moment after, and on a flash; their rects follow the offset")
    func indicators() {
        let scene = ScrollScene()
        let scrollView = scene.scrollView
        #expect(scrollView.showsVerticalScrollIndicator && scrollView.showsHorizontalScrollIndicator)
        #expect(scrollView.verticalScrollIndicatorFrame == nil, "nothing has moved")
        scrollView.flashScrollIndicators()
        let top = scrollView.verticalScrollIndicatorFrame
        // 600 visible of 6 000: a tenth of the 594-point track, at its top, 3 points in from the right.
        #expect(top == Rect(x: 390 - 6, y: 3, width: 3, height: 59.4))
        #expect(scrollView.horizontalScrollIndicatorFrame == nil, "the content is no wider than the view")
        scene.stepFrames(through: 0.6)
        #expect(scrollView.verticalScrollIndicatorFrame == nil, "gone once the flash is over")
        scrollView.setContentOffset(Point(x: 0, y: 5_400), animated: true)
        scene.stepFrames(through: 0.7)
        #expect(scrollView.verticalScrollIndicatorFrame != nil, "showing during the animation")
        scene.stepFrames(through: 1.2)
        let bottom = scrollView.verticalScrollIndicatorFrame
        #expect(abs((bottom?.maxY ?? 0) - (5_400 + 600 - 3)) < 1e-9, "at the bottom of the track, in content coordinates")
        scene.stepFrames(through: 2)
        #expect(scrollView.verticalScrollIndicatorFrame == nil)
        scrollView.showsVerticalScrollIndicator = false
        scrollView.flashScrollIndicators()
        #expect(scrollView.verticalScrollIndicatorFrame == nil)
    }
}
