/// The distinct timing functions of an engine's animations, shared by index: most animations use
/// one of a few named curves, so the per-frame loop reads a handful of curves that stay in cache
/// instead of a copy in every animation. Reference-counted; a function no animation uses is
/// dropped and its slot reused.
final class TimingFunctionTable {
    // [Perf] Every access is made holding the engine's lock, so exclusivity is not checked at
    // run time (the check costs about 80 instructions per access of a class's property).
    @exclusivity(unchecked) private(set) var functions = RecordBuffer<TimingFunction>(initialCapacity: 16)
    @exclusivity(unchecked) private var references: [Int32] = []
    @exclusivity(unchecked) private var indexByFunction: [TimingFunction: Int32] = [:]
    @exclusivity(unchecked) private var freeSlots: [Int32] = []

    /// The index of `function`, adding it or counting one more use.
    func retain(_ function: TimingFunction) -> Int32 {
        if let index = indexByFunction[function] {
            references[Int(index)] += 1
            return index
        }
        let index: Int32
        if let reused = freeSlots.popLast() {
            index = reused
            functions[Int(index)] = function
            references[Int(index)] = 1
        } else {
            index = Int32(functions.append(function))
            references.append(1)
        }
        indexByFunction[function] = index
        return index
    }

    /// `retain(_:)` that first tries `hint`, the index `function` had before: a change path that
    /// adds the same curve again and again finds it without hashing the curve.
    func retain(_ function: TimingFunction, hint: Int32) -> Int32 {
        let index = Int(hint)
        if index >= 0, index < references.count, references[index] > 0, functions[index] == function {
            references[index] += 1
            return hint
        }
        return retain(function)
    }

    /// One use less of the function at `index`; it is dropped at none.
    func release(_ index: Int32) {
        guard index >= 0, Int(index) < references.count, references[Int(index)] > 0 else { return }
        references[Int(index)] -= 1
        if references[Int(index)] == 0 {
            indexByFunction[functions[Int(index)]] = nil
            freeSlots.append(index)
        }
    }

    /// The function at `index`.
    subscript(index: Int32) -> TimingFunction { functions[Int(index)] }
}
