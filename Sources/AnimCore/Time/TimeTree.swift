/// A tree of time spaces, for converting a time between any two of its nodes the way
/// `-[CALayer convertTime:fromLayer:]` and `convertTime:toLayer:` do: up from the source to the
/// common ancestor, then down to the destination. Absolute time is the root of every node
/// (`nil` as a node, as CALayer's nil layer).
public struct TimeTree: Sendable {
    /// Each node's timing (only beginTime, speed and timeOffset matter for conversion).
    public let timings: [MediaTiming]
    /// Each node's parent index; nil when the node's parent is absolute time.
    public let parents: [Int?]

    /// A tree of `timings.count` nodes. Throws `.invalidArgument` when the arrays differ in
    /// length and `.outOfRange` for a parent index outside the nodes. Cycles are found when a
    /// conversion walks into one.
    public init(timings: [MediaTiming], parents: [Int?]) throws(AnimCoreError) {
        guard timings.count == parents.count else {
            throw AnimCoreError(
                .invalidArgument,
                "timings has \(timings.count) nodes but parents has \(parents.count)")
        }
        for (index, parent) in parents.enumerated() {
            if let parent, !timings.indices.contains(parent) {
                throw AnimCoreError(
                    .outOfRange,
                    "parents[\(index)] is \(parent); it must be -1 or in [0, \(timings.count))")
            }
        }
        self.timings = timings
        self.parents = parents
    }

    /// Converts `time` from `source`'s time space to `destination`'s (nil = absolute time).
    /// Throws `.outOfRange` for an unknown node, `.cycle` when parent links loop, and
    /// `.notInvertible` when a node on the way up has speed 0.
    public func convert(_ time: Double, from source: Int?, to destination: Int?) throws(AnimCoreError) -> Double {
        let up = try pathToAbsolute(from: source, role: "from")
        let down = try pathToAbsolute(from: destination, role: "to")
        // Drop the shared top of both paths: what is left lies below the common ancestor.
        var upCount = up.count
        var downCount = down.count
        while upCount > 0, downCount > 0, up[upCount - 1] == down[downCount - 1] {
            upCount -= 1
            downCount -= 1
        }
        var result = time
        for node in up[..<upCount] {
            do {
                result = try timings[node].parentTime(fromLocalTime: result)
            } catch {
                throw error.prefixed("node \(node): ")
            }
        }
        for node in down[..<downCount].reversed() {
            result = timings[node].localTime(atParentTime: result)
        }
        return result
    }

    /// The nodes from `node` up to (not including) absolute time.
    func pathToAbsolute(from node: Int?, role: String) throws(AnimCoreError) -> [Int] {
        var path: [Int] = []
        var current = node
        if let start = node, !timings.indices.contains(start) {
            throw AnimCoreError(
                .outOfRange, "\(role) node is \(start); it must be -1 or in [0, \(timings.count))")
        }
        while let index = current {
            guard path.count < timings.count else {
                throw AnimCoreError(.cycle, "the parent links above node \(node ?? -1) form a cycle")
            }
            path.append(index)
            current = parents[index]
        }
        return path
    }
}
