// Helpers of the Swift API suites (the shared ones come from AnimCoreTestSupport).
// The suites use the public API as a Swift user does (`import AnimCore`); a few checks read the
// package-level handle API (`engine.isValid(id)`) to see what the objects did underneath.
import Synchronization
// The expectations, the seeded random source and the thread-safe log every test target shares,
// visible in every file of this target.
@_exported import AnimCoreTestSupport
import Testing

import AnimCore

/// An error a test body throws on purpose.
struct Planned: Error, Equatable {}
