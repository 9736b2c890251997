import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport
import InteractionKitTesting

/// A delegate that requires, or is required, by a rule the test gives.
@MainActor
private final class RequirementDelegate: GestureRecognizerDelegate {
    var requiresFailureOf: (GestureRecognizer) -> Bool = { _ in false }
    var isRequiredToFailBy: (GestureRecognizer) -> Bool = { _ in false }
    private(set) var questions = 0

    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: GestureRecognizer
    ) -> Bool {
        questions += 1
        return requiresFailureOf(otherGestureRecognizer)
    }

    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy otherGestureRecognizer: GestureRecognizer
    ) -> Bool {
        questions += 1
        return isRequiredToFailBy(otherGestureRecognizer)
    }
}

/// A single tap that, by its class, waits for any tap that needs more taps.
private final class PatientTap: TapGestureRecognizer {
    override func shouldRequireFailure(of other: GestureRecognizer) -> Bool {
        (other as? TapGestureRecognizer).map { $0.numberOfTapsRequired > numberOfTapsRequired } ?? false
    }
}

/// A multi-tap that, by its class, makes any tap needing fewer taps wait for it.
private final class ImposingTap: TapGestureRecognizer {
    override func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool {
        (other as? TapGestureRecognizer).map { $0.numberOfTapsRequired < numberOfTapsRequired } ?? false
    }
}

/// Who states that the single tap must wait for the double tap.
private enum Form: CaseIterable, CustomStringConvertible {
    case singlesDelegate, doublesDelegate, singlesClass, doublesClass

    var description: String {
        switch self {
        case .singlesDelegate: "the single tap's delegate"
        case .doublesDelegate: "the double tap's delegate"
        case .singlesClass: "the single tap's class"
        case .doublesClass: "the double tap's class"
        }
    }
}

/// Where the two taps are: one view, or a view inside another (either way round).
private enum Layout: CaseIterable, CustomStringConvertible {
    case oneView, singleOutside, singleInside

    var description: String {
        switch self {
        case .oneView: "one view"
        case .singleOutside: "single on the outer view, double on the inner"
        case .singleInside: "single on the inner view, double on the outer"
        }
    }
}

/// A single tap and a double tap, the single told to wait for the double by `form`, laid out by `layout`.
@MainActor
private struct Scene {
    let window = Window.phone()
    let single: TapGestureRecognizer
    let double: TapGestureRecognizer
    let log = GestureStateRecorder()
    let singleActions = ActionLog()
    let doubleActions = ActionLog()
    /// Held here: recognizers hold their delegates weakly.
    let delegate = RequirementDelegate()

    init(_ form: Form, _ layout: Layout) {
        single = form == .singlesClass ? PatientTap() : TapGestureRecognizer()
        double = form == .doublesClass ? ImposingTap() : TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        switch form {
        case .singlesDelegate:
            let double = double
            delegate.requiresFailureOf = { $0 === double }
            single.delegate = delegate
        case .doublesDelegate:
            let single = single
            delegate.isRequiredToFailBy = { $0 === single }
            double.delegate = delegate
        case .singlesClass, .doublesClass:
            break
        }
        let outer = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let inner = View(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        window.addSubview(outer)
        outer.addSubview(inner)
        switch layout {
        case .oneView:
            inner.addGestureRecognizer(single)
            inner.addGestureRecognizer(double)
        case .singleOutside:
            outer.addGestureRecognizer(single)
            inner.addGestureRecognizer(double)
        case .singleInside:
            inner.addGestureRecognizer(single)
            outer.addGestureRecognizer(double)
        }
        log.watch(single, as: "single")
        log.watch(double, as: "double")
        singleActions.attach(to: single)
        doubleActions.attach(to: double)
    }
}

@Suite("Failure requirements from delegates and subclasses hold across touches (G12)")
@MainActor
struct DynamicFailureRequirementTests {
    @Test("A single tap told to wait for a double tap fires once, after the double tap fails", arguments: Form.allCases, Layout.allCases)
    fileprivate func singleTapWaits(form: Form, layout: Layout) {
        let scene = Scene(form, layout)
        scene.window.tap(100, 100, at: 0)
        // Between the double tap's taps: nothing has fired, the single tap waits.
        #expect(scene.singleActions.states.isEmpty)
        #expect(scene.single.state == .possible)
        #expect(scene.single.pendingState == .ended)
        scene.window.advanceTime(to: 0.3)
        #expect(scene.singleActions.states.isEmpty)
        scene.window.advanceTime(to: 1)
        #expect(scene.singleActions.states == [.ended])
        #expect(scene.doubleActions.states.isEmpty)
        let failed = scene.log.lines.firstIndex { $0.hasSuffix("double possible→failed") }
        let fired = scene.log.lines.firstIndex { $0.hasSuffix("single possible→ended") }
        #expect(failed != nil && fired != nil && failed! < fired!)
        // Nothing is left waiting, and the next single tap is heard again.
        #expect(scene.single.pendingState == nil && scene.double.state == .possible)
        scene.window.tap(100, 100, at: 2)
        scene.window.advanceTime(to: 3)
        #expect(scene.singleActions.states == [.ended, .ended])
    }

    @Test("On a double tap the double tap fires and the single tap never does", arguments: Form.allCases, Layout.allCases)
    fileprivate func doubleTapWins(form: Form, layout: Layout) {
        let scene = Scene(form, layout)
        scene.window.tap(100, 100, at: 0)
        scene.window.tap(100, 100, at: 0.2)
        scene.window.advanceTime(to: 1)
        #expect(scene.doubleActions.states == [.ended])
        #expect(scene.singleActions.states.isEmpty)
        #expect(scene.log.transitions(of: "single", includingResets: true) == ["possible→failed", "failed→possible"])
        #expect(scene.single.pendingState == nil)
        // Twice more: the requirement is asked again for each attempt, and still holds.
        scene.window.tap(100, 100, at: 2)
        scene.window.tap(100, 100, at: 2.2)
        scene.window.advanceTime(to: 3)
        #expect(scene.doubleActions.states == [.ended, .ended])
        #expect(scene.singleActions.states.isEmpty)
    }

    @Test("A double tap on an inner view holds a double tap outside it that shared only its first tap")
    func sharedFirstTapOnly() {
        // The outer double tap's second tap lands outside the inner view:
        // the two share no touch when the outer one asks to recognize.
        let window = Window.phone()
        let outer = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let inner = View(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        window.addSubview(outer)
        outer.addSubview(inner)
        let outerDouble = TapGestureRecognizer()
        outerDouble.numberOfTapsRequired = 2
        let innerTriple = TapGestureRecognizer()
        innerTriple.numberOfTapsRequired = 3
        let delegate = RequirementDelegate()
        delegate.requiresFailureOf = { $0 === innerTriple }
        outerDouble.delegate = delegate
        outer.addGestureRecognizer(outerDouble)
        inner.addGestureRecognizer(innerTriple)
        let actions = ActionLog()
        actions.attach(to: outerDouble)
        window.tap(35, 20, at: 0)
        window.tap(55, 20, at: 0.2)
        #expect(actions.states.isEmpty)
        #expect(outerDouble.pendingState == .ended)
        window.advanceTime(to: 1)
        #expect(innerTriple.state == .possible)
        #expect(actions.states == [.ended])
    }

    @Test("Two single taps whose delegates each require the other recognize once per tap and leave no one waiting (G5)")
    func mutualDelegates() {
        let window = Window.phone()
        let view = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(view)
        let first = TapGestureRecognizer()
        let second = TapGestureRecognizer()
        let firstDelegate = RequirementDelegate()
        let secondDelegate = RequirementDelegate()
        firstDelegate.requiresFailureOf = { $0 === second }
        secondDelegate.requiresFailureOf = { $0 === first }
        first.delegate = firstDelegate
        second.delegate = secondDelegate
        view.addGestureRecognizer(first)
        view.addGestureRecognizer(second)
        let firstActions = ActionLog()
        let secondActions = ActionLog()
        firstActions.attach(to: first)
        secondActions.attach(to: second)
        for tap in 0..<3 {
            window.tap(10, 10, at: Double(tap))
            window.advanceTime(to: Double(tap) + 0.9)
            #expect(first.pendingState == nil && second.pendingState == nil)
            #expect(first.state == .possible && second.state == .possible)
            #expect(firstActions.states.count + secondActions.states.count == tap + 1)
        }
    }

    @Test("A cycle of three taps required by their classes across two views does not leave anyone waiting (G5)")
    func cycleAcrossViews() {
        final class Chained: TapGestureRecognizer {
            weak var next: GestureRecognizer?
            override func shouldRequireFailure(of other: GestureRecognizer) -> Bool { other === next }
        }
        let window = Window.phone()
        let outer = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let inner = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(outer)
        outer.addSubview(inner)
        let taps = (0..<3).map { _ in Chained() }
        for index in 0..<3 { taps[index].next = taps[(index + 1) % 3] }
        taps[2].numberOfTapsRequired = 2
        inner.addGestureRecognizer(taps[0])
        outer.addGestureRecognizer(taps[1])
        outer.addGestureRecognizer(taps[2])
        window.tap(10, 10, at: 0)
        window.advanceTime(to: 1)
        #expect(taps.allSatisfy { $0.state == .possible && $0.pendingState == nil })
        window.tap(10, 10, at: 2)
        window.tap(10, 10, at: 2.2)
        window.advanceTime(to: 3)
        #expect(taps.allSatisfy { $0.state == .possible && $0.pendingState == nil })
    }

    @Test("A requirement given in one attempt does not hold in the next, where the delegate says no")
    func perAttempt() {
        let scene = Scene(.singlesDelegate, .oneView)
        scene.window.tap(100, 100, at: 0)
        scene.window.advanceTime(to: 1)
        #expect(scene.singleActions.states == [.ended])
        scene.delegate.requiresFailureOf = { _ in false }
        scene.window.tap(100, 100, at: 2)
        // No longer waiting: the single tap fires on the lift.
        #expect(scene.singleActions.states == [.ended, .ended])
        #expect(scene.single.dynamicFailureRequirements.isEmpty)
    }

    @Test("The window's arena keeps no requirement of an attempt that ended: a recognizer required in it is freed once removed")
    func endedAttemptsHoldNoOne() {
        let window = Window.phone()
        let view = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(view)
        let single = TapGestureRecognizer()
        let delegate = RequirementDelegate()
        delegate.requiresFailureOf = { _ in true }
        single.delegate = delegate
        view.addGestureRecognizer(single)
        weak var freed: TapGestureRecognizer?
        do {
            let double = TapGestureRecognizer()
            double.numberOfTapsRequired = 2
            freed = double
            view.addGestureRecognizer(double)
            window.tap(100, 100, at: 0)
            #expect(single.requiresDynamically(double))
            window.tap(100, 100, at: 0.2)
            // The double tap recognized: both attempts are over, and no finger is down.
            #expect(single.dynamicFailureRequirements.isEmpty)
            #expect(window.gestureArena.requirements.isEmpty)
            view.removeGestureRecognizer(double)
        }
        #expect(freed == nil)
    }
}
