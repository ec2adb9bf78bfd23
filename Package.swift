// swift-tools-version:6.0
// animcore: Core Animation's model as an embeddable engine with a C ABI.
//
// Targets, dependencies one way only:
//   CAnimCore  — a module map over include/animcore.h, so Swift sees the header's own types
//   AnimCore   — the pure Swift core (standard library, Glibc and Synchronization only)
//   AnimCoreC  — the @_cdecl shim that implements the header on top of AnimCore
// The dynamic library product `animcore` is libanimcore.so. CMakeLists.txt builds the release
// library from the same sources (static Swift runtime, exported symbols limited to ac_*).
import PackageDescription

let package = Package(
    name: "animcore",
    products: [
        .library(name: "animcore", type: .dynamic, targets: ["AnimCoreC"]),
        .library(name: "AnimCore", targets: ["AnimCore"]),
    ],
    targets: [
        .systemLibrary(name: "CAnimCore", path: "include"),
        .target(name: "AnimCore", exclude: ["README.md"]),
        .target(name: "AnimCoreC", dependencies: ["AnimCore", "CAnimCore"]),
        .testTarget(name: "AnimCoreTests", dependencies: ["AnimCore", "AnimCoreC", "CAnimCore"]),
        .testTarget(name: "AnimCoreEngineTests", dependencies: ["AnimCore"]),
        .testTarget(name: "AnimCoreActionTests", dependencies: ["AnimCore"]),
        .testTarget(name: "AnimCoreValuesTests", dependencies: ["AnimCore"]),
    ]
)
