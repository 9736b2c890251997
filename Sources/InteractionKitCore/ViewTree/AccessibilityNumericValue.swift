/// The number an adjustable element stands for (a slider's position, a
/// stepper's count), with its range and step, for assistive technologies
/// that read and set values as numbers.
///
/// UIKit has only the text value (`accessibilityValue`); AT-SPI's `Value`
/// interface, which Linux screen readers read, is numeric. Give both: the
/// text is what a screen reader says ("40 %"), the number is what it
/// compares, sets and steps.
///
/// ```swift
/// slider.accessibilityTraits = .adjustable
/// slider.accessibilityNumericValue = AccessibilityNumericValue(current: 40, minimum: 0, maximum: 100, step: 5)
/// slider.accessibilityValue = "40 %"
/// ```
public struct AccessibilityNumericValue: Hashable, Sendable {
    /// The value now.
    public var current: Double
    /// The smallest value the element takes.
    public var minimum: Double
    /// The largest value the element takes.
    public var maximum: Double
    /// How far one increment or decrement moves the value; 0 when the value
    /// moves continuously (AT-SPI's `MinimumIncrement`).
    public var step: Double

    /// Creates a value.
    public init(current: Double, minimum: Double, maximum: Double, step: Double) {
        self.current = current
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
    }

    /// `value` moved into `minimum...maximum`; unchanged when the range is
    /// not a range (a bound is NaN, or the minimum exceeds the maximum).
    public func clamped(_ value: Double) -> Double {
        guard minimum <= maximum else { return value }
        return Swift.min(Swift.max(value, minimum), maximum)
    }

    /// The value `steps` steps away from `current`, clamped into the range;
    /// nil when that is no number or no change (no positive step, or already at the end).
    public func stepped(by steps: Double) -> Double? {
        guard step > 0, step.isFinite, current.isFinite else { return nil }
        let next = clamped(current + steps * step)
        guard next.isFinite, next != current else { return nil }
        return next
    }
}
