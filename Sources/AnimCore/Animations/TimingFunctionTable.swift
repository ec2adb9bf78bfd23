/// The distinct timing functions of an engine's animations, shared by index: most animations use
/// one of a few named curves, so the per-frame loop reads a handful of curves that stay in cache
/// instead of a copy in every animation. Reference-counted; a function no animation uses is
/// dropped and its slot reused.
final class TimingFunctionTable {
    // The buffers are constants (their contents change, not the buffers): reading one takes no
    // reference count.
    let functions = RecordBuffer<TimingFunction>(initialCapacity: 16)
    /// Each function's bezier, read in place by the tick's easing (`EvaluationContext.eased`)
    /// without the enum's copy (a steps function's slot holds a placeholder it never reads).
    let beziers = RecordBuffer<UnitBezier>(initialCapacity: 16)
    /// Each function's uses (0: its slot is free). In a record buffer, not an array: counting a
    /// use is on the per-change path, and an array's uniqueness check cost as much as the rest.
    private let references = RecordBuffer<Int32>(initialCapacity: 16)
    // Every access is made holding the engine's lock, so the variables' exclusivity is not
    // checked at run time (the check would cost more than most accesses).
    @exclusivity(unchecked) private var indexByFunction: [TimingFunction: Int32] = [:]
    @exclusivity(unchecked) private var freeSlots: [Int32] = []
    /// How many times a function was dropped (its last use given back): while it is unchanged,
    /// a function in use before is still in use, at the same index.
    @exclusivity(unchecked) private(set) var droppedCount = 0

    /// The index `retain(_:)` returned last, tried first by the next: the paths that add
    /// animations (explicit adds, implicit starts, keyframes' curves) mostly add one curve again
    /// and again, found then without hashing it. -1: none yet.
    // (Hashing a bezier is a large share of an explicit add.)
    @exclusivity(unchecked) private var recent: Int32 = -1

    /// The index of `function`, adding it or counting one more use.
    func retain(_ function: TimingFunction) -> Int32 {
        let recent = Int(self.recent)
        if recent >= 0, references[recent] > 0, Self.isEqual(&functions[recent], function) {
            references[recent] += 1
            return self.recent
        }
        let index = indexOrAdd(function)
        self.recent = index
        return index
    }

    /// Whether the stored function `stored` (lent in place by an inout access: a read through
    /// the buffer's address is copied first) is `function`.
    @inline(__always)
    private static func isEqual(_ stored: inout TimingFunction, _ function: TimingFunction) -> Bool {
        stored == function
    }

    /// `retain(_:)` past the recent index: the index from the table, or a new slot.
    private func indexOrAdd(_ function: TimingFunction) -> Int32 {
        if let index = indexByFunction[function] {
            references[Int(index)] += 1
            return index
        }
        let index: Int32
        let bezier: UnitBezier
        if case .cubicBezier(let curve) = function { bezier = curve } else { bezier = UnitBezier(unchecked: 0, 0, 1, 1) }
        if let reused = freeSlots.popLast() {
            index = reused
            functions[Int(index)] = function
            beziers[Int(index)] = bezier
            references[Int(index)] = 1
        } else {
            index = Int32(functions.append(function))
            beziers.append(bezier)
            references.append(1)
        }
        indexByFunction[function] = index
        return index
    }

    /// One more use of the function at `index`, which is in use (held by its caller).
    @inline(__always)
    func retain(index: Int32) {
        references[Int(index)] += 1
    }

    /// One use less of the function at `index`; it is dropped at none.
    func release(_ index: Int32) {
        guard index >= 0, Int(index) < references.count, references[Int(index)] > 0 else { return }
        references[Int(index)] -= 1
        if references[Int(index)] == 0 {
            indexByFunction[functions[Int(index)]] = nil
            freeSlots.append(index)
            droppedCount &+= 1
        }
    }

    /// Each slot's uses, by index (0 for a free slot): what bookkeeping checks compare.
    var useCounts: [Int32] { references.indices.map { references[$0] } }

    /// Whether the function at `index` is a cubic bezier (`beziers` holds it).
    func isBezier(_ index: Int32) -> Bool {
        if case .cubicBezier = functions[Int(index)] { return true }
        return false
    }

    /// The function at `index`.
    subscript(index: Int32) -> TimingFunction { functions[Int(index)] }
}
