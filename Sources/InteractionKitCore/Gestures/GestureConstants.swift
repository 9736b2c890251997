/// The timing and distance constants of the built-in recognizers, in one place.
public enum GestureConstants {
    /// How long a long press must be held before it begins, in seconds (UIKit's default).
    public static let longPressMinimumDuration = 0.5
    /// How long the large content viewer's long press must be held, in seconds (as on iOS).
    public static let largeContentViewerPressDuration = 0.15
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
    /// How far back a velocity estimate looks, in seconds (Flutter's and Android's trackers use 100 ms).
    public static let velocityHorizon = 0.1
}
