import InteractionKitEvemu
import InteractionKitLinux

// The `evemu` line: a recording read, checked and scaled into the script's steps.

extension ParseState {
    mutating func parseRecording(_ line: inout LineReader) {
        guard let path = line.path("the recording's path in quotes, as in: evemu \"drag.events\"") else { return }
        var descriptionPath: ScriptToken?
        if let next = line.peek(), next.kind == .word, next.text == "desc" {
            line.index += 1
            guard let parsed = line.path("the description's path in quotes, as in: desc \"device.desc\"") else { return }
            descriptionPath = parsed
        }
        guard line.finish() else { return }
        guard reader != nil else {
            line.fail(at: path.column, "recordings cannot be read here (no file loader was given)")
            return
        }
        let eventsPath = resolve(path.text)
        let resolvedDescription = descriptionPath.map { resolve($0.text) }
        let key = RecordingKey(events: eventsPath, description: resolvedDescription, windowSize: scene.windowSize)
        let recording: ReplayRecording
        if let known = recordings[key] {
            recording = ReplayRecording(file: path.text, deviceName: known.deviceName, samples: known.samples)
        } else {
            guard let eventsBytes = read(eventsPath, what: "recording", column: path.column, &line) else { return }
            var descriptionText: String?
            if let descriptionPath, let resolvedDescription {
                guard let bytes = read(resolvedDescription, what: "description", column: descriptionPath.column, &line)
                else { return }
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    line.fail(at: descriptionPath.column, "the description '\(resolvedDescription)' is not valid UTF-8")
                    return
                }
                descriptionText = text
            }
            guard let eventsText = String(validating: eventsBytes, as: UTF8.self) else {
                line.fail(at: path.column, "the recording '\(eventsPath)' is not valid UTF-8")
                return
            }
            do {
                let parsed = try EvemuRecording(
                    events: eventsText, eventsFile: eventsPath, description: descriptionText,
                    descriptionFile: resolvedDescription
                )
                let samples = parsed.touchInputs(
                    windowSize: scene.windowSize, startTime: 0, firstTouchID: GestureScriptParser.recordingTouchIDBase
                )
                recording = ReplayRecording(file: path.text, deviceName: parsed.device.name, samples: samples)
                recordings[key] = recording
            } catch {
                diagnostics.append(error)
                line.fail(at: path.column, "the recording '\(eventsPath)' has errors (above)")
                return
            }
        }
        let limit = GestureScriptParser.maximumRecordingSamples
        guard recording.samples.count <= limit - recordingSamples else {
            line.fail(at: path.column, "replaying '\(path.text)' (\(recording.samples.count) samples) would take the "
                + "script past \(limit) recorded samples, the limit for all its recordings together")
            return
        }
        recordingSamples += recording.samples.count
        scriptTime += recording.duration
        steps.append(GestureScript.Step(line: line.line, action: .recording(recording)))
    }

    /// Reads a recording's file within the per-file limit, then counts it
    /// against the script's budget; nil (with an error on the line) when it
    /// cannot be read or the budget is spent.
    mutating func read(_ path: String, what: String, column: Int, _ line: inout LineReader) -> [UInt8]? {
        guard let reader else { return nil }
        let limit = EvemuLimits.maximumBytes
        switch reader(path, limit) {
        case .failure(let reason):
            line.fail(at: column, "cannot read the \(what) '\(path)'" + (reason.isEmpty ? "" : ": \(reason)"))
            return nil
        case .bytes(let bytes):
            guard bytes.count <= limit else {
                line.fail(at: column, "cannot read the \(what) '\(path)': it is over \(limit) bytes, the limit for one file")
                return nil
            }
            let total = GestureScriptParser.maximumRecordingBytes
            guard bytes.count <= total - recordingBytesRead else {
                line.fail(at: column, "cannot read the \(what) '\(path)': the files this script's recordings read "
                    + "would pass \(total) bytes, the limit for all of them together")
                return nil
            }
            recordingBytesRead += bytes.count
            return bytes
        }
    }

    /// A path relative to the script's folder.
    func resolve(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        guard let slash = file.lastIndex(of: "/") else { return path }
        return String(file[...slash]) + path
    }
}
