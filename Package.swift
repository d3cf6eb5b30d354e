// swift-tools-version:6.0
import PackageDescription

// No package dependencies: the toolchain's own modules only. The manifest declares targets and nothing else (no
// unsafe flags, nothing read from the file system), so a package can depend on KakeiboKit by URL and version.
// The start-up settings that make the installed `kakeibo` start fast are build options in scripts/install.
//
// KakeiboKit (values, store, the operations layer that makes every change, settings, reports, renderers) imports no
// Foundation, so `kakeibo month` starts as fast as a program of the standard library alone.
// The companion takes everything about the store and the settings from KakeiboKit, and from KakeiboCLI only the
// shared command-line plumbing (Command, arguments, Context, help); no target imports a layer above it.

// The core library's layers, lowest first: each target depends only on the ones before it.
let layers: [Target.Dependency] = ["KakeiboValues", "KakeiboStore", "KakeiboOperations", "KakeiboReports", "KakeiboRender"]

let package = Package(
    name: "kakeibo",
    products: [
        .executable(name: "kakeibo", targets: ["kakeibo"]),
        .executable(name: "kakeibo-companion", targets: ["kakeibo-companion"]),
        .library(name: "KakeiboKit", targets: ["KakeiboKit"]),
    ],
    targets: [
        // The core library, one layer a target (docs/development.md): values → store (codecs, files, settings) →
        // operations (every change) → reports (pure, read-only queries included) → render (one renderer per format).
        // KakeiboKit re-exports them all: one product to depend on, one import.
        .target(name: "KakeiboValues"),
        .target(name: "KakeiboStore", dependencies: Array(layers[..<1])),
        .target(name: "KakeiboOperations", dependencies: Array(layers[..<2])),
        .target(name: "KakeiboReports", dependencies: Array(layers[..<3])),
        .target(name: "KakeiboRender", dependencies: Array(layers[..<4])),
        .target(name: "KakeiboKit", dependencies: layers),
        // Every import's readers (CSV, Shift_JIS, other apps' exports, statements, layouts): below the command line and,
        // like the layers, free of Foundation (CP932 is decoded by a table), so `kakeibo` imports in-process.
        .target(name: "KakeiboImport", dependencies: ["KakeiboKit"] + layers),
        .target(name: "KakeiboCLI", dependencies: ["KakeiboKit", "KakeiboImport"]),
        .executableTarget(name: "kakeibo", dependencies: ["KakeiboCLI"]),
        // HTTP over URLSession (FoundationNetworking on Linux; docs/sync.md says how it is configured and why): the
        // sync commands' `Network`, given by the companion's main. The one target that imports Foundation.
        .target(name: "KakeiboNetwork", dependencies: ["KakeiboKit"]),
        // The companion `kakeibo` execs for the commands that need HTTP, so that only they pay Foundation's start-up
        // cost and its size (docs/development.md).
        .executableTarget(name: "kakeibo-companion", dependencies: ["KakeiboCLI", "KakeiboNetwork"]),
        // Each layer's unit tests, in a target of its own that depends on that layer and the ones below it (so a test
        // can't reach above its layer), and `@testable import`s only its own (`scripts/check-imports`). KakeiboKitTests
        // holds the tests that need the internals of several layers. KakeiboTestSupport is what they all build their
        // cases from (`item`, `wire`, the committed card dumps).
        .target(name: "KakeiboTestSupport", dependencies: Array(layers[..<2]), path: "Tests/KakeiboTestSupport"),
        .testTarget(name: "KakeiboValuesTests", dependencies: Array(layers[..<1]) + ["KakeiboTestSupport"]),
        .testTarget(name: "KakeiboStoreTests", dependencies: Array(layers[..<2]) + ["KakeiboTestSupport"]),
        .testTarget(name: "KakeiboOperationsTests", dependencies: Array(layers[..<3]) + ["KakeiboTestSupport"]),
        .testTarget(name: "KakeiboReportsTests", dependencies: Array(layers[..<4]) + ["KakeiboTestSupport"]),
        .testTarget(name: "KakeiboRenderTests", dependencies: layers + ["KakeiboTestSupport"]),
        .testTarget(name: "KakeiboKitTests", dependencies: ["KakeiboKit", "KakeiboTestSupport"] + layers),
        .testTarget(name: "KakeiboCLITests", dependencies: ["KakeiboCLI", "KakeiboImport", "KakeiboKit"] + layers),
        .testTarget(name: "KakeiboImportTests", dependencies: ["KakeiboImport", "KakeiboKit"]),
        .testTarget(name: "KakeiboNetworkTests", dependencies: ["KakeiboNetwork", "KakeiboKit"] + layers),
        .testTarget(
            name: "EndToEndTests", dependencies: ["kakeibo", "kakeibo-companion", "KakeiboCLI", "KakeiboKit"],
            exclude: ["Support/household_server.py", "Support/app_server.py"]),
    ]
)
