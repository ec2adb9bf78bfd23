import AnimCore
import CAnimCore

/// The linear() functions C values refer to: `ac_timing_function` is a plain value that owns
/// nothing, so a linear() function's points live here, each distinct function once for the
/// process's life, and the value carries its id (`linear_id`, 1-based; 0 is none). Ids are the
/// same in every engine and thread.
enum LinearFunctionStore {
    /// Distinct functions held at most (AC_LINEAR_FUNCTIONS_MAX): a bound on the memory a
    /// program that makes functions in a loop can take (each holds up to 10000 points).
    static let capacity = Int(AC_LINEAR_FUNCTIONS_MAX)

    nonisolated(unsafe) private static var functions: [LinearFunction] = []
    nonisolated(unsafe) private static var ids: [LinearFunction: UInt64] = [:]
    private static let mutex = RecursiveLock()

    /// The id of `function`, adding it when new; nil when the store is full.
    static func id(of function: LinearFunction) -> UInt64? {
        mutex.withLock {
            if let id = ids[function] { return id }
            guard functions.count < capacity else { return nil }
            functions.append(function)
            let id = UInt64(functions.count)
            ids[function] = id
            return id
        }
    }

    /// The function with `id`; nil for an id the store did not give.
    static func function(_ id: UInt64) -> LinearFunction? {
        mutex.withLock {
            guard id >= 1, id <= UInt64(functions.count) else { return nil }
            return functions[Int(id - 1)]
        }
    }
}
