// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "InteractionKitLinux",
    products: [
        .library(name: "InteractionKitLinux", targets: ["InteractionKitLinux"]),
        .executable(name: "Demo", targets: ["Demo"]),
    ],
    targets: [
        .target(
            name: "InteractionKitLinux",
            swiftSettings: [.swiftLanguageMode(.v6)],
            linkerSettings: [.linkedLibrary("m")]
        ),
        .target(
            name: "DemoCLI",
            dependencies: ["InteractionKitLinux"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "Demo",
            dependencies: ["DemoCLI"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "Bench",
            dependencies: ["InteractionKitLinux"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "InteractionKitDBus",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "DemoCLITests",
            dependencies: ["DemoCLI", "InteractionKitLinux"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "InteractionKitLinuxTests",
            dependencies: ["InteractionKitLinux"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "InteractionKitDBusTests",
            dependencies: ["InteractionKitDBus"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
