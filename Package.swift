// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "InteractionKitLinux",
    products: [
        .library(name: "InteractionKitLinux", targets: ["InteractionKitLinux"]),
    ],
    targets: [
        .target(
            name: "InteractionKitLinux",
            swiftSettings: [.swiftLanguageMode(.v6)],
            linkerSettings: [.linkedLibrary("m")]
        ),
        .testTarget(
            name: "InteractionKitLinuxTests",
            dependencies: ["InteractionKitLinux"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
