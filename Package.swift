// swift-tools-version:6.0
import Foundation
import PackageDescription

// No package dependencies: the toolchain's own modules only.
// KakeiboKit (values, store, the operations layer that makes every change, settings, reports, renderers) imports
// FoundationEssentials at most, so `kakeibo month` starts as fast as a FoundationEssentials-only binary.
// The companions take everything about the store and the settings from KakeiboKit, and from KakeiboCLI only the
// shared command-line plumbing (Command, arguments, Context, help); no target imports a layer above it.
// Start-up settings, measured with callgrind on `kakeibo month` over an 8-item store (BENCHMARKS.md, the floor):
// - Concrete generic types (`[Item]`, `[CategoryCode: Sum]`, …) are reached through their metadata accessors rather
//   than mangled names the runtime demangles and checks conformances for on first use: 5.28M → 4.50M instructions.
// - The executables export no symbols of their own (the static Swift runtime's link arguments ask for
//   `-export-dynamic`, which put 4,300 KakeiboKit/KakeiboCLI symbols in the dynamic table that the runtime's start-up
//   `dladdr` then searches): −160k instructions.
// - kakeibo links libstdc++ (the C++ library under the static Swift runtime) statically where its archive is
//   installed (Debian and Ubuntu: libstdc++-N-dev, which the toolchain needs anyway; Fedora: libstdc++-static):
//   loading and relocating the shared one was half of what the dynamic loader did at every start. Elsewhere it
//   loads the shared one, as before. 3.60M → 1.94M instructions, 318 → 280 pages touched.
let startUp: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])]
let noExports: [LinkerSetting] = [.unsafeFlags(["-Xlinker", "--no-export-dynamic"])]
let staticCxx: [LinkerSetting] = {
    let gcc = "/usr/lib/gcc" // where GCC installations keep libstdc++.a (…/x86_64-linux-gnu/12/libstdc++.a)
    let archives = (try? FileManager.default.subpathsOfDirectory(atPath: gcc))?.filter { $0.hasSuffix("/libstdc++.a") } ?? []
    // Support/static-libstdc++ holds a linker script named libstdc++.so that asks for libstdc++.a.
    return archives.isEmpty ? [] : [.unsafeFlags(["-L", Context.packageDirectory + "/Support/static-libstdc++"])]
}()

let package = Package(
    name: "kakeibo",
    products: [
        .executable(name: "kakeibo", targets: ["kakeibo"]),
        .executable(name: "kakeibo-convert", targets: ["kakeibo-convert"]),
        .executable(name: "kakeibo-sync", targets: ["kakeibo-sync"]),
        .library(name: "KakeiboKit", targets: ["KakeiboKit"]),
    ],
    targets: [
        .target(name: "KakeiboKit", swiftSettings: startUp),
        .target(name: "KakeiboCLI", dependencies: ["KakeiboKit"], swiftSettings: startUp),
        .executableTarget(name: "kakeibo", dependencies: ["KakeiboCLI"], swiftSettings: startUp, linkerSettings: noExports + staticCxx),
        // Imports from other apps' CSV exports need full Foundation (Shift_JIS), so they run in a companion binary.
        .target(name: "KakeiboConvert", dependencies: ["KakeiboCLI", "KakeiboKit"]),
        .executableTarget(name: "kakeibo-convert", dependencies: ["KakeiboConvert"], linkerSettings: noExports),
        // The sync commands (pull, push, sync) need FoundationNetworking: they run in a companion binary that
        // `kakeibo pull …` execs, so only they pay its start-up cost.
        // https goes over libcurl's easy interface (blocking, it waits in poll without spinning); a small C target
        // makes the variadic curl_easy_setopt calls Swift can't. Only kakeibo-sync links libcurl.
        .target(name: "CCurlShim", linkerSettings: [.linkedLibrary("curl")]),
        .target(name: "KakeiboSync", dependencies: ["KakeiboCLI", "KakeiboKit", "CCurlShim"]),
        .executableTarget(name: "kakeibo-sync", dependencies: ["KakeiboSync"], linkerSettings: noExports),
        .testTarget(name: "KakeiboKitTests", dependencies: ["KakeiboKit"]),
        .testTarget(name: "KakeiboCLITests", dependencies: ["KakeiboCLI", "KakeiboKit"]),
        .testTarget(name: "KakeiboConvertTests", dependencies: ["KakeiboConvert", "KakeiboKit"]),
        .testTarget(name: "KakeiboSyncTests", dependencies: ["KakeiboSync", "KakeiboCLI", "KakeiboKit"]),
        .testTarget(
            name: "EndToEndTests", dependencies: ["kakeibo", "kakeibo-convert", "kakeibo-sync", "KakeiboKit"],
            exclude: ["Support/household_server.py"]),
    ]
)
