/// A tree of time spaces, for converting a time between any two of its nodes the way
/// `-[CALayer convertTime:fromLayer:]` and `convertTime:toLayer:` do: up from the source to the
/// common ancestor, then down to the destination. Absolute time is the root of every node
/// (`nil` as a node, as CALayer's nil layer).
public struct TimeTree: Sendable {
    /// Each node's timing (only beginTime, speed and timeOffset matter for conversion).
    public let timings: [MediaTiming]
    /// Each node's parent index; nil when the node's parent is absolute time.
    public let parents: [Int?]

    /// A tree of `timings.count` nodes, checked once.
    ///
    /// C: `ac_time_tree_convert` (which takes the arrays each call).
    /// - Parameters:
    ///   - timings: each node's timing.
    ///   - parents: each node's parent index; nil for a node whose parent is absolute time.
    /// - Throws: `.invalidArgument` when the arrays differ in length, `.outOfRange` for a parent
    ///   index outside the nodes, `.cycle` when parent links loop anywhere in the tree.
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
        try TimeTree.checkAcyclic(parents)
        self.timings = timings
        self.parents = parents
    }

    /// Throws `.cycle` when following parent links from some node comes back to a node on the
    /// same walk. Each node is walked once: O(n).
    static func checkAcyclic(_ parents: [Int?]) throws(AnimCoreError) {
        // 0 = not seen, 1 = on the current walk, 2 = known to reach absolute time.
        var state = [UInt8](repeating: 0, count: parents.count)
        for start in parents.indices where state[start] == 0 {
            var walk: [Int] = []
            var node: Int? = start
            while let current = node, state[current] != 2 {
                if state[current] == 1 {
                    throw AnimCoreError(
                        .cycle, "parents[\(current)] leads back to node \(current): the parent links form a loop")
                }
                state[current] = 1
                walk.append(current)
                node = parents[current]
            }
            for visited in walk { state[visited] = 2 }
        }
    }

    /// Converts `time` from `source`'s time space to `destination`'s.
    ///
    /// C: `ac_time_tree_convert`.
    /// - Parameters:
    ///   - time: seconds in `source`'s time space.
    ///   - source: a node index; nil for absolute time.
    ///   - destination: a node index; nil for absolute time.
    /// - Returns: the same instant in `destination`'s time space.
    /// - Throws: `.outOfRange` for an unknown node (named `from_node` / `to_node`),
    ///   `.notInvertible` when a node on the way up has speed 0.
    public func convert(_ time: Double, from source: Int?, to destination: Int?) throws(AnimCoreError) -> Double {
        let up = try pathToAbsolute(from: source, role: "from_node")
        let down = try pathToAbsolute(from: destination, role: "to_node")
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
                throw error.prefixed("timings[\(node)]: ")
            }
        }
        for node in down[..<downCount].reversed() {
            result = timings[node].layerTime(atParentTime: result)
        }
        return result
    }

    /// The nodes from `node` up to (not including) absolute time.
    func pathToAbsolute(from node: Int?, role: String) throws(AnimCoreError) -> [Int] {
        if let start = node, !timings.indices.contains(start) {
            throw AnimCoreError(
                .outOfRange, "\(role) is \(start); it must be -1 or in [0, \(timings.count))")
        }
        var path: [Int] = []
        var current = node
        while let index = current {
            path.append(index)
            current = parents[index]
        }
        return path
    }
}
