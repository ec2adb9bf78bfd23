/// The distinct timing functions of an engine's animations, shared by index: most animations use
/// one of a few named curves, so the per-frame loop reads a handful of curves that stay in cache
/// instead of a copy in every animation. Reference-counted; a function no animation uses is
/// dropped and its slot reused.
final class TimingFunctionTable {
    private(set) var functions = RecordBuffer<TimingFunction>(initialCapacity: 16)
    private var references: [Int32] = []
    private var indexByFunction: [TimingFunction: Int32] = [:]
    private var freeSlots: [Int32] = []

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
