import Testing
@testable import InteractionKitReplay
import InteractionKitEvemu

/// Parses a script as the file `test.gesture`.
func parseScript(_ text: String, loader: GestureScriptParser.FileLoader? = nil) throws(ScriptErrors) -> GestureScript {
    try GestureScriptParser(file: "test.gesture", loader: loader).parse(text)
}

/// The diagnostics of a script that must fail, as `LINE:COLUMN: MESSAGE`
/// strings; records an issue when it parses.
func scriptErrors(_ text: String, loader: GestureScriptParser.FileLoader? = nil) -> [String] {
    do {
        _ = try parseScript(text, loader: loader)
        Issue.record("expected errors for:\n\(text)")
        return []
    } catch {
        return error.diagnostics.map { "\($0.line):\($0.column): \($0.message)" }
    }
}

/// The first diagnostic of a script that must fail.
func firstScriptError(_ text: String) -> String {
    scriptErrors(text).first ?? "no error"
}
