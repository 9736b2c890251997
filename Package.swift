// swift-tools-version:6.3
import PackageDescription

// The layers, bottom to top (Design.md draws them): each target may import
// only the targets listed as its dependencies. SwiftPM lets a module reached
// through another dependency be imported too, so .ci/check-imports.py holds
// every target to its own list.
let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "InteractionKitLinux",
    products: [
        // The engine, the large content viewer and the components, in one import.
        .library(name: "InteractionKitLinux", targets: ["InteractionKitLinux"]),
        // Gesture scripts, their player and transcripts, pictures, and the evemu reader.
        .library(name: "InteractionKitReplay", targets: ["InteractionKitReplay", "InteractionKitPictures", "InteractionKitEvemu"]),
        // A real clock and real devices: the live run loop and the evdev reader.
        .library(name: "InteractionKitLive", targets: ["InteractionKitLive"]),
        // Screen readers: a window's tree exported over AT-SPI2, on a dependency-free D-Bus client.
        .library(name: "InteractionKitAccessibility", targets: ["InteractionKitAccessibility", "InteractionKitDBus"]),
        // Test support for toolkits: fingers on the virtual clock, control-event and state recorders.
        .library(name: "InteractionKitTesting", targets: ["InteractionKitTesting"]),
        .executable(name: "Demo", targets: ["Demo"]),
    ],
    targets: [
        // Engine: geometry, view tree, touches, virtual time, recognizers, arbitration.
        .target(name: "InteractionKitCore", swiftSettings: swift6, linkerSettings: [.linkedLibrary("m")]),
        // The large content viewer: an interaction built on the engine's public extension points.
        .target(name: "InteractionKitLargeContentViewer", dependencies: ["InteractionKitCore"], swiftSettings: swift6),
        // Tab bar, controls, buttons, toolbar.
        .target(
            name: "InteractionKitComponents",
            dependencies: ["InteractionKitCore", "InteractionKitLargeContentViewer"],
            swiftSettings: swift6
        ),
        // The umbrella module: re-exports the three above.
        .target(
            name: "InteractionKitLinux",
            dependencies: ["InteractionKitCore", "InteractionKitLargeContentViewer", "InteractionKitComponents"],
            swiftSettings: swift6
        ),
        // Toolkit tests on a window's virtual clock: a finger driver and recorders, on the umbrella only.
        .target(name: "InteractionKitTesting", dependencies: ["InteractionKitLinux"], swiftSettings: swift6),
        // Linux touchscreen recordings (evemu) decoded into touch samples.
        .target(name: "InteractionKitEvemu", dependencies: ["InteractionKitCore"], swiftSettings: swift6),
        // The live run loop (CLOCK_MONOTONIC, poll) and the evdev reader: the engine's
        // clock and devices. The other real clocks are named in Design.md ("Virtual time").
        .target(name: "InteractionKitLive", dependencies: ["InteractionKitCore", "InteractionKitEvemu"], swiftSettings: swift6),
        // Gesture scripts, the player, scene snapshots and transcripts.
        .target(
            name: "InteractionKitReplay",
            dependencies: ["InteractionKitLinux", "InteractionKitEvemu"],
            swiftSettings: swift6
        ),
        // A dependency-free D-Bus client (the wire protocol over a Unix socket; Glibc only):
        // the base of the AT-SPI export for screen readers.
        .target(name: "InteractionKitDBus", swiftSettings: swift6),
        // The AT-SPI2 export of a window's accessibility tree (Glibc only, no Foundation).
        .target(
            name: "InteractionKitAccessibility",
            dependencies: ["InteractionKitCore", "InteractionKitDBus"],
            swiftSettings: swift6
        ),
        // Terminal and SVG pictures of scene snapshots.
        .target(name: "InteractionKitPictures", dependencies: ["InteractionKitLinux", "InteractionKitReplay"], swiftSettings: swift6),
        .target(
            name: "DemoCLI",
            dependencies: [
                "InteractionKitLinux", "InteractionKitEvemu", "InteractionKitReplay", "InteractionKitPictures",
                "InteractionKitLive", "InteractionKitDBus", "InteractionKitAccessibility",
            ],
            swiftSettings: swift6
        ),
        .executableTarget(name: "Demo", dependencies: ["DemoCLI"], swiftSettings: swift6),
        .executableTarget(
            name: "Bench", dependencies: ["InteractionKitLinux", "InteractionKitAccessibility", "InteractionKitDBus"],
            swiftSettings: swift6
        ),

        // Helpers shared by the test targets.
        .target(
            name: "InteractionKitTestSupport",
            dependencies: ["InteractionKitLinux", "InteractionKitTesting"],
            path: "Tests/Support",
            swiftSettings: swift6
        ),
        .testTarget(
            name: "InteractionKitCoreTests",
            dependencies: ["InteractionKitCore", "InteractionKitTestSupport", "InteractionKitTesting"],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "InteractionKitLargeContentViewerTests",
            dependencies: ["InteractionKitCore", "InteractionKitLargeContentViewer", "InteractionKitLinux", "InteractionKitTestSupport"],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "InteractionKitComponentsTests",
            dependencies: ["InteractionKitCore", "InteractionKitComponents", "InteractionKitLinux", "InteractionKitTestSupport"],
            swiftSettings: swift6
        ),
        .testTarget(name: "InteractionKitLinuxTests", dependencies: ["InteractionKitCore", "InteractionKitLinux", "InteractionKitTestSupport"], swiftSettings: swift6),
        .testTarget(name: "InteractionKitEvemuTests", dependencies: ["InteractionKitCore", "InteractionKitEvemu", "InteractionKitTestSupport"], swiftSettings: swift6),
        .testTarget(name: "InteractionKitLiveTests", dependencies: ["InteractionKitLinux", "InteractionKitEvemu", "InteractionKitLive", "InteractionKitTestSupport"], swiftSettings: swift6),
        .testTarget(
            name: "InteractionKitReplayTests",
            dependencies: [
                "InteractionKitLinux", "InteractionKitEvemu", "InteractionKitReplay", "InteractionKitTestSupport",
                "InteractionKitTesting",
            ],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "InteractionKitPicturesTests",
            dependencies: ["InteractionKitLinux", "InteractionKitReplay", "InteractionKitPictures", "InteractionKitTestSupport"],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "InteractionKitTestingTests",
            dependencies: ["InteractionKitTesting", "InteractionKitLinux"],
            swiftSettings: swift6
        ),
        // Examples/Toolkit: a slider and a segmented control a toolkit author
        // would write, on the public API and the testing product only.
        .target(
            name: "ToolkitExamples",
            dependencies: ["InteractionKitLinux"],
            path: "Examples/Toolkit/Sources/ToolkitExamples",
            swiftSettings: swift6
        ),
        .testTarget(
            name: "ToolkitExamplesTests",
            dependencies: ["ToolkitExamples", "InteractionKitTesting", "InteractionKitLinux"],
            path: "Examples/Toolkit/Tests/ToolkitExamplesTests",
            swiftSettings: swift6
        ),
        .testTarget(
            name: "DemoCLITests",
            dependencies: [
                "DemoCLI", "InteractionKitLinux", "InteractionKitEvemu", "InteractionKitLive", "InteractionKitReplay",
                "InteractionKitPictures", "InteractionKitTestSupport",
            ],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "InteractionKitDBusTests", dependencies: ["InteractionKitDBus", "InteractionKitTestSupport"],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "InteractionKitAccessibilityTests",
            dependencies: ["InteractionKitAccessibility", "InteractionKitDBus", "InteractionKitLinux", "InteractionKitTestSupport"],
            swiftSettings: swift6
        ),
    ]
)
