@testable import AnimCoreC
import CAnimCore
import Foundation
import Testing

/// A valid animation timing (struct_size set by the init function, as the header asks).
private func animationTiming() -> ac_timing {
    var timing = ac_timing()
    _ = AnimCoreC.ac_timing_init_animation(&timing)
    return timing
}

/// A timing state with its struct_size set.
private func emptyState() -> ac_timing_state {
    var state = ac_timing_state()
    state.struct_size = UInt32(MemoryLayout<ac_timing_state>.size)
    return state
}

/// This thread's last error message.
private func lastMessage() -> String {
    String(cString: AnimCoreC.ac_last_error_message())
}

/// Expects `status` to be `expected`, the thread's last status to match, and the last message
/// to start with the status name and contain every fragment (the argument it names; compared
/// without regard to case, so "offset" finds "time_offset_s" or "timeOffset").
private func expectFailure(
    _ status: ac_status, _ expected: Int, naming fragments: String..., sourceLocation: SourceLocation = #_sourceLocation
) {
    let name = String(cString: AnimCoreC.ac_status_name(ac_status(expected)))
    #expect(status == ac_status(expected), "status \(String(cString: AnimCoreC.ac_status_name(status))), expected \(name)",
            sourceLocation: sourceLocation)
    #expect(AnimCoreC.ac_last_error_status() == ac_status(expected), "last error status", sourceLocation: sourceLocation)
    let message = lastMessage()
    #expect(message.hasPrefix(name + ": "), "message starts with the status name: \(message)", sourceLocation: sourceLocation)
    for fragment in fragments {
        #expect(message.lowercased().contains(fragment.lowercased()), "message names \(fragment): \(message)",
                sourceLocation: sourceLocation)
    }
}

private let ok = ac_status(AC_OK)

/// The C ABI's shim, called from Swift exactly as C would call it: bad input of every kind
/// (NULL pointers, NaN and infinite numbers, negative durations, unknown fill modes and step
/// positions, wrong struct_size, unknown names, malformed functions, buffers too small, bad tree
/// indexes) must return the header's status and leave a last-error message on the calling thread
/// that names the argument. Also: the status table, version, and that the last error is per
/// thread. Expected statuses and field names come from include/animcore.h.
@Suite("C API: bad input, statuses and last error")
struct CAPITests {
    // MARK: Status table, version, last error basics

    @Test("status names and messages follow AC_STATUS_TABLE")
    func statusTable() {
        let table: [(Int, String, String)] = [
            (AC_OK, "AC_OK", "success"),
            (AC_ERR_NULL_POINTER, "AC_ERR_NULL_POINTER", "a required pointer argument is NULL"),
            (AC_ERR_NOT_FINITE, "AC_ERR_NOT_FINITE", "a number that must be finite is NaN or infinite"),
            (AC_ERR_OUT_OF_RANGE, "AC_ERR_OUT_OF_RANGE", "a number is outside its allowed range"),
            (AC_ERR_BUFFER_TOO_SMALL, "AC_ERR_BUFFER_TOO_SMALL", "an output buffer is too small"),
            (AC_ERR_UNKNOWN_NAME, "AC_ERR_UNKNOWN_NAME", "a name is not known"),
            (AC_ERR_BAD_STRUCT_SIZE, "AC_ERR_BAD_STRUCT_SIZE", "a struct's struct_size field does not match this library"),
            (AC_ERR_INVALID_ARGUMENT, "AC_ERR_INVALID_ARGUMENT", "an argument is not valid for this call"),
            (AC_ERR_NOT_INVERTIBLE, "AC_ERR_NOT_INVERTIBLE", "a speed or matrix on the way is not invertible"),
            (AC_ERR_CYCLE, "AC_ERR_CYCLE", "the parent links form a cycle"),
            (AC_ERR_BAD_HANDLE, "AC_ERR_BAD_HANDLE", "a handle is released, stale or from another engine"),
            (AC_ERR_UNKNOWN_KEY, "AC_ERR_UNKNOWN_KEY", "a key or key path is not known to the layer's class"),
            (AC_ERR_WRONG_KIND, "AC_ERR_WRONG_KIND", "a value is of another kind than the key holds"),
            (AC_ERR_NOT_ANIMATABLE, "AC_ERR_NOT_ANIMATABLE", "the key cannot be animated"),
            (AC_ERR_INVALID_STATE, "AC_ERR_INVALID_STATE", "the object's state does not allow this call"),
            (AC_ERR_VERSION_MISMATCH, "AC_ERR_VERSION_MISMATCH", "the header's major version differs from the library's"),
        ]
        #expect(table.count == AC_STATUS_COUNT)
        for (index, (code, name, message)) in table.enumerated() {
            #expect(code == index, "codes are 0...\(AC_STATUS_COUNT - 1) in order")
            #expect(String(cString: AnimCoreC.ac_status_name(ac_status(code))) == name)
            #expect(String(cString: AnimCoreC.ac_status_message(ac_status(code))) == message)
        }
        for unknown in [-1, Int(AC_STATUS_COUNT), 42, Int(Int32.max)] {
            #expect(String(cString: AnimCoreC.ac_status_name(ac_status(unknown))) == "AC_UNKNOWN_STATUS")
            #expect(String(cString: AnimCoreC.ac_status_message(ac_status(unknown))) == "unknown status")
        }
    }

    @Test("version number and string match the header's macros")
    func version() {
        #expect(AnimCoreC.ac_version_number() == Int32(AC_VERSION_MAJOR * 10000 + AC_VERSION_MINOR * 100 + AC_VERSION_PATCH))
        #expect(String(cString: AnimCoreC.ac_version_string()) == AC_VERSION_STRING)
        #expect(String(cString: AnimCoreC.ac_version_string()) == "\(AC_VERSION_MAJOR).\(AC_VERSION_MINOR).\(AC_VERSION_PATCH)")
    }

    @Test("a success leaves the last error alone; ac_clear_last_error forgets it")
    func lastErrorLifecycle() {
        AnimCoreC.ac_clear_last_error()
        #expect(AnimCoreC.ac_last_error_status() == ok)
        #expect(lastMessage() == "")
        var function = ac_timing_function()
        _ = AnimCoreC.ac_timing_function_named("bounce", &function)
        #expect(AnimCoreC.ac_last_error_status() == ac_status(AC_ERR_UNKNOWN_NAME))
        #expect(AnimCoreC.ac_timing_function_named("easeIn", &function) == ok)
        #expect(AnimCoreC.ac_last_error_status() == ac_status(AC_ERR_UNKNOWN_NAME), "the last *failed* call")
        #expect(lastMessage().contains("bounce"))
        AnimCoreC.ac_clear_last_error()
        #expect(AnimCoreC.ac_last_error_status() == ok)
        #expect(lastMessage() == "")
    }

    @Test("the last error is per thread")
    func lastErrorPerThread() {
        final class Observed: @unchecked Sendable {
            var statusBefore = ac_status(-1), messageBefore = "?", statusAfter = ac_status(-1), messageAfter = "?"
        }
        var function = ac_timing_function()
        #expect(AnimCoreC.ac_timing_function_named("wobble", &function) == ac_status(AC_ERR_UNKNOWN_NAME))
        let observed = Observed()
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            // A fresh thread has no error, whatever this thread did.
            observed.statusBefore = AnimCoreC.ac_last_error_status()
            observed.messageBefore = String(cString: AnimCoreC.ac_last_error_message())
            var state = ac_timing_state()
            _ = AnimCoreC.ac_timing_evaluate(nil, 0, &state)
            observed.statusAfter = AnimCoreC.ac_last_error_status()
            observed.messageAfter = String(cString: AnimCoreC.ac_last_error_message())
            finished.signal()
        }
        thread.start()
        finished.wait()
        #expect(observed.statusBefore == ok)
        #expect(observed.messageBefore == "")
        #expect(observed.statusAfter == ac_status(AC_ERR_NULL_POINTER))
        #expect(observed.messageAfter.contains("timing"), "\(observed.messageAfter)")
        // This thread still has its own error.
        #expect(AnimCoreC.ac_last_error_status() == ac_status(AC_ERR_UNKNOWN_NAME))
        #expect(lastMessage().contains("wobble"), "\(lastMessage())")
    }

    @Test("many threads failing at once each read back their own message")
    func lastErrorManyThreads() {
        let count = 8
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var messages: [Int: String] = [:]
        }
        let results = Results()
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            Thread {
                var function = ac_timing_function()
                var message = ""
                for _ in 0..<200 {
                    _ = AnimCoreC.ac_timing_function_named("name-\(index)", &function)
                    message = String(cString: AnimCoreC.ac_last_error_message())
                    if !message.contains("\"name-\(index)\"") { break }
                }
                results.lock.lock()
                results.messages[index] = message
                results.lock.unlock()
                group.leave()
            }.start()
        }
        group.wait()
        for index in 0..<count {
            #expect(results.messages[index]?.contains("\"name-\(index)\"") == true, "thread \(index): \(results.messages[index] ?? "none")")
        }
    }

    // MARK: NULL pointers

    @Test("NULL pointers return AC_ERR_NULL_POINTER naming the argument")
    func nullPointers() {
        var timing = animationTiming()
        timing.duration_s = 1
        var state = emptyState()
        var function = ac_timing_function()
        _ = AnimCoreC.ac_timing_function_named("linear", &function)
        var value = 0.0, other = 0.0

        expectFailure(AnimCoreC.ac_timing_init_animation(nil), AC_ERR_NULL_POINTER, naming: "timing")
        expectFailure(AnimCoreC.ac_timing_init_layer(nil), AC_ERR_NULL_POINTER, naming: "timing")
        expectFailure(AnimCoreC.ac_timing_validate(nil), AC_ERR_NULL_POINTER, naming: "timing")
        expectFailure(AnimCoreC.ac_timing_evaluate(nil, 0, &state), AC_ERR_NULL_POINTER, naming: "timing")
        expectFailure(AnimCoreC.ac_timing_evaluate(&timing, 0, nil), AC_ERR_NULL_POINTER, naming: "out_state")
        expectFailure(AnimCoreC.ac_timing_progress(nil, nil, 0, &value), AC_ERR_NULL_POINTER, naming: "timing")
        expectFailure(AnimCoreC.ac_timing_progress(&timing, nil, 0, nil), AC_ERR_NULL_POINTER, naming: "out_progress")
        expectFailure(AnimCoreC.ac_timing_chain_evaluate(nil, 1, 0, &state), AC_ERR_NULL_POINTER, naming: "chain")
        expectFailure(AnimCoreC.ac_timing_chain_evaluate(&timing, 1, 0, nil), AC_ERR_NULL_POINTER, naming: "out_state")

        expectFailure(AnimCoreC.ac_timing_function_named(nil, &function), AC_ERR_NULL_POINTER, naming: "name")
        expectFailure(AnimCoreC.ac_timing_function_named("linear", nil), AC_ERR_NULL_POINTER, naming: "out_function")
        expectFailure(AnimCoreC.ac_timing_function_cubic_bezier(0, 0, 1, 1, nil), AC_ERR_NULL_POINTER, naming: "out_function")
        expectFailure(AnimCoreC.ac_timing_function_steps(2, Int32(AC_STEP_JUMP_END), nil), AC_ERR_NULL_POINTER, naming: "out_function")
        expectFailure(AnimCoreC.ac_timing_function_evaluate(nil, 0.5, 0, &value), AC_ERR_NULL_POINTER, naming: "function")
        expectFailure(AnimCoreC.ac_timing_function_evaluate(&function, 0.5, 0, nil), AC_ERR_NULL_POINTER, naming: "out_y")
        expectFailure(AnimCoreC.ac_timing_function_slope(nil, 0.5, &value), AC_ERR_NULL_POINTER, naming: "function")
        expectFailure(AnimCoreC.ac_timing_function_slope(&function, 0.5, nil), AC_ERR_NULL_POINTER, naming: "out_slope")
        expectFailure(AnimCoreC.ac_timing_function_range(&function, nil, &other), AC_ERR_NULL_POINTER, naming: "out_min")
        expectFailure(AnimCoreC.ac_timing_function_range(&function, &value, nil), AC_ERR_NULL_POINTER, naming: "out_max")
        expectFailure(AnimCoreC.ac_timing_function_control_point(&function, 1, nil, &other), AC_ERR_NULL_POINTER, naming: "out_x")
        expectFailure(AnimCoreC.ac_timing_function_control_point(&function, 1, &value, nil), AC_ERR_NULL_POINTER, naming: "out_y")

        expectFailure(AnimCoreC.ac_time_chain_to_local(nil, 1, 0, &value), AC_ERR_NULL_POINTER, naming: "chain")
        expectFailure(AnimCoreC.ac_time_chain_to_local(&timing, 1, 0, nil), AC_ERR_NULL_POINTER, naming: "out_time_s")
        expectFailure(AnimCoreC.ac_time_chain_to_absolute(nil, 1, 0, &value), AC_ERR_NULL_POINTER, naming: "chain")
        expectFailure(AnimCoreC.ac_time_chain_to_absolute(&timing, 1, 0, nil), AC_ERR_NULL_POINTER, naming: "out_time_s")
        var parent: Int64 = -1
        expectFailure(AnimCoreC.ac_time_tree_convert(nil, &parent, 1, 0, -1, 0, &value), AC_ERR_NULL_POINTER, naming: "timings")
        expectFailure(AnimCoreC.ac_time_tree_convert(&timing, nil, 1, 0, -1, 0, &value), AC_ERR_NULL_POINTER, naming: "parents")
        expectFailure(AnimCoreC.ac_time_tree_convert(&timing, &parent, 1, 0, -1, 0, nil), AC_ERR_NULL_POINTER, naming: "out_time_s")
    }

    @Test("batch calls: NULL buffers, buffers too small, and count 0 with NULL buffers")
    func batches() {
        var function = ac_timing_function()
        _ = AnimCoreC.ac_timing_function_named("easeIn", &function)
        var xs = [0.25, 0.5, 0.75]
        var ys = [Double](repeating: 0, count: 3)

        expectFailure(AnimCoreC.ac_timing_function_evaluate_batch(&function, nil, 3, &ys, 3), AC_ERR_NULL_POINTER, naming: "xs")
        expectFailure(AnimCoreC.ac_timing_function_evaluate_batch(&function, &xs, 3, nil, 3), AC_ERR_NULL_POINTER, naming: "out_ys")
        expectFailure(AnimCoreC.ac_timing_function_evaluate_batch(&function, &xs, 3, &ys, 2), AC_ERR_BUFFER_TOO_SMALL, naming: "out_ys")
        expectFailure(AnimCoreC.ac_timing_function_evaluate_batch(nil, &xs, 3, &ys, 3), AC_ERR_NULL_POINTER, naming: "function")
        #expect(AnimCoreC.ac_timing_function_evaluate_batch(&function, nil, 0, nil, 0) == ok)
        xs[1] = .nan
        expectFailure(AnimCoreC.ac_timing_function_evaluate_batch(&function, &xs, 3, &ys, 3), AC_ERR_NOT_FINITE, naming: "xs[1]")
        xs[1] = -.infinity
        expectFailure(AnimCoreC.ac_timing_function_evaluate_batch(&function, &xs, 3, &ys, 3), AC_ERR_NOT_FINITE, naming: "xs[1]")

        var timing = animationTiming()
        timing.duration_s = 1
        var times = [0.0, 0.5, 1.0]
        var progress = [Double](repeating: 0, count: 3)
        expectFailure(AnimCoreC.ac_timing_progress_batch(&timing, nil, nil, 3, &progress, 3), AC_ERR_NULL_POINTER, naming: "parent_times_s")
        expectFailure(AnimCoreC.ac_timing_progress_batch(&timing, nil, &times, 3, nil, 3), AC_ERR_NULL_POINTER, naming: "out_progress")
        expectFailure(AnimCoreC.ac_timing_progress_batch(&timing, nil, &times, 3, &progress, 1), AC_ERR_BUFFER_TOO_SMALL, naming: "out_progress")
        #expect(AnimCoreC.ac_timing_progress_batch(&timing, nil, nil, 0, nil, 0) == ok)
        times[2] = .infinity
        expectFailure(AnimCoreC.ac_timing_progress_batch(&timing, nil, &times, 3, &progress, 3), AC_ERR_NOT_FINITE, naming: "parent_times_s[2]")

        // The buffers may be the same (header): in place, each x becomes f(x).
        var inPlace = [0.0, 0.5, 1.0, 2.0]
        let status = inPlace.withUnsafeMutableBufferPointer { buffer in
            AnimCoreC.ac_timing_function_evaluate_batch(&function, buffer.baseAddress, 4, buffer.baseAddress, 4)
        }
        #expect(status == ok)
        #expect(inPlace[0] == 0 && inPlace[2] == 1 && inPlace[3] == 1)
        expectClose(inPlace[1], 0.315357, tolerance: 1e-5, "easeIn(0.5), reference F2")
    }

    @Test("progress batch in place equals single calls (the header allows one buffer for both)")
    func progressBatchInPlace() {
        var timing = animationTiming()
        (timing.duration_s, timing.autoreverses, timing.fill_mode) = (2, 1, Int32(AC_FILL_BACKWARDS))
        timing.begin_time_s = 1
        var function = ac_timing_function()
        _ = AnimCoreC.ac_timing_function_steps(4, Int32(AC_STEP_JUMP_START), &function)
        let times = Array(stride(from: -0.5, through: 6, by: 0.25))
        var buffer = times
        let status = buffer.withUnsafeMutableBufferPointer { pointer in
            AnimCoreC.ac_timing_progress_batch(&timing, &function, pointer.baseAddress, times.count, pointer.baseAddress, times.count)
        }
        #expect(status == ok)
        for (index, time) in times.enumerated() {
            var single = 0.0
            #expect(AnimCoreC.ac_timing_progress(&timing, &function, time, &single) == ok)
            #expect(buffer[index] == single || (buffer[index].isNaN && single.isNaN), "at \(time)")
        }
        // Before the begin the backwards fill shows steps(4, start) at 0 with the before flag: 0.
        #expect(buffer[0] == 0)
        // After the end (fill backwards only) nothing applies: NaN.
        #expect(buffer[times.count - 1].isNaN)
    }

    @Test("ac_current_media_time is a monotonic clock in seconds")
    func mediaTime() {
        var previous = AnimCoreC.ac_current_media_time()
        #expect(previous > 0 && previous.isFinite)
        for _ in 0..<1000 {
            let now = AnimCoreC.ac_current_media_time()
            #expect(now >= previous)
            previous = now
        }
        let start = AnimCoreC.ac_current_media_time()
        Thread.sleep(forTimeInterval: 0.02)
        let elapsed = AnimCoreC.ac_current_media_time() - start
        #expect(elapsed >= 0.019 && elapsed < 5, "slept 20 ms, the clock says \(elapsed) s")
    }

    // MARK: Timings

    @Test("init functions fill the header's defaults and a valid struct_size")
    func initDefaults() {
        var animation = ac_timing()
        var layer = ac_timing()
        #expect(AnimCoreC.ac_timing_init_animation(&animation) == ok)
        #expect(AnimCoreC.ac_timing_init_layer(&layer) == ok)
        for timing in [animation, layer] {
            #expect(timing.struct_size == UInt32(MemoryLayout<ac_timing>.size))
            #expect(timing.fill_mode == Int32(AC_FILL_REMOVED))
            #expect(timing.begin_time_s == 0 && timing.speed == 1 && timing.time_offset_s == 0)
            #expect(timing.repeat_count == 0 && timing.repeat_duration_s == 0)
            #expect(timing.autoreverses == 0 && timing.reserved == 0)
        }
        #expect(animation.duration_s == 0)
        #expect(layer.duration_s == .infinity)
        #expect(AnimCoreC.ac_timing_validate(&animation) == ok)
        #expect(AnimCoreC.ac_timing_validate(&layer) == ok)
    }

    /// One bad field of an otherwise valid timing, with the status the header gives it.
    struct BadTiming: Sendable, CustomTestStringConvertible {
        var name: String
        var field: String
        var status: Int
        var apply: @Sendable (inout ac_timing) -> Void
        var testDescription: String { name }
    }

    static let badTimings: [BadTiming] = [
        BadTiming(name: "negative duration", field: "duration", status: AC_ERR_OUT_OF_RANGE) { $0.duration_s = -1 },
        BadTiming(name: "NaN duration", field: "duration", status: AC_ERR_NOT_FINITE) { $0.duration_s = .nan },
        BadTiming(name: "NaN begin", field: "begin", status: AC_ERR_NOT_FINITE) { $0.begin_time_s = .nan },
        BadTiming(name: "infinite begin", field: "begin", status: AC_ERR_NOT_FINITE) { $0.begin_time_s = .infinity },
        BadTiming(name: "infinite speed", field: "speed", status: AC_ERR_NOT_FINITE) { $0.speed = -.infinity },
        BadTiming(name: "NaN speed", field: "speed", status: AC_ERR_NOT_FINITE) { $0.speed = .nan },
        BadTiming(name: "infinite offset", field: "offset", status: AC_ERR_NOT_FINITE) { $0.time_offset_s = .infinity },
        BadTiming(name: "negative repeat count", field: "repeat", status: AC_ERR_OUT_OF_RANGE) { $0.repeat_count = -0.5 },
        BadTiming(name: "NaN repeat count", field: "repeat", status: AC_ERR_NOT_FINITE) { $0.repeat_count = .nan },
        BadTiming(name: "negative repeat duration", field: "repeat", status: AC_ERR_OUT_OF_RANGE) { $0.repeat_duration_s = -2 },
        BadTiming(name: "unknown fill mode 4", field: "fill_mode", status: AC_ERR_OUT_OF_RANGE) { $0.fill_mode = 4 },
        BadTiming(name: "unknown fill mode −1", field: "fill_mode", status: AC_ERR_OUT_OF_RANGE) { $0.fill_mode = -1 },
        BadTiming(name: "autoreverses 2", field: "autoreverses", status: AC_ERR_OUT_OF_RANGE) { $0.autoreverses = 2 },
        BadTiming(name: "reserved not 0", field: "reserved", status: AC_ERR_OUT_OF_RANGE) { $0.reserved = 1 },
        BadTiming(name: "struct_size too small", field: "struct_size", status: AC_ERR_BAD_STRUCT_SIZE) { $0.struct_size -= 8 },
        BadTiming(name: "struct_size 0", field: "struct_size", status: AC_ERR_BAD_STRUCT_SIZE) { $0.struct_size = 0 },
        BadTiming(name: "struct_size too large", field: "struct_size", status: AC_ERR_BAD_STRUCT_SIZE) { $0.struct_size += 8 },
    ]

    @Test("a bad timing field fails every call that takes a timing", arguments: badTimings)
    func badTiming(_ bad: BadTiming) {
        var timing = animationTiming()
        timing.duration_s = 1
        bad.apply(&timing)
        var state = emptyState()
        var value = 0.0
        expectFailure(AnimCoreC.ac_timing_validate(&timing), bad.status, naming: "timing->", bad.field)
        expectFailure(AnimCoreC.ac_timing_evaluate(&timing, 0.5, &state), bad.status, naming: "timing->", bad.field)
        expectFailure(AnimCoreC.ac_timing_progress(&timing, nil, 0.5, &value), bad.status, naming: "timing->", bad.field)
        var times = [0.5]
        expectFailure(AnimCoreC.ac_timing_progress_batch(&timing, nil, &times, 1, &value, 1), bad.status, naming: "timing->", bad.field)
        // In a chain the message names the entry.
        var chain = [animationTiming(), timing]
        chain[0].duration_s = 10
        expectFailure(AnimCoreC.ac_timing_chain_evaluate(&chain, 2, 0.5, &state), bad.status, naming: "chain[1]->", bad.field)
        expectFailure(AnimCoreC.ac_time_chain_to_local(&chain, 2, 0.5, &value), bad.status, naming: "chain[1]")
        expectFailure(AnimCoreC.ac_time_chain_to_absolute(&chain, 2, 0.5, &value), bad.status, naming: "chain[1]")
        var parents: [Int64] = [-1, 0]
        expectFailure(AnimCoreC.ac_time_tree_convert(&chain, &parents, 2, 1, -1, 0.5, &value), bad.status, naming: "timings[1]")
    }

    /// Every ac_timing field as the header spells it, with a bad value for it. The header's
    /// conventions say the last error names the argument, and its one example names the C field
    /// ("timing->duration_s is -1.0; it must be >= 0"), so a C user can find it in the struct.
    static let cFieldNames: [BadTiming] = [
        BadTiming(name: "begin_time_s", field: "timing->begin_time_s", status: AC_ERR_NOT_FINITE) { $0.begin_time_s = .nan },
        BadTiming(name: "duration_s", field: "timing->duration_s", status: AC_ERR_OUT_OF_RANGE) { $0.duration_s = -1 },
        BadTiming(name: "speed", field: "timing->speed", status: AC_ERR_NOT_FINITE) { $0.speed = .nan },
        BadTiming(name: "time_offset_s", field: "timing->time_offset_s", status: AC_ERR_NOT_FINITE) { $0.time_offset_s = .nan },
        BadTiming(name: "repeat_count", field: "timing->repeat_count", status: AC_ERR_OUT_OF_RANGE) { $0.repeat_count = -1 },
        BadTiming(name: "repeat_duration_s", field: "timing->repeat_duration_s", status: AC_ERR_OUT_OF_RANGE) { $0.repeat_duration_s = -1 },
        BadTiming(name: "fill_mode", field: "timing->fill_mode", status: AC_ERR_OUT_OF_RANGE) { $0.fill_mode = 9 },
        BadTiming(name: "autoreverses", field: "timing->autoreverses", status: AC_ERR_OUT_OF_RANGE) { $0.autoreverses = -1 },
        BadTiming(name: "reserved", field: "timing->reserved", status: AC_ERR_OUT_OF_RANGE) { $0.reserved = 3 },
        BadTiming(name: "struct_size", field: "timing->struct_size", status: AC_ERR_BAD_STRUCT_SIZE) { $0.struct_size = 1 },
    ]

    @Test("messages name the C field as the header spells it", arguments: cFieldNames)
    func cFieldName(_ bad: BadTiming) {
        var timing = animationTiming()
        bad.apply(&timing)
        #expect(AnimCoreC.ac_timing_validate(&timing) == ac_status(bad.status))
        let message = lastMessage()
        #expect(message.contains(bad.field + " is "), "expected the message to name \(bad.field): \(message)")
    }

    @Test("the header's example message, exactly")
    func headerExampleMessage() {
        // animcore.h, ac_last_error_message: "AC_ERR_OUT_OF_RANGE: timing->duration_s is -1.0; it must be >= 0".
        var timing = animationTiming()
        timing.duration_s = -1
        #expect(AnimCoreC.ac_timing_validate(&timing) == ac_status(AC_ERR_OUT_OF_RANGE))
        #expect(lastMessage() == "AC_ERR_OUT_OF_RANGE: timing->duration_s is -1.0; it must be >= 0")
    }

    @Test("evaluate: non-finite parent times and a bad out_state struct_size")
    func evaluateArguments() {
        var timing = animationTiming()
        timing.duration_s = 1
        var state = emptyState()
        var value = 0.0
        for bad in [Double.nan, .infinity, -.infinity] {
            expectFailure(AnimCoreC.ac_timing_evaluate(&timing, bad, &state), AC_ERR_NOT_FINITE, naming: "parent_time_s")
            expectFailure(AnimCoreC.ac_timing_progress(&timing, nil, bad, &value), AC_ERR_NOT_FINITE, naming: "parent_time_s")
            expectFailure(AnimCoreC.ac_timing_chain_evaluate(&timing, 1, bad, &state), AC_ERR_NOT_FINITE, naming: "parent_time_s")
            expectFailure(AnimCoreC.ac_time_chain_to_local(&timing, 1, bad, &value), AC_ERR_NOT_FINITE, naming: "time_s")
            expectFailure(AnimCoreC.ac_time_chain_to_absolute(&timing, 1, bad, &value), AC_ERR_NOT_FINITE, naming: "time_s")
        }
        var wrongSize = ac_timing_state()
        wrongSize.struct_size = 4
        expectFailure(AnimCoreC.ac_timing_evaluate(&timing, 0.5, &wrongSize), AC_ERR_BAD_STRUCT_SIZE, naming: "out_state->struct_size")
        expectFailure(AnimCoreC.ac_timing_chain_evaluate(&timing, 1, 0.5, &wrongSize), AC_ERR_BAD_STRUCT_SIZE, naming: "out_state")
        // A chain needs at least one timing.
        expectFailure(AnimCoreC.ac_timing_chain_evaluate(&timing, 0, 0.5, &state), AC_ERR_OUT_OF_RANGE, naming: "count")
        // And the good call works: d 1 at 0.5 is halfway.
        #expect(AnimCoreC.ac_timing_evaluate(&timing, 0.5, &state) == ok)
        #expect(state.phase == Int32(AC_PHASE_ACTIVE) && state.in_effect == 1 && state.progress == 0.5)
        #expect(state.struct_size == UInt32(MemoryLayout<ac_timing_state>.size))
    }

    @Test("a good evaluation through the C API matches the reference (T8: e 3.5 → p 0.5 reversed)")
    func evaluateThroughC() {
        var timing = animationTiming()
        timing.duration_s = 1
        timing.autoreverses = 1
        timing.repeat_count = 2
        timing.fill_mode = Int32(AC_FILL_FORWARDS)
        var state = emptyState()
        #expect(AnimCoreC.ac_timing_evaluate(&timing, 3.5, &state) == ok)
        #expect(state.progress == 0.5 && state.reversed == 1 && state.current_iteration == 1)
        #expect(state.active_duration_s == 4 && state.end_time_s == 4)
        #expect(AnimCoreC.ac_timing_evaluate(&timing, 4, &state) == ok)
        #expect(state.phase == Int32(AC_PHASE_AFTER) && state.in_effect == 1 && state.progress == 0)
        timing.fill_mode = Int32(AC_FILL_REMOVED)
        #expect(AnimCoreC.ac_timing_evaluate(&timing, 4, &state) == ok)
        #expect(state.in_effect == 0 && state.progress.isNaN && state.iteration_time_s.isNaN)
    }

    // MARK: Timing functions

    @Test("unknown names return AC_ERR_UNKNOWN_NAME quoting the name", arguments: ["", "bounce", "EaseIn", "ease_In", "linear ", "kCAMediaTimingFunctionFoo"])
    func unknownNames(_ name: String) {
        var function = ac_timing_function()
        expectFailure(AnimCoreC.ac_timing_function_named(name, &function), AC_ERR_UNKNOWN_NAME, naming: "name", "\"\(name)\"")
    }

    @Test("every accepted name works through the C API, with the header's control points")
    func namedThroughC() {
        let names: [(String, Double, Double, Double, Double)] = [
            ("linear", 0, 0, 1, 1), ("easeIn", 0.42, 0, 1, 1), ("easeOut", 0, 0, 0.58, 1),
            ("easeInEaseOut", 0.42, 0, 0.58, 1), ("default", 0.25, 0.1, 0.25, 1),
            ("kCAMediaTimingFunctionLinear", 0, 0, 1, 1), ("kCAMediaTimingFunctionEaseIn", 0.42, 0, 1, 1),
            ("kCAMediaTimingFunctionEaseOut", 0, 0, 0.58, 1), ("kCAMediaTimingFunctionEaseInEaseOut", 0.42, 0, 0.58, 1),
            ("kCAMediaTimingFunctionDefault", 0.25, 0.1, 0.25, 1), ("ease", 0.25, 0.1, 0.25, 1),
            ("ease-in", 0.42, 0, 1, 1), ("ease-out", 0, 0, 0.58, 1), ("ease-in-out", 0.42, 0, 0.58, 1),
        ]
        for (name, x1, y1, x2, y2) in names {
            var function = ac_timing_function()
            #expect(AnimCoreC.ac_timing_function_named(name, &function) == ok, "\(name)")
            #expect(function.kind == Int32(AC_TIMING_FUNCTION_CUBIC_BEZIER))
            #expect(function.x1 == x1 && function.y1 == y1 && function.x2 == x2 && function.y2 == y2, "\(name)")
        }
        for (name, position) in [("step-start", AC_STEP_JUMP_START), ("step-end", AC_STEP_JUMP_END)] {
            var function = ac_timing_function()
            #expect(AnimCoreC.ac_timing_function_named(name, &function) == ok)
            #expect(function.kind == Int32(AC_TIMING_FUNCTION_STEPS) && function.steps == 1)
            #expect(function.step_position == Int32(position))
        }
    }

    @Test("constructors reject bad Béziers and steps")
    func constructors() {
        var function = ac_timing_function()
        expectFailure(AnimCoreC.ac_timing_function_cubic_bezier(1.5, 0, 1, 1, &function), AC_ERR_OUT_OF_RANGE, naming: "x1")
        expectFailure(AnimCoreC.ac_timing_function_cubic_bezier(0, 0, -0.1, 1, &function), AC_ERR_OUT_OF_RANGE, naming: "x2")
        expectFailure(AnimCoreC.ac_timing_function_cubic_bezier(.nan, 0, 1, 1, &function), AC_ERR_NOT_FINITE, naming: "x1")
        expectFailure(AnimCoreC.ac_timing_function_cubic_bezier(0, .infinity, 1, 1, &function), AC_ERR_NOT_FINITE, naming: "y1")
        expectFailure(AnimCoreC.ac_timing_function_cubic_bezier(0, 0, 1, -.infinity, &function), AC_ERR_NOT_FINITE, naming: "y2")
        #expect(AnimCoreC.ac_timing_function_cubic_bezier(0.5, -1, 0.5, 2, &function) == ok, "y outside [0, 1] is fine")

        expectFailure(AnimCoreC.ac_timing_function_steps(0, Int32(AC_STEP_JUMP_END), &function), AC_ERR_OUT_OF_RANGE, naming: "steps")
        expectFailure(AnimCoreC.ac_timing_function_steps(-3, Int32(AC_STEP_JUMP_START), &function), AC_ERR_OUT_OF_RANGE, naming: "steps")
        expectFailure(AnimCoreC.ac_timing_function_steps(1, Int32(AC_STEP_JUMP_NONE), &function), AC_ERR_OUT_OF_RANGE, naming: "steps")
        expectFailure(AnimCoreC.ac_timing_function_steps(2, 4, &function), AC_ERR_OUT_OF_RANGE, naming: "position")
        expectFailure(AnimCoreC.ac_timing_function_steps(2, -1, &function), AC_ERR_OUT_OF_RANGE, naming: "position")
        #expect(AnimCoreC.ac_timing_function_steps(2, Int32(AC_STEP_JUMP_NONE), &function) == ok)
    }

    @Test("malformed function structs return AC_ERR_INVALID_ARGUMENT naming the field")
    func malformedFunctions() {
        var good = ac_timing_function()
        _ = AnimCoreC.ac_timing_function_named("easeIn", &good)
        let cases: [(String, (inout ac_timing_function) -> Void)] = [
            ("kind", { $0.kind = 7 }),
            ("reserved", { $0.reserved = 1 }),
            ("x1", { $0.x1 = 2 }),
            ("x2", { $0.x2 = .nan }),
            ("y1", { $0.y1 = .infinity }),
            ("steps", { $0.kind = Int32(AC_TIMING_FUNCTION_STEPS); $0.steps = 0; $0.step_position = Int32(AC_STEP_JUMP_END) }),
            ("step_position", { $0.kind = Int32(AC_TIMING_FUNCTION_STEPS); $0.steps = 2; $0.step_position = 9 }),
        ]
        for (field, corrupt) in cases {
            var function = good
            corrupt(&function)
            var value = 0.0, other = 0.0
            var xs = [0.5], ys = [0.0]
            var timing = animationTiming()
            timing.duration_s = 1
            expectFailure(AnimCoreC.ac_timing_function_evaluate(&function, 0.5, 0, &value), AC_ERR_INVALID_ARGUMENT, naming: "function->", field)
            expectFailure(AnimCoreC.ac_timing_function_evaluate_batch(&function, &xs, 1, &ys, 1), AC_ERR_INVALID_ARGUMENT, naming: "function->", field)
            expectFailure(AnimCoreC.ac_timing_function_slope(&function, 0.5, &value), AC_ERR_INVALID_ARGUMENT, naming: "function->", field)
            expectFailure(AnimCoreC.ac_timing_function_range(&function, &value, &other), AC_ERR_INVALID_ARGUMENT, naming: "function->", field)
            expectFailure(AnimCoreC.ac_timing_function_control_point(&function, 1, &value, &other), AC_ERR_INVALID_ARGUMENT, naming: "function->", field)
            expectFailure(AnimCoreC.ac_timing_progress(&timing, &function, 0.5, &value), AC_ERR_INVALID_ARGUMENT, naming: "function->", field)
        }
    }

    @Test("evaluate, slope and control points: non-finite x, bad indexes, steps have no points")
    func functionArguments() {
        var function = ac_timing_function()
        _ = AnimCoreC.ac_timing_function_named("easeOut", &function)
        var value = 0.0, other = 0.0
        for bad in [Double.nan, .infinity, -.infinity] {
            expectFailure(AnimCoreC.ac_timing_function_evaluate(&function, bad, 0, &value), AC_ERR_NOT_FINITE, naming: "x")
            expectFailure(AnimCoreC.ac_timing_function_slope(&function, bad, &value), AC_ERR_NOT_FINITE, naming: "x")
        }
        for index: Int32 in [-1, 4, .max] {
            expectFailure(AnimCoreC.ac_timing_function_control_point(&function, index, &value, &other), AC_ERR_OUT_OF_RANGE, naming: "index")
        }
        #expect(AnimCoreC.ac_timing_function_control_point(&function, 2, &value, &other) == ok)
        #expect(value == 0.58 && other == 1)
        var steps = ac_timing_function()
        _ = AnimCoreC.ac_timing_function_steps(3, Int32(AC_STEP_JUMP_END), &steps)
        expectFailure(AnimCoreC.ac_timing_function_control_point(&steps, 1, &value, &other), AC_ERR_INVALID_ARGUMENT, naming: "steps function")
        // The before flag reaches the steps function: steps(3, end) at 1/3 is 1/3, or 0 before.
        #expect(AnimCoreC.ac_timing_function_evaluate(&steps, 1.0 / 3, 0, &value) == ok)
        #expect(value == 1.0 / 3)
        #expect(AnimCoreC.ac_timing_function_evaluate(&steps, 1.0 / 3, 1, &value) == ok)
        #expect(value == 0)
        // Range of an overshooting curve through C.
        var overshoot = ac_timing_function()
        _ = AnimCoreC.ac_timing_function_cubic_bezier(0.3, 1, 0.7, 4.0 / 3, &overshoot)
        #expect(AnimCoreC.ac_timing_function_range(&overshoot, &value, &other) == ok)
        #expect(value == 0)
        expectClose(other, 1.125, tolerance: 1e-12, "max of Y(t) = 3t − 2t² + ... at t 0.75 (see TimingFunctionTests)")
    }

    // MARK: Time spaces

    @Test("time trees: bad indexes, cycles, speed 0 on the way up; count 0")
    func timeTrees() {
        var layer = ac_timing()
        _ = AnimCoreC.ac_timing_init_layer(&layer)
        var value = 0.0
        var two = [layer, layer]
        var parents: [Int64] = [-1, 0]
        expectFailure(AnimCoreC.ac_time_tree_convert(&two, &parents, 2, 2, -1, 0, &value), AC_ERR_OUT_OF_RANGE, naming: "from")
        expectFailure(AnimCoreC.ac_time_tree_convert(&two, &parents, 2, -1, -2, 0, &value), AC_ERR_OUT_OF_RANGE, naming: "to")
        var badParents: [Int64] = [-1, 5]
        expectFailure(AnimCoreC.ac_time_tree_convert(&two, &badParents, 2, 1, -1, 0, &value), AC_ERR_OUT_OF_RANGE, naming: "parents[1]")
        badParents = [-1, -7]
        expectFailure(AnimCoreC.ac_time_tree_convert(&two, &badParents, 2, 1, -1, 0, &value), AC_ERR_OUT_OF_RANGE, naming: "parents[1]")
        var loop: [Int64] = [1, 0]
        expectFailure(AnimCoreC.ac_time_tree_convert(&two, &loop, 2, 0, -1, 0, &value), AC_ERR_CYCLE)
        two[0].speed = 0
        expectFailure(AnimCoreC.ac_time_tree_convert(&two, &parents, 2, 1, -1, 0, &value), AC_ERR_NOT_INVERTIBLE, naming: "timings[0]")
        expectFailure(AnimCoreC.ac_time_chain_to_absolute(&two, 2, 0, &value), AC_ERR_NOT_INVERTIBLE, naming: "chain[0]")
        // Count 0: NULL arrays are fine and the time comes back unchanged.
        #expect(AnimCoreC.ac_time_tree_convert(nil, nil, 0, -1, -1, 12.5, &value) == ok)
        #expect(value == 12.5)
        #expect(AnimCoreC.ac_time_chain_to_local(nil, 0, 3.25, &value) == ok)
        #expect(value == 3.25)
        #expect(AnimCoreC.ac_time_chain_to_absolute(nil, 0, 3.25, &value) == ok)
        #expect(value == 3.25)
    }

    @Test("convertTime through the C API (reference T20)")
    func convertThroughC() {
        var root = ac_timing(), mid = ac_timing(), leaf = ac_timing()
        _ = AnimCoreC.ac_timing_init_layer(&root)
        _ = AnimCoreC.ac_timing_init_layer(&mid)
        _ = AnimCoreC.ac_timing_init_layer(&leaf)
        (mid.begin_time_s, mid.speed, mid.time_offset_s) = (2, 3, 0.25)
        (leaf.begin_time_s, leaf.speed, leaf.time_offset_s) = (1, 2, 0.5)
        var nodes = [root, mid, leaf]
        var parents: [Int64] = [-1, 0, 1]
        var value = 0.0
        #expect(AnimCoreC.ac_time_tree_convert(&nodes, &parents, 3, 1, 2, 10, &value) == ok)
        #expect(value == 18.5)
        #expect(AnimCoreC.ac_time_tree_convert(&nodes, &parents, 3, -1, 2, 10, &value) == ok)
        #expect(value == 47)
        #expect(AnimCoreC.ac_time_tree_convert(&nodes, &parents, 3, 2, -1, 10, &value) == ok)
        expectClose(value, 23.0 / 6, tolerance: 1e-12)
        #expect(AnimCoreC.ac_time_chain_to_local(&nodes, 3, 10, &value) == ok)
        #expect(value == 47)
        #expect(AnimCoreC.ac_time_chain_to_absolute(&nodes, 3, 10, &value) == ok)
        expectClose(value, 23.0 / 6, tolerance: 1e-12)
    }

    @Test("random bytes in a timing get a status from the table, never a trap")
    func garbageDoesNotTrap() {
        // Random bytes in every field of a timing: the call answers a status (or OK if valid).
        var generator = SplitMix64(seed: 0xC0FFEE)
        var state = emptyState()
        for _ in 0..<500 {
            var timing = ac_timing()
            withUnsafeMutableBytes(of: &timing) { bytes in
                for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: generator.next()) }
            }
            if generator.next() % 2 == 0 { timing.struct_size = UInt32(MemoryLayout<ac_timing>.size) }
            let status = AnimCoreC.ac_timing_evaluate(&timing, generator.double(in: -10...10), &state)
            #expect(status >= 0 && status < ac_status(AC_STATUS_COUNT))
            if status != ok { #expect(!lastMessage().isEmpty) }
        }
    }
}
