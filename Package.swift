// swift-tools-version:6.0
// The Kontext Video SDK workspace. Each library module lives in `Modules/<Target>/Sources` with its
// unit tests in `Modules/<Target>/Tests` (the workshop's executables in `Tools/`, the demo in
// `Examples/`), and may depend only on modules of a lower layer (the table
// below; loading the manifest fails on an edge that points sideways or up). Every declared edge
// is an import that exists and every import a declared edge: `Scripts/check-module-imports`
// holds that in CI.
//
//   5  KontextVideoTesting (test kit)       the demo, the tools
//   4  KontextVideo (the facade)            KontextVideoTestSupport (internal test doubles)
//   3  Creatives (the creative bridge)
//   2  Networking   VAST   Labels   Presentation   PlayerTracking   Diagnostics
//   1  Models   Scheduling   Journal
//   0  Concurrency                           Sandbox (independent: Foundation only)
import PackageDescription

/// One library module of the layer table.
struct Module {
    let name: String
    let layer: Int
    let dependencies: [String]
    let resources: [Resource]?

    init(_ name: String, layer: Int, _ dependencies: [String] = [], resources: [Resource]? = nil) {
        self.name = name
        self.layer = layer
        self.dependencies = dependencies
        self.resources = resources
    }
}

/// The layer table: a module may depend only on modules of a lower layer. `Scripts/module-table`
/// compiles this manifest, prints each entry's `name` and `layer` (keep it a top-level `modules`) and
/// writes CONTRIBUTING.md's module table from them. It stays in this file: SwiftPM evaluates a
/// dependency's manifest without a checkout, so one reading a file would fail.
let modules: [Module] = [
    // Layer 0: a lock and a waiter list, the only concurrency primitives the SDK hand-writes.
    Module("KontextVideoConcurrency", layer: 0),
    // Layer 0, independent by design: the loopback sandbox ad server. Foundation only, so it checks
    // the wire protocol without the SDK's own Codable types.
    Module("KontextVideoSandbox", layer: 0, resources: [.copy("Resources/kontext-creative.js"), .copy("Resources/sandbox-ad.mp4")]),
    // Layer 1: the public values, and time.
    Module("KontextVideoModels", layer: 1, ["KontextVideoConcurrency"]),
    Module("KontextVideoScheduling", layer: 1, ["KontextVideoConcurrency"]),
    // Layer 1: the durable event queue on disk (nothing acknowledged is lost). It knows bytes and
    // files, not ads: it reports through a closure, so it needs no Models.
    Module("KontextVideoJournal", layer: 1, ["KontextVideoConcurrency"]),
    // Layer 2: pure rules, the ad-server conversation and the VAST engine.
    Module("KontextVideoLabels", layer: 2, ["KontextVideoModels"]),
    Module("KontextVideoPresentation", layer: 2, resources: [.copy("Resources/AdControlStrings")]),
    Module("KontextVideoPlayerTracking", layer: 2, ["KontextVideoScheduling"]),
    Module("KontextVideoNetworking", layer: 2, ["KontextVideoConcurrency", "KontextVideoModels", "KontextVideoScheduling", "KontextVideoJournal"]),
    Module("KontextVideoVAST", layer: 2, ["KontextVideoConcurrency", "KontextVideoModels", "KontextVideoScheduling"]),
    // Layer 2: the ad inspector, folded from the event stream (and its SwiftUI screen).
    Module("KontextVideoDiagnostics", layer: 2, ["KontextVideoConcurrency", "KontextVideoModels"]),
    // Layer 3: the creative bridge (renderers, linear tracking over the durable pipeline).
    // Its resource is the bridge script every HTML creative page runs (`CreativeBridgeScript`).
    Module("KontextVideoCreatives", layer: 3, [
        "KontextVideoModels", "KontextVideoScheduling", "KontextVideoNetworking", "KontextVideoVAST",
        // A creative page's messages are read as `JSONValue`s.
        "KontextVideoJournal",
        // The linear ad's controls are laid out by Presentation's math.
        "KontextVideoPresentation",
    ], resources: [.copy("Resources/kontext-bridge.js")]),
    // Layer 4: the public facade, the only module a publisher imports. It carries the SDK's
    // privacy manifest, which Xcode merges into the app's privacy report.
    Module("KontextVideo", layer: 4, [
        "KontextVideoConcurrency", "KontextVideoModels", "KontextVideoLabels", "KontextVideoScheduling", "KontextVideoNetworking",
        "KontextVideoPresentation", "KontextVideoPlayerTracking", "KontextVideoCreatives", "KontextVideoVAST",
        "KontextVideoDiagnostics",
    ], resources: [.copy("PrivacyInfo.xcprivacy")]),
    // Layer 4: the test doubles the SDK's own tests share (not a product).
    Module("KontextVideoTestSupport", layer: 4, [
        "KontextVideoConcurrency", "KontextVideoModels", "KontextVideoScheduling", "KontextVideoPlayerTracking",
        "KontextVideoJournal", "KontextVideoNetworking",
    ]),
    // Layer 5: the test kit publishers import.
    Module("KontextVideoTesting", layer: 5, [
        "KontextVideo", "KontextVideoSandbox", "KontextVideoTestSupport", "KontextVideoConcurrency",
        "KontextVideoScheduling", "KontextVideoJournal", "KontextVideoNetworking", "KontextVideoCreatives", "KontextVideoVAST",
        // The SDK's controls a scripted creative reports (`ShownAdControl`).
        "KontextVideoPresentation",
    ]),
]

let layerOf = Dictionary(uniqueKeysWithValues: modules.map { ($0.name, $0.layer) })
for module in modules {
    for dependency in module.dependencies {
        guard let layer = layerOf[dependency] else { fatalError("\(module.name) depends on \(dependency), which is not in the layer table") }
        precondition(layer < module.layer, "\(module.name) (layer \(module.layer)) may not depend on \(dependency) (layer \(layer))")
    }
}

func dependencies(_ names: [String]) -> [Target.Dependency] {
    names.map { .target(name: $0) }
}

/// Each module's unit tests, with what they use besides the module itself.
let moduleTests: [String: [String]] = [
    "KontextVideoConcurrency": [],
    "KontextVideoModels": ["KontextVideoConcurrency"],
    "KontextVideoScheduling": ["KontextVideoTestSupport"],
    "KontextVideoJournal": ["KontextVideoConcurrency", "KontextVideoTestSupport"],
    "KontextVideoLabels": ["KontextVideoConcurrency", "KontextVideoModels", "KontextVideoTestSupport"],
    "KontextVideoPresentation": [],
    "KontextVideoPlayerTracking": ["KontextVideoScheduling", "KontextVideoTestSupport"],
    "KontextVideoNetworking": ["KontextVideoConcurrency", "KontextVideoModels", "KontextVideoScheduling", "KontextVideoJournal", "KontextVideoSandbox", "KontextVideoTestSupport"],
    "KontextVideoVAST": ["KontextVideoConcurrency", "KontextVideoModels", "KontextVideoScheduling", "KontextVideoTestSupport"],
    "KontextVideoCreatives": ["KontextVideoConcurrency", "KontextVideoModels", "KontextVideoScheduling", "KontextVideoNetworking", "KontextVideoVAST", "KontextVideoPresentation", "KontextVideoSandbox", "KontextVideoTestSupport"],
    "KontextVideoDiagnostics": ["KontextVideoConcurrency", "KontextVideoModels"],
    "KontextVideoSandbox": [],
    "KontextVideoTestSupport": ["KontextVideoNetworking", "KontextVideoScheduling"],
    "KontextVideo": [
        "KontextVideoConcurrency", "KontextVideoModels", "KontextVideoScheduling", "KontextVideoPresentation", "KontextVideoJournal", "KontextVideoNetworking", "KontextVideoVAST",
        "KontextVideoCreatives", "KontextVideoTesting", "KontextVideoTestSupport", "KontextVideoSandbox",
    ],
    "KontextVideoTesting": ["KontextVideoCreatives"],
]

/// The workshop's executables, each in `Tools/<Folder>/Sources` with a card beside it (the demo in
/// `Examples/`). Each target is named after its command: `swift run <name>` runs an executable target
/// of the root package without a product, and the binary takes the target's name. Only the tools a
/// publisher runs from their own package are products (README.md, "Tools"); the rest stay out of
/// every publisher's "Add Package" dialog.
let tools: [(name: String, path: String, isProduct: Bool, dependencies: [String])] = [
    // The sandbox ad server, for a publisher's app on a simulator or a device (the guide's Getting started).
    ("kontext-sandbox", "Tools/KontextSandboxServer/Sources", true, ["KontextVideoSandbox"]),
    // A VAST tag as the SDK resolves it (the guide's Troubleshooting).
    ("kontext-vast", "Tools/KontextVASTTool/Sources", true, ["KontextVideoVAST", "KontextVideoModels", "KontextVideoScheduling"]),
    ("kontext-video-bench", "Tools/KontextVideoBenchmarks/Sources", false, [
        "KontextVideoVAST", "KontextVideoLabels", "KontextVideoPresentation", "KontextVideoNetworking", "KontextVideoModels",
        // `kontext-video-bench sdk`: the facade on the sandbox server, with the test kit's headless views.
        "KontextVideo", "KontextVideoTesting", "KontextVideoSandbox", "KontextVideoCreatives", "KontextVideoScheduling",
        "KontextVideoConcurrency", "KontextVideoJournal",
    ]),
    ("kontext-video-demo", "Examples/KontextVideoDemo", false, ["KontextVideoTesting"]),
    // A production-mode app (public API, real clock, real files) that process-level tests run.
    ("kontext-video-probe", "Tools/KontextVideoProbe/Sources", false, ["KontextVideo"]),
]

let package = Package(
    name: "KontextVideo",
    // `Duration` and the `Clock` protocol, which every timer of the SDK runs on, came with iOS 16,
    // tvOS 16 and macOS 13; visionOS had them from its first release (1.0, with iOS 17's SDK).
    // SwiftPM gives an unlisted platform a default minimum and builds the package there anyway,
    // so visionOS is declared, and checked (`Scripts/apple-typecheck`), rather than left implicit.
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .visionOS(.v1)],
    products: [
        .library(name: "KontextVideo", targets: ["KontextVideo"]),
        .library(name: "KontextVideoTesting", targets: ["KontextVideoTesting"]),
    ] + tools.filter(\.isProduct).map { .executable(name: $0.name, targets: [$0.name]) },
    targets: modules.map {
        .target(name: $0.name, dependencies: dependencies($0.dependencies), path: "Modules/\($0.name)/Sources", resources: $0.resources)
    } + moduleTests.sorted(by: { $0.key < $1.key }).map { module, uses in
        .testTarget(name: "\(module)Tests", dependencies: dependencies([module] + uses), path: "Modules/\(module)/Tests")
    } + tools.map {
        .executableTarget(name: $0.name, dependencies: dependencies($0.dependencies), path: $0.path)
    } + [
        // Runs the probe as a child process (SIGKILL, two processes, the real clock): it needs the
        // executable built, not imported.
        .testTarget(
            name: "KontextVideoProbeTests",
            dependencies: dependencies(["kontext-video-probe", "KontextVideoConcurrency", "KontextVideoScheduling", "KontextVideoSandbox"]),
            path: "Tools/KontextVideoProbe/Tests"
        ),
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

// Language features Swift will turn on by default, on for every target now (as swift-log does), so
// the move to the next language mode changes nothing: `any` spelled on every existential
// (SE-0335), and a member used only from a module the file imports itself (SE-0444).
for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
    ]
}
