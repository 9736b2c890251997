import InteractionKitReplay

/// The command line's live modes: `--live` (the terminal and its mouse) and
/// `--device PATH [--desc DESC]` (an evdev touchscreen).
public struct LiveOptions: Equatable, Sendable {
    /// Run the scene in the terminal (`--live`).
    public var terminal = false
    /// The evdev device, file or FIFO to read (`--device`).
    public var devicePath: String?
    /// The evemu description of the device, for a file or FIFO (`--desc`).
    public var descriptionPath: String?

    /// Neither mode.
    public init() {}

    /// Refuses combinations that make no sense.
    func validate() throws(DemoCommand.UsageError) {
        if terminal && devicePath != nil {
            throw DemoCommand.UsageError(description: "--live and --device cannot be used together")
        }
        if descriptionPath != nil && devicePath == nil {
            throw DemoCommand.UsageError(description: "--desc describes a --device; give --device PATH too")
        }
    }

    /// Runs the live mode the options ask for, on the script's scene; nil when none is asked for.
    @MainActor
    static func run(
        _ options: DemoCommand.Options, script: GestureScript, output: (String) -> Void, errors: (String) -> Void
    ) -> Int32? {
        // Only the scene lines count: the live input replaces the gesture lines.
        let scene = GestureScript(file: script.file, scene: script.scene, steps: [])
        if options.live.terminal {
            return LiveMode.run(script: scene, output: output, errors: errors)
        }
        if let path = options.live.devicePath {
            return DeviceMode.run(
                script: scene, devicePath: path, descriptionPath: options.live.descriptionPath,
                options: options, output: output, errors: errors)
        }
        return nil
    }
}
