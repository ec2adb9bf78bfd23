// swift-tools-version:6.0
// animcore: Core Animation's model as an embeddable engine with a C ABI.
//
// Targets, dependencies one way only:
//   CAnimCore  — a module map over include/animcore.h, so Swift sees the header's own types
//   AnimCore   — the pure Swift core (standard library, Glibc and Synchronization only)
//   AnimCoreC  — the @_cdecl shim that implements the header on top of AnimCore
//   AnimCoreTestSupport — what every test target shares (expectations, a seeded random
//                source, a thread-safe log); a target of the tests only, not a product
// One product: the `AnimCore` library, for Swift users (its documentation catalog is
// Sources/AnimCore/AnimCore.docc). The C library, libanimcore.so, is CMake's (CMakeLists.txt:
// static Swift runtime, exported symbols limited to ac_*); SwiftPM builds the shim for the tests.
import PackageDescription

let package = Package(
    name: "animcore",
    products: [
        .library(name: "AnimCore", targets: ["AnimCore"]),
    ],
    targets: [
        .systemLibrary(name: "CAnimCore", path: "include"),
        .target(name: "AnimCore", exclude: ["README.md"]),
        .target(name: "AnimCoreC", dependencies: ["AnimCore", "CAnimCore"]),
        .target(name: "AnimCoreTestSupport", dependencies: ["AnimCore"], path: "Tests/AnimCoreTestSupport"),
        .testTarget(name: "AnimCoreTests", dependencies: ["AnimCore", "AnimCoreC", "CAnimCore", "AnimCoreTestSupport"]),
        .testTarget(name: "AnimCoreEngineTests", dependencies: ["AnimCore", "AnimCoreTestSupport"]),
        .testTarget(name: "AnimCoreActionTests", dependencies: ["AnimCore", "AnimCoreTestSupport"]),
        .testTarget(name: "AnimCoreValuesTests", dependencies: ["AnimCore", "AnimCoreTestSupport"]),
        .testTarget(name: "AnimCoreSwiftAPITests", dependencies: ["AnimCore", "AnimCoreTestSupport"]),
    ]
)
