import InteractionKitLinux

/// A test's fingers on a window: touch samples and time on the window's
/// virtual clock, one finger at a time or as whole gestures.
///
/// The driver sends ``InteractionKitLinux/TouchInput`` samples with ``InteractionKitLinux/Window/send(_:)-(TouchInput)``
/// and lets time pass with ``InteractionKitLinux/Window/advanceTime(to:)``; it reads no clock,
/// so a test is the same on every run. Every sample is stamped with the
/// window's ``InteractionKitLinux/Window/currentTime``, which only the driver's calls (and
/// yours) move forward.
///
/// ```swift
/// let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
/// let fingers = TouchDriver(window)
/// try fingers.tap(at: Point(x: 100, y: 200))        // down, 0.05 s, up, then 0.5 s of quiet
/// try fingers.drag(from: Point(x: 50, y: 400), to: Point(x: 300, y: 400))
///
/// try fingers.down(at: Point(x: 10, y: 10))          // one finger by hand…
/// try fingers.down(1, at: Point(x: 60, y: 10))       // …and a second one
/// try fingers.wait(0.1)
/// try fingers.move(1, to: Point(x: 90, y: 10))
/// try fingers.up(1)
/// try fingers.up()
/// ```
///
/// ## The finger primitives
///
/// ``down(_:at:)``, ``move(_:to:)``, ``up(_:at:)`` and ``cancel(_:)`` send
/// one sample of one finger (finger 0 unless you name another) at the
/// current time, and ``wait(_:)`` lets time pass, firing the timers that
/// come due (a held long press begins). Several calls with no `wait`
/// between them happen at one instant, as several fingers moving in one
/// hardware frame do.
///
/// ## The gesture helpers
///
/// ``tap(at:fingers:)``, ``doubleTap(at:)``, ``longPress(at:duration:)``,
/// ``drag(from:to:duration:pressDuration:fingers:)``,
/// ``fling(from:velocity:duration:)``, ``pinch(center:from:to:duration:)``,
/// ``rotate(center:radius:by:duration:)`` and ``swipe(_:at:)`` each make a
/// whole gesture that the built-in recognizer of that name recognizes with
/// its default settings (a `Control` takes ``tap(at:fingers:)`` as a touch
/// up inside). They start at the current time with the lowest finger ids
/// that are not down, and share these rules:
///
/// - **Samples at 120 Hz.** A finger in motion reports every
///   ``sampleInterval`` (1/120 s by default, the rate of current
///   touchscreens and of UIKit on a 120 Hz display), in equal steps along a
///   straight line (a circle for ``rotate(center:radius:by:duration:)``).
/// - **The lift is where the motion ends.** The last sample moves every
///   finger to its end point and the fingers lift there, at that same
///   instant, so a recognizer's velocity at `ended` is the gesture's speed.
/// - **A quiet time after.** Each helper ends with
///   ``pauseBetweenGestures`` (0.5 s) of time with no finger down, longer
///   than ``InteractionKitLinux/GestureConstants/multiTapInterval``: a tap that waits for a
///   double tap to fail has ended when the call returns, and the next
///   helper's gesture is a gesture of its own, not a second tap.
/// - **Errors come before samples.** Bad arguments (a point that is not
///   finite, a negative duration, a gesture longer than
///   ``maximumSamplesPerGesture`` samples) throw
///   ``TouchDriverError/invalidArgument(_:)`` before anything is sent.
/// - **The app may end a finger.** If a callback cancels a helper's
///   finger (``InteractionKitLinux/Window/cancelAllTouches()``, say), the helper sends nothing
///   more for it and carries on with the others and with time; that is
///   behaviour to test, not an error.
/// - **From a callback, samples wait their turn.** Called while the window
///   dispatches (from an action or a delegate method), the driver's samples
///   are queued by the window and dispatched, in order, once the current
///   input has finished (rule G10); the helper then sends the whole
///   gesture, and a sample the window refuses later is not reported.
///
/// ## Keys
///
/// ``press(_:modifiers:holding:)-(Key,_,_)`` presses and releases a key,
/// ``press(_:modifiers:holding:)-(String,_,_)`` a key by its name (`"tab"`,
/// `"shift+tab"`, `"ctrl+s"`), and ``type(_:interval:)`` types text a key a
/// character on a US layout, all through ``InteractionKitLinux/Window/send(_:)-(KeyInput)``
/// at the current time, as a hardware keyboard would.
@MainActor
public final class TouchDriver {
    /// The default time between two samples of a moving finger: 1/120 s.
    public static let defaultSampleInterval = 1.0 / 120
    /// The default quiet time after each gesture helper, in seconds: 0.5,
    /// more than ``InteractionKitLinux/GestureConstants/multiTapInterval`` (0.35).
    public static let defaultPauseBetweenGestures = 0.5
    /// How long a tap's finger rests before it lifts, in seconds: 0.05, less
    /// than the large content viewer's 0.15 s press, so a tap stays a tap at
    /// accessibility text sizes.
    public static let tapDuration = 0.05
    /// The time from a double tap's first lift to its second touch-down, in
    /// seconds: 0.1, well inside ``InteractionKitLinux/GestureConstants/multiTapInterval``.
    public static let doubleTapGap = 0.1
    /// How far apart the fingers of a several-finger tap or drag are, in
    /// points, side by side on a horizontal line centred on the given point.
    public static let fingerSpacing = 40.0
    /// How far a swipe travels, in points: twice
    /// ``InteractionKitLinux/GestureConstants/swipeMinimumDistance``.
    public static let swipeDistance = 100.0
    /// How long a swipe takes, in seconds: 0.1 (1 000 points a second).
    public static let swipeDuration = 0.1
    /// The most samples one helper sends for one finger; a longer gesture
    /// (a duration of an hour at 120 Hz) is refused, so memory and time stay bounded.
    public static let maximumSamplesPerGesture = 100_000

    /// The window the fingers touch.
    public let window: Window
    /// The time between two samples of a moving finger, in seconds;
    /// ``defaultSampleInterval`` (1/120 s) unless you set it. A helper
    /// refuses a value that is not finite and positive.
    public var sampleInterval = TouchDriver.defaultSampleInterval
    /// The quiet time each gesture helper leaves after its fingers lift, in
    /// seconds; ``defaultPauseBetweenGestures`` (0.5) unless you set it. Set
    /// it to 0 to chain helpers with no time between them.
    public var pauseBetweenGestures = TouchDriver.defaultPauseBetweenGestures
    /// The kind of touch every sample reports: `.direct` (a finger) by default.
    public var touchType: TouchType = .direct

    /// Creates a driver for the fingers on `window`.
    public init(_ window: Window) {
        self.window = window
    }

    /// The window's current time, in seconds: when the next sample happens.
    public var now: Double { window.currentTime }

    // MARK: One finger at a time

    /// Puts `finger` down at `point` (window coordinates), now.
    /// - Throws: ``TouchDriverError/rejected(_:_:)`` if the window refuses it
    ///   (the finger is already down, the point is not finite, too many fingers).
    public func down(_ finger: Int = 0, at point: Point) throws(TouchDriverError) {
        try send(finger, .began, at: point)
    }

    /// Moves `finger`, which is down, to `point`, now.
    /// - Throws: ``TouchDriverError/rejected(_:_:)`` if the finger is not down
    ///   or the point is not finite.
    public func move(_ finger: Int = 0, to point: Point) throws(TouchDriverError) {
        try send(finger, .moved, at: point)
    }

    /// Lifts `finger`, now, at `point` or (nil, the default) where it is.
    /// - Throws: ``TouchDriverError/rejected(_:_:)`` if the finger is not down.
    public func up(_ finger: Int = 0, at point: Point? = nil) throws(TouchDriverError) {
        try send(finger, .ended, at: point ?? location(of: finger))
    }

    /// Cancels `finger`, now, where it is, as when the system takes the touch away.
    /// - Throws: ``TouchDriverError/rejected(_:_:)`` if the finger is not down.
    public func cancel(_ finger: Int = 0) throws(TouchDriverError) {
        try send(finger, .cancelled, at: location(of: finger))
    }

    /// Lets `seconds` of virtual time pass with no sample, firing the timers
    /// that come due (a finger held still).
    /// - Throws: ``TouchDriverError/invalidArgument(_:)`` for a negative or non-finite time.
    public func wait(_ seconds: Double) throws(TouchDriverError) {
        try check(duration: seconds, "wait")
        window.advanceTime(to: now + seconds)
    }

    /// Whether `finger` is down in the window.
    public func isDown(_ finger: Int = 0) -> Bool {
        window.touch(withID: finger) != nil
    }

    // MARK: Sending

    private func location(of finger: Int) -> Point {
        // A finger that is not down has no location; the window refuses the
        // sample and says so, which is the error the caller gets.
        window.touch(withID: finger)?.location ?? .zero
    }

    private func send(_ finger: Int, _ phase: TouchPhase, at point: Point) throws(TouchDriverError) {
        let input = TouchInput(id: finger, phase: phase, location: point, timestamp: now, type: touchType)
        switch window.send(input) {
        case .delivered:
            break
        case .queued:
            // Sent from a callback: the window dispatches it after the current input (G10).
            samplesWereQueued = true
        case .rejected(let error):
            throw .rejected(input, error)
        }
    }

    /// Whether a sample of the gesture in progress was queued rather than
    /// dispatched: then the window cannot yet say which fingers are down,
    /// and the gesture sends every sample.
    private var samplesWereQueued = false

    // MARK: Checks shared by the helpers

    func check(_ point: Point, _ name: String) throws(TouchDriverError) {
        guard point.isFinite else {
            throw .invalidArgument("\(name) must be a finite point, not \(point)")
        }
    }

    func check(duration: Double, _ name: String) throws(TouchDriverError) {
        guard duration.isFinite, duration >= 0 else {
            throw .invalidArgument("\(name) must be a finite number of seconds, zero or more, not \(duration)")
        }
    }

    /// How many samples a motion of `duration` takes at `sampleInterval`, at least one.
    func sampleCount(for duration: Double, _ name: String) throws(TouchDriverError) -> Int {
        guard sampleInterval.isFinite, sampleInterval > 0 else {
            throw .invalidArgument("sampleInterval must be a finite number of seconds above zero, not \(sampleInterval)")
        }
        try check(duration: duration, name)
        // A hair under the quotient, so that 0.2 s at 1/120 s is 24 samples, not 25.
        let exact = duration / sampleInterval
        let steps = (exact - exact * 1e-9).rounded(.up)
        guard steps <= Double(Self.maximumSamplesPerGesture) else {
            throw .invalidArgument(
                "\(name) of \(duration) s would take \(steps) samples at \(sampleInterval) s each; "
                    + "the most is \(Self.maximumSamplesPerGesture): shorten it or raise sampleInterval"
            )
        }
        return Swift.max(1, Int(steps))
    }

    func checkPause() throws(TouchDriverError) {
        try check(duration: pauseBetweenGestures, "pauseBetweenGestures")
    }

    /// The `count` lowest finger ids that are not down.
    func freeFingers(_ count: Int) -> [Int] {
        var ids: [Int] = []
        var candidate = 0
        while ids.count < count {
            if !isDown(candidate) { ids.append(candidate) }
            candidate += 1
        }
        return ids
    }

    // MARK: Performing a gesture

    /// One finger of a gesture: its id and its path as a function of
    /// progress (0 at the touch-down, 1 at the lift).
    struct Stroke {
        var finger: Int
        var path: (Double) -> Point
    }

    /// Puts the strokes' fingers down at their starts now, holds them for
    /// `pressDuration`, moves them in `steps` equal samples over `duration`
    /// (none when `steps` is 0), lifts them at their ends at the instant
    /// the motion ends, then pauses for `pauseBetweenGestures`.
    ///
    /// A finger the app ended meanwhile is skipped. If the window refuses a
    /// sample, the fingers of this gesture still down are cancelled and the
    /// error is thrown.
    func perform(_ strokes: [Stroke], pressDuration: Double = 0, duration: Double, steps: Int) throws(TouchDriverError) {
        try checkPause()
        let start = now
        samplesWereQueued = false
        var downFingers: [Int] = []
        // A finger the app ended is skipped; while samples are queued, none is.
        func stillDown(_ finger: Int) -> Bool { samplesWereQueued || isDown(finger) }
        do throws(TouchDriverError) {
            for stroke in strokes {
                try down(stroke.finger, at: stroke.path(0))
                downFingers.append(stroke.finger)
            }
            let moveStart = start + pressDuration
            window.advanceTime(to: moveStart)
            if steps > 0 {
                for step in 1...steps {
                    // Each step's time from the start, not summed, so no error builds up.
                    let progress = Double(step) / Double(steps)
                    window.advanceTime(to: moveStart + duration * progress)
                    for stroke in strokes where stillDown(stroke.finger) {
                        try move(stroke.finger, to: stroke.path(progress))
                    }
                }
            }
            window.advanceTime(to: moveStart + duration)
            for stroke in strokes where stillDown(stroke.finger) {
                try up(stroke.finger, at: stroke.path(1))
            }
        } catch {
            for finger in downFingers where isDown(finger) {
                window.send(TouchInput(id: finger, phase: .cancelled, location: location(of: finger), timestamp: now))
            }
            throw error
        }
        window.advanceTime(to: now + pauseBetweenGestures)
    }
}
