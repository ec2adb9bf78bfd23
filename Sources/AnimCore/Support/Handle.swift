import Synchronization

/// The 64-bit handles of layers, layer classes, animators, the C API's animation descriptions
/// and render lists:
///
///     bits 56...63  kind tag (so a handle of one kind is never taken for another)
///     bits 22...55  stamp    (34 bits, drawn from one process-wide counter per kind)
///     bits  0...21  index    (the slot in its engine's table: up to 4 194 304 live at once)
///
/// Each creation draws the next stamp of its kind and its slot remembers it; a handle is accepted
/// only when its slot holds the same stamp. Because the counter is shared by every engine of the
/// process, a released handle and another engine's handle (live or destroyed) are both refused
/// until the counter comes round: for `Handle.stampLimit` (2^34 − 1) creations of that kind in
/// the whole process. Stamp 0 is never drawn; it marks a free slot.
package enum Handle {
    package static let indexBits: UInt64 = 22
    package static let stampBits: UInt64 = 34
    package static let indexMask: UInt64 = (1 << indexBits) - 1
    package static let stampMask: UInt64 = (1 << stampBits) - 1
    /// The largest slot index.
    package static let maxIndex = Int(indexMask)
    /// Creations of one kind after which a stamp is drawn again: 2^34 − 1.
    package static let stampLimit: UInt64 = stampMask

    package enum Kind: UInt64 {
        case layer = 0x4C        // "L"
        case layerClass = 0xC1
        case description = 0xA1
        case renderList = 0xD1
        case animator = 0xA7
        /// Not a handle: the engine tags of keys (`PropertyKey`), drawn from a counter of their own.
        case keyTag = 0x4B
    }

    /// The next stamp of `kind`: never 0, repeating after `stampLimit` draws.
    package static func nextStamp(_ kind: Kind) -> UInt64 {
        switch kind {
        case .layer: draw(layerStamps)
        case .layerClass: draw(layerClassStamps)
        case .description: draw(descriptionStamps)
        case .renderList: draw(renderListStamps)
        case .animator: draw(animatorStamps)
        case .keyTag: draw(keyTagStamps)
        }
    }

    @inline(__always)
    private static func draw(_ counter: borrowing Atomic<UInt64>) -> UInt64 {
        while true {
            let stamp = ProcessThreads.add(1, to: counter) & stampMask
            if stamp != 0 { return stamp }
        }
    }

    package static func make(kind: Kind, stamp: UInt64, index: Int) -> UInt64 {
        (kind.rawValue << 56) | ((stamp & stampMask) << indexBits) | (UInt64(index) & indexMask)
    }

    /// The index and stamp of `raw` if it is a handle of `kind`.
    @inline(__always)
    package static func unpack(_ raw: UInt64, kind: Kind) -> (index: Int, stamp: UInt64)? {
        guard raw >> 56 == kind.rawValue else { return nil }
        return (Int(raw & indexMask), (raw >> indexBits) & stampMask)
    }
}

/// The process-wide stamp counters, one per handle kind.
private let layerStamps = Atomic<UInt64>(0)
private let layerClassStamps = Atomic<UInt64>(0)
private let descriptionStamps = Atomic<UInt64>(0)
private let renderListStamps = Atomic<UInt64>(0)
private let animatorStamps = Atomic<UInt64>(0)
private let keyTagStamps = Atomic<UInt64>(0)
