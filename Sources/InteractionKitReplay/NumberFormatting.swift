import InteractionKitEvemu
import InteractionKitLinux

/// Number formatting for transcripts, written for the standard library alone
/// (no Foundation): deterministic, and never traps on NaN or huge values.
public enum NumberFormatting {
    /// A number as JSON writes it, rounded to `decimals` places: `39`, `819.5`, `0.15`.
    ///
    /// Whole numbers print without a decimal point; NaN and infinities, which
    /// JSON cannot carry, print as `null`.
    public static func json(_ value: Double, decimals: Int = 6) -> String {
        guard value.isFinite else { return "null" }
        let rounded = round(value, decimals: decimals)
        if rounded == rounded.rounded(.towardZero), Swift.abs(rounded) < 1e15 {
            return String(Int64(rounded))
        }
        return rounded.description
    }

    /// A number with exactly `decimals` digits after the point: `0.150`, `12.000`.
    ///
    /// Values too large for fixed notation, NaN and infinities fall back to their description.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        let places = Swift.max(0, Swift.min(decimals, 9))
        var scale: Int64 = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = (value * Double(scale)).rounded()
        guard scaled.isFinite, Swift.abs(scaled) < 9e15 else { return value.description }
        let whole = Int64(scaled)
        let negative = whole < 0
        let magnitude = negative ? -whole : whole
        var text = String(magnitude / scale)
        if places > 0 {
            let fraction = String(magnitude % scale)
            text += "." + String(repeating: "0", count: places - fraction.count) + fraction
        }
        return negative ? "-" + text : text
    }

    /// `value` rounded to `decimals` places (unchanged when that would overflow).
    public static func round(_ value: Double, decimals: Int) -> Double {
        var scale = 1.0
        for _ in 0..<Swift.max(0, Swift.min(decimals, 15)) { scale *= 10 }
        let scaled = (value * scale).rounded()
        guard scaled.isFinite, Swift.abs(scaled) < 9e15 else { return value }
        let result = scaled / scale
        return result == 0 ? 0 : result
    }
}
