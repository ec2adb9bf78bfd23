/// The seeded random source of every randomised test: SplitMix64 (Steele, Lea and Flood), so a
/// failing seed reproduces on any machine.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double uniformly drawn from `range`.
    public mutating func double(in range: ClosedRange<Double>) -> Double {
        Double.random(in: range, using: &self)
    }

    /// In 0..<n (n > 0).
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    /// In [0, 1), from the top 53 bits.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(UInt64(1) << 53) }
    /// In [low, high).
    public mutating func range(_ low: Double, _ high: Double) -> Double { low + (high - low) * unit() }
    /// True with probability p.
    public mutating func chance(_ p: Double) -> Bool { unit() < p }
    /// One of `items` (not empty).
    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}
