/// The timing and distance constants of the built-in recognizers, in one place.
public enum GestureConstants {
    /// How long a long press must be held before it begins, in seconds (UIKit's default).
    public static let longPressMinimumDuration = 0.5
    /// How far a finger may move, in points, before a long press that has not begun fails.
    public static let longPressAllowableMovement = 10.0
    /// How far a finger must move, in points, before a pan begins.
    public static let panMinimumDistance = 10.0
    /// How far a finger may move during a tap, in points, before the tap fails
    /// (UIKit's `UITapRecognizer` default, 45).
    public static let tapAllowableMovement = 45.0
    /// How far outside a control's bounds a tracked finger still counts as
    /// inside, in points (UIKit's, as developers measure it: about 70).
    public static let controlTrackingMargin = 70.0
    /// The longest wait between the taps of a multi-tap, in seconds, before it fails.
    public static let multiTapInterval = 0.35
    /// How far the later taps of a multi-tap may land from the first, in points.
    public static let multiTapAllowableDistance = 45.0
    /// The most fingers a window tracks at once; a touch-down beyond it is
    /// refused (`TouchInputError.tooManyTouches`).
    ///
    /// UIKit does not document its own bound; iPads report at most eleven
    /// touches, and multitouch screens on Linux describe at most a few dozen
    /// slots. 32 leaves room for every real device while a broken or hostile
    /// one (a slot number per event) cannot grow the touch table without end.
    public static let maximumTouchesDown = 32
    /// How far back a velocity estimate looks, in seconds (Flutter's and Android's trackers use 100 ms).
    public static let velocityHorizon = 0.1

    /// How far, in points, a swipe's fingers must travel along its direction to recognize.
    ///
    /// UIKit's `_minimumPrimaryMovement` default (50), as the decompiled
    /// `BKSwipeGestureRecognizer` (BookKit's copy of `UISwipeGestureRecognizer`,
    /// same instance variables) sets it; UIKit's own initializer was not found.
    public static let swipeMinimumDistance = 50.0
    /// How long, in seconds from the first finger down, a swipe may take to
    /// travel `swipeMinimumDistance`; slower is a crawl, and fails.
    ///
    /// UIKit's `_maximumDuration` default (0.5 s), from the same source as
    /// `swipeMinimumDistance`.
    public static let swipeMaximumDuration = 0.5
    /// How far, in points, a swipe's fingers may stray from its axis (or go
    /// backwards along it) before it fails.
    ///
    /// An estimate: UIKit allows 200 points at first and shrinks the
    /// allowance as time passes (`_maximumSecondaryMovement`,
    /// `_rateOfMaximumMovementDecay`), which is not modelled; 30 points keeps a
    /// swipe within about 31° of its axis when it recognizes.
    public static let swipeMaximumDeviation = 30.0
    /// How much, in points, the distance between a pinch's two fingers must
    /// change before it begins. An estimate (UIKit's threshold is not documented).
    public static let pinchMinimumDistanceChange = 8.0
    /// The closest, in points, a pinch's or a rotation's two fingers may
    /// come while their measures follow them. Closer, the pinch keeps its
    /// last scale (a ratio over a vanishing distance overflows to infinity)
    /// and the rotation its last angle (the line through two nearly
    /// coincident points turns at random); a pair that came down closer
    /// starts measuring once the fingers are this far apart. Real fingers
    /// never come this close: a contact is millimetres wide.
    public static let fingerPairMinimumDistance = 1.0
    /// How far, in radians, the line through a rotation's two fingers must turn
    /// before it begins: π/18 (10°). An estimate (UIKit's threshold is not documented).
    public static let rotationMinimumAngle = Double.pi / 18
    /// How close, in points, to a window edge a touch must start for a screen-edge pan.
    ///
    /// UIKit does not document it (`_UIScreenEdgePanRecognizerEdgeSettings.edgeRegionSize`
    /// holds it); the contract fixes 20 points.
    public static let screenEdgeRegion = 20.0
}
