/// A layer handle: 64 bits naming one layer of one engine at one point of its life.
///
/// Bits: 8 kind tag, 12 engine serial, 22 generation, 22 slot index (up to 4M live layers). A released, stale or
/// foreign handle is recognised and refused (`.badHandle`), never followed. 0 is no layer.
public struct LayerID: Hashable, Sendable {
    public let rawValue: UInt64

    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }
}

/// Packing and unpacking of the engine's 64-bit handles.
enum Handle {
    static let indexBits: UInt64 = 22
    static let generationBits: UInt64 = 22
    static let engineBits: UInt64 = 12
    static let engineMask: UInt64 = (1 << engineBits) - 1
    static let maxIndex = Int(1 << indexBits) - 1
    static let generationMask: UInt64 = (1 << generationBits) - 1

    /// Handle kinds, so a handle of one kind is never taken for another.
    enum Kind: UInt64 {
        case layer = 0x4C      // "L"
        case animation = 0x41  // "A"
    }

    static func make(kind: Kind, engine: UInt16, generation: UInt32, index: Int) -> UInt64 {
        (kind.rawValue << 56) | ((UInt64(engine) & engineMask) << (indexBits + generationBits))
            | ((UInt64(generation) & generationMask) << indexBits) | UInt64(index)
    }

    /// The slot index and generation of `raw` if it is a handle of `kind` from `engine`.
    static func unpack(_ raw: UInt64, kind: Kind, engine: UInt16) -> (index: Int, generation: UInt32)? {
        guard raw >> 56 == kind.rawValue,
              (raw >> (indexBits + generationBits)) & engineMask == UInt64(engine) & engineMask
        else { return nil }
        let index = Int(raw & ((1 << indexBits) - 1))
        let generation = UInt32((raw >> indexBits) & generationMask)
        return (index, generation)
    }
}
