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
//   installed beside the GCC the linker uses (Debian and Ubuntu: libstdc++-N-dev, which the toolchain needs anyway;
//   Fedora: libstdc++-static): loading and relocating the shared one was half of what the dynamic loader did at
//   every start. Elsewhere it loads the shared one, as before. 3.60M → 1.94M instructions, 318 → 280 pages touched.
let startUp: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])]
let noExports: [LinkerSetting] = [.unsafeFlags(["-Xlinker", "--no-export-dynamic"])]
let staticCxx: [LinkerSetting] = {
    // The GCC installation the linker driver takes: the newest for this machine's architecture that has crtbegin.o
    // (/usr/lib/gcc/x86_64-linux-gnu/12). Only when its libstdc++.a is there does kakeibo ask for it, through
    // Support/static-libstdc++, which holds a linker script named libstdc++.so that reads the archive instead.
    let files = FileManager.default
    let root = "/usr/lib/gcc"
    #if arch(x86_64)
        let architecture = "x86_64-"
    #else
        let architecture = "aarch64-"
    #endif
    let installations = ((try? files.contentsOfDirectory(atPath: root)) ?? []).filter { $0.hasPrefix(architecture) }
        .flatMap { triple in ((try? files.contentsOfDirectory(atPath: "\(root)/\(triple)")) ?? []).map { "\(root)/\(triple)/\($0)" } }
        .filter { files.fileExists(atPath: $0 + "/crtbegin.o") }
    func version(_ path: String) -> [Int] { (path.split(separator: "/").last ?? "").split(separator: ".").map { Int($0) ?? 0 } }
    guard let newest = installations.max(by: { version($0).lexicographicallyPrecedes(version($1)) }),
        files.fileExists(atPath: newest + "/libstdc++.a")
    else { return [] }
    return [.unsafeFlags(["-L", Context.packageDirectory + "/Support/static-libstdc++"])]
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
        // They go over URLSession (FoundationNetworking on Linux; docs/sync.md says how it is configured and why).
        .target(name: "KakeiboSync", dependencies: ["KakeiboCLI", "KakeiboKit"]),
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
