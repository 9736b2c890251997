import Testing
import InteractionKitLinux
import InteractionKitTestSupport

/// S12: pull to refresh, as UIKit's `UIRefreshControl` does it.
@Suite("Refresh control: pull, lift, hold, end (S12)")
@MainActor
struct RefreshControlTests {
    let scene = ScrollScene()
    let control = RefreshControl()
    /// How many times the control sent `valueChanged`.
    final class Count { var value = 0 }
    let changes = Count()

    init() {
        scene.scrollView.refreshControl = control
        let changes = changes
        control.addAction(for: .valueChanged) { _ in changes.value += 1 }
    }

    @Test("the control is a subview above the content's top, as wide as the scroll view, 60 points high")
    func placement() {
        #expect(control.superview === scene.scrollView)
        #expect(control.frame == Rect(x: 0, y: -60, width: 390, height: 60))
        #expect(!control.isRefreshing)
        // Replacing it takes the old one out.
        let other = RefreshControl()
        scene.scrollView.refreshControl = other
        #expect(control.superview == nil && other.superview === scene.scrollView)
    }

    @Test("pulled more than 60 points above the top and lifted: refreshing, valueChanged once, the content held 60 points down until endRefreshing springs it back")
    func pullBeginsRefreshing() {
        scene.drag(from: Point(x: 200, y: 100), to: Point(x: 200, y: 500), steps: 20, interval: 0.02)
        #expect(control.isRefreshing)
        #expect(changes.value == 1)
        #expect(scene.scrollView.adjustedContentInset.top == 60)
        scene.stepFrames(through: 3)
        #expect(abs(scene.scrollView.contentOffset.y + 60) < 0.5)
        #expect(!scene.scrollView.isDecelerating)
        control.endRefreshing()
        #expect(!control.isRefreshing && scene.scrollView.adjustedContentInset.top == 0)
        scene.stepFrames(through: 5)
        #expect(scene.scrollView.contentOffset.y == 0)
        #expect(changes.value == 1)
    }

    @Test("a short pull springs back without refreshing")
    func shortPull() {
        scene.drag(from: Point(x: 200, y: 100), to: Point(x: 200, y: 140), steps: 10, interval: 0.02)
        #expect(scene.scrollView.contentOffset.y > -60)
        #expect(!control.isRefreshing && changes.value == 0)
        scene.stepFrames(through: 3)
        #expect(scene.scrollView.contentOffset.y == 0)
    }

    @Test("a pull while refreshing already sends nothing more; a disabled control never refreshes")
    func repeatedAndDisabled() {
        scene.drag(from: Point(x: 200, y: 100), to: Point(x: 200, y: 500), steps: 20, interval: 0.02)
        scene.stepFrames(through: 2)
        scene.drag(from: Point(x: 200, y: 100), to: Point(x: 200, y: 500), start: 2.5, steps: 20, interval: 0.02)
        #expect(changes.value == 1)
        control.endRefreshing()
        scene.stepFrames(through: 5)
        control.isEnabled = false
        scene.drag(from: Point(x: 200, y: 100), to: Point(x: 200, y: 500), start: 5.5, steps: 20, interval: 0.02)
        #expect(!control.isRefreshing && changes.value == 1)
    }

    @Test("beginRefreshing from code shows the control without valueChanged; endRefreshing twice is harmless")
    func fromCode() {
        control.beginRefreshing()
        #expect(control.isRefreshing && changes.value == 0)
        scene.stepFrames(through: 2)
        #expect(abs(scene.scrollView.contentOffset.y + 60) < 0.5)
        control.endRefreshing()
        control.endRefreshing()
        scene.stepFrames(through: 4)
        #expect(scene.scrollView.contentOffset.y == 0)
    }

    @Test("for assistive technologies a button named Refresh whose activation begins refreshing as a pull does")
    func accessibility() {
        #expect(control.accessibilityLabel == "Refresh")
        #expect(control.accessibilityTraits.contains(.button))
        #expect(!control.canBecomeFocused)
        #expect(control.accessibilityActivate())
        #expect(control.isRefreshing && changes.value == 1)
        #expect(!control.accessibilityActivate())
        #expect(changes.value == 1)
    }
}
