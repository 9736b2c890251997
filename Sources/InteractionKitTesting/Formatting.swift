import InteractionKitLinux

/// A time in seconds with three decimals (`"0.508"`), the way the
/// recorders write their lines: milliseconds tell apart every sample at
/// 120 Hz, and the column stays aligned. A time too large or not finite
/// is written as Swift writes it.
func formatTime(_ time: Double) -> String {
    guard time.isFinite, abs(time) < 1e12 else { return "\(time)" }
    let milliseconds = Int((time * 1000).rounded())
    let magnitude = milliseconds.magnitude
    let fraction = String(magnitude % 1000 + 1000).dropFirst()
    return (milliseconds < 0 ? "-" : "") + String(magnitude / 1000) + "." + fraction
}

/// The name of one `ControlEvents` member (`"touchUpInside"`), or its bit
/// in hexadecimal (`"0x10000"`) for a member the library does not name.
func controlEventName(_ event: ControlEvents) -> String {
    let names = event.names
    if event.rawValue.nonzeroBitCount == 1 && names.count == 1 { return names[0] }
    return "0x" + String(event.rawValue, radix: 16)
}
