import AnimCore
import CAnimCore

// The time-space section of animcore.h.

@_cdecl("ac_time_chain_to_local")
public func ac_time_chain_to_local(
    _ chain: UnsafePointer<ac_timing>?, _ count: Int, _ time: Double,
    _ outTime: UnsafeMutablePointer<Double>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        let timings = try timingArray(chain, count: count, argument: "chain")
        let start = try timeArgument(time, "time_s")
        try required(outTime, "out_time_s").pointee =
            MediaTiming.localTime(fromAbsoluteTime: start, through: timings)
    }
}

@_cdecl("ac_time_chain_to_absolute")
public func ac_time_chain_to_absolute(
    _ chain: UnsafePointer<ac_timing>?, _ count: Int, _ time: Double,
    _ outTime: UnsafeMutablePointer<Double>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        let timings = try timingArray(chain, count: count, argument: "chain")
        let start = try timeArgument(time, "time_s")
        let out = try required(outTime, "out_time_s")
        do throws(AnimCoreError) {
            out.pointee = try MediaTiming.absoluteTime(fromLocalTime: start, through: timings)
        } catch {
            throw APIError(error.code.status, error.message)
        }
    }
}

@_cdecl("ac_time_tree_convert")
public func ac_time_tree_convert(
    _ timings: UnsafePointer<ac_timing>?, _ parents: UnsafePointer<Int64>?, _ count: Int,
    _ fromNode: Int64, _ toNode: Int64, _ time: Double, _ outTime: UnsafeMutablePointer<Double>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        let nodes = try timingArray(timings, count: count, argument: "timings")
        guard count == 0 || parents != nil else { throw .nullPointer("parents") }
        let links: [Int?] = (0..<count).map { index in
            parents.map { $0[index] == -1 ? nil : Int(clamping: $0[index]) } ?? nil
        }
        let start = try timeArgument(time, "time_s")
        let out = try required(outTime, "out_time_s")
        do throws(AnimCoreError) {
            let tree = try TimeTree(timings: nodes, parents: links)
            out.pointee = try tree.convert(
                start, from: fromNode == -1 ? nil : Int(clamping: fromNode),
                to: toNode == -1 ? nil : Int(clamping: toNode))
        } catch {
            throw APIError(error.code.status, error.message)
        }
    }
}
