/// The render lists an engine holds for the C API, by handle (`Handle.Kind.renderList`), so that
/// a destroyed, foreign or made-up list is refused, never followed. Guarded by the engine's
/// lock.
final class RenderListTable {
    @exclusivity(unchecked) private var lists: [RenderList?] = []
    @exclusivity(unchecked) private var stamps: [UInt64] = []
    @exclusivity(unchecked) private var free: [Int] = []

    /// A new list's handle.
    func make() throws(AnimCoreError) -> UInt64 {
        let index = free.popLast() ?? lists.count
        guard index <= Handle.maxIndex else {
            throw AnimCoreError(.outOfRange, "the engine holds \(lists.count) render lists, the most it can")
        }
        let stamp = Handle.nextStamp(.renderList)
        if index == lists.count {
            lists.append(RenderList())
            stamps.append(stamp)
        } else {
            lists[index] = RenderList()
            stamps[index] = stamp
        }
        return Handle.make(kind: .renderList, stamp: stamp, index: index)
    }

    /// The list of `handle`, or `.badHandle` naming `argument`.
    func list(_ handle: UInt64, _ argument: String) throws(AnimCoreError) -> RenderList {
        guard let (index, stamp) = Handle.unpack(handle, kind: .renderList), index < lists.count, stamps[index] == stamp,
              let list = lists[index]
        else {
            throw AnimCoreError(.badHandle, "\(argument) is \(handle); it is not a live render list of this engine")
        }
        return list
    }

    /// Frees the list of `handle`; `.badHandle` naming `argument` when it is not live.
    func destroy(_ handle: UInt64, _ argument: String) throws(AnimCoreError) {
        _ = try list(handle, argument)
        let index = Int(handle & Handle.indexMask)
        lists[index] = nil
        stamps[index] = 0
        free.append(index)
    }
}

extension Engine {
    /// A new render list held by the engine (the C API's), as a handle.
    package func makeRenderList() throws(AnimCoreError) -> UInt64 {
        try withState { (_) throws(AnimCoreError) in try renderLists.make() }
    }

    /// Frees the render list of `handle`.
    package func destroyRenderList(_ handle: UInt64, argument: String) throws(AnimCoreError) {
        try withState { (_) throws(AnimCoreError) in try renderLists.destroy(handle, argument) }
    }

    /// Lends `body` the render list of `handle` while it holds the entries of its fill number
    /// `fill`, under the engine's lock, so that no other fill changes them meanwhile.
    /// `.invalidState` naming `names.fill` when the list has been filled since (its entries
    /// are gone) or never had that number; `.badHandle` naming `names.list`.
    package func withRenderList<R>(
        _ handle: UInt64, fill: UInt64, names: (list: String, fill: String), _ body: (RenderList) -> R
    ) throws(AnimCoreError) -> R {
        try lock.withLock { () throws(AnimCoreError) -> R in
            let list = try withState { (_) throws(AnimCoreError) in try renderLists.list(handle, names.list) }
            guard fill != 0 && fill == list.fillNumber else {
                throw AnimCoreError(.invalidState, "\(names.fill) is \(fill); the list's last fill is number \(list.fillNumber)")
            }
            return body(list)
        }
    }

    /// Fills the render list of `handle` from `root` (`fillRenderList(_:from:presentation:argument:)`)
    /// and lends it to `body`, under the engine's lock.
    package func fillRenderList<R>(
        _ handle: UInt64, from root: LayerID, presentation: Bool, names: (list: String, root: String),
        _ body: (RenderList) -> R
    ) throws(AnimCoreError) -> R {
        try lock.withLock { () throws(AnimCoreError) -> R in
            let list = try withState { (_) throws(AnimCoreError) in try renderLists.list(handle, names.list) }
            try fillRenderList(list, from: root, presentation: presentation, argument: names.root)
            return body(list)
        }
    }
}
