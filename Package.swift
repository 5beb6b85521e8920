// swift-tools-version:6.0
// The Kontext Video SDK workspace. Each target lives in `Modules/<Target>/Sources`
// with its unit tests in `Modules/<Target>/Tests`; dependencies point downward only:
//
//   Models ← Labels ← Networking ← Creatives ← KontextVideo (facade) ← KontextVideoTesting
//   Scheduling ↗        Presentation ↗  PlayerTracking ↗          Sandbox ↗
import PackageDescription

/// One module: its sources under `Modules/<name>/Sources`, its tests under `Modules/<name>/Tests`.
func module(_ name: String, dependencies: [Target.Dependency] = []) -> Target {
    .target(name: name, dependencies: dependencies, path: "Modules/\(name)/Sources")
}

func moduleTests(_ name: String, dependencies: [Target.Dependency]) -> Target {
    .testTarget(name: "\(name)Tests", dependencies: dependencies, path: "Modules/\(name)/Tests")
}

func tool(_ name: String, dependencies: [Target.Dependency]) -> Target {
    .executableTarget(name: name, dependencies: dependencies, path: "Modules/\(name)/Sources")
}

let package = Package(
    name: "KontextVideo",
    platforms: [.iOS(.v15), .macOS(.v13), .tvOS(.v15)],
    products: [
        .library(name: "KontextVideo", targets: ["KontextVideo"]),
        .library(name: "KontextVideoTesting", targets: ["KontextVideoTesting"]),
        .executable(name: "kontext-video-demo", targets: ["KontextVideoDemo"]),
        .executable(name: "kontext-sandbox", targets: ["KontextSandboxServer"]),
        .executable(name: "kontext-vast", targets: ["KontextVASTTool"]),
        .executable(name: "kontext-video-bench", targets: ["KontextVideoBenchmarks"]),
    ],
    targets: [
        // Layer 0: values and time.
        module("KontextVideoModels"),
        module("KontextVideoScheduling", dependencies: ["KontextVideoModels"]),
        // Layer 1: pure rules.
        module("KontextVideoLabels", dependencies: ["KontextVideoModels"]),
        module("KontextVideoPresentation", dependencies: ["KontextVideoModels"]),
        module("KontextVideoPlayerTracking", dependencies: ["KontextVideoModels", "KontextVideoScheduling"]),
        // Layer 2: the ad server conversation and the durable event pipeline.
        module("KontextVideoNetworking", dependencies: ["KontextVideoModels", "KontextVideoLabels", "KontextVideoScheduling"]),
        // Layer 3: VAST and the creative bridge.
        module("KontextVideoCreatives", dependencies: ["KontextVideoModels", "KontextVideoScheduling", "KontextVideoNetworking"]),
        // Layer 4: the public facade, the only module a publisher imports.
        module("KontextVideo", dependencies: [
            "KontextVideoModels", "KontextVideoLabels", "KontextVideoScheduling", "KontextVideoNetworking",
            "KontextVideoPresentation", "KontextVideoPlayerTracking", "KontextVideoCreatives",
        ]),
        // Test support: the loopback sandbox ad server (Foundation only, so it checks the
        // wire protocol independently of the SDK's own Codable types) and the headless kit.
        module("KontextVideoSandbox"),
        module("KontextVideoTesting", dependencies: ["KontextVideo", "KontextVideoSandbox", "KontextVideoScheduling"]),

        // Tools and the demo.
        tool("KontextSandboxServer", dependencies: ["KontextVideoSandbox"]),
        tool("KontextVASTTool", dependencies: ["KontextVideoCreatives", "KontextVideoNetworking"]),
        tool("KontextVideoBenchmarks", dependencies: ["KontextVideoCreatives", "KontextVideoLabels", "KontextVideoPresentation", "KontextVideoNetworking", "KontextVideoModels"]),
        .executableTarget(name: "KontextVideoDemo", dependencies: ["KontextVideo", "KontextVideoTesting"], path: "Examples/KontextVideoDemo"),

        // Unit tests, one target per module.
        moduleTests("KontextVideoModels", dependencies: ["KontextVideoModels"]),
        moduleTests("KontextVideoScheduling", dependencies: ["KontextVideoScheduling"]),
        moduleTests("KontextVideoLabels", dependencies: ["KontextVideoLabels"]),
        moduleTests("KontextVideoPresentation", dependencies: ["KontextVideoPresentation"]),
        moduleTests("KontextVideoPlayerTracking", dependencies: ["KontextVideoPlayerTracking", "KontextVideoScheduling"]),
        moduleTests("KontextVideoNetworking", dependencies: ["KontextVideoNetworking", "KontextVideoSandbox", "KontextVideoScheduling"]),
        moduleTests("KontextVideoCreatives", dependencies: ["KontextVideoCreatives", "KontextVideoSandbox", "KontextVideoScheduling"]),
        moduleTests("KontextVideoSandbox", dependencies: ["KontextVideoSandbox"]),
        moduleTests("KontextVideo", dependencies: ["KontextVideo", "KontextVideoTesting"]),
        moduleTests("KontextVideoTesting", dependencies: ["KontextVideoTesting"]),

        // The spec-derived conformance suite: only what a publisher imports.
        .testTarget(
            name: "KontextVideoConformanceTests",
            dependencies: ["KontextVideo", "KontextVideoTesting"],
            path: "ConformanceTests",
            exclude: ["catalogue.json", "README.md"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
