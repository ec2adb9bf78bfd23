/// `SortedSearch.lastIndex`, the search keyframes' key times and arc-length tables use, against
/// the rule it implements read off by a scan: the last index whose entry is at or below the
/// value, 0 when there is none.
@testable import AnimCore
import AnimCoreTestSupport
import Testing

@Suite struct SortedSearchTests {
    /// The rule as written, by a scan from the end.
    static func scan(_ table: [Double], _ value: Double) -> Int {
        table.lastIndex { $0 <= value } ?? 0
    }

    /// Non-decreasing tables of 1 to 40 entries (and a few of 1,000), with runs of equal
    /// entries, probed at each entry, at the doubles either side of it, outside the table, at
    /// the infinities and at NaN.
    @Test func matchesTheScanOnRandomTables() {
        var random = SplitMix64(seed: 0x5EA7_C401)
        var cases = 0, mismatches: [String] = []
        for trial in 0..<6_000 {
            let count = trial % 200 == 199 ? 1_000 : 1 + trial % 40
            var table: [Double] = []
            var value = random.double(in: -2...2)
            for _ in 0..<count {
                if random.double(in: 0...1) > 0.25 { value += random.double(in: 0...1) }  // else a repeat
                table.append(value)
            }
            var probes: [Double] = [-.infinity, .infinity, .nan, table[0] - 1, table[count - 1] + 1]
            for entry in table { probes += [entry, entry.nextDown, entry.nextUp] }
            table.withUnsafeBufferPointer { buffer in
                for probe in probes {
                    cases += 1
                    let found = SortedSearch.lastIndex(in: buffer.baseAddress!, count: count, atOrBelow: probe)
                    let expected = Self.scan(table, probe)
                    if found != expected && mismatches.count < 5 {
                        mismatches.append("count \(count), value \(probe): \(found), the scan \(expected)")
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        #expect(cases > 100_000, "only \(cases) cases ran")
    }

    /// A table of equal entries: the value at them finds the last; below them, 0.
    @Test func equalEntries() {
        let table = [Double](repeating: 0.5, count: 7)
        table.withUnsafeBufferPointer { buffer in
            #expect(SortedSearch.lastIndex(in: buffer.baseAddress!, count: 7, atOrBelow: 0.5) == 6)
            #expect(SortedSearch.lastIndex(in: buffer.baseAddress!, count: 7, atOrBelow: 0.25) == 0)
        }
    }
}
