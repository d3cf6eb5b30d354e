import KakeiboStore
import KakeiboValues

// What the unit tests of every layer build their cases from, so each layer's test target needs no copy of its own.

/// Builds items for tests with readable defaults.
package func item(
    _ name: String, _ price: Int, _ date: String, _ category: Int = 0, _ sub: Int? = nil, id: String? = nil,
    sync: SyncState = .pending
) -> Item {
    Item(
        id: id ?? "id-\(name)-\(date)", date: try! CalendarDate.parseISO(date), name: name, price: Yen(price),
        category: CategoryCode(category, sub), added: Timestamp(milliseconds: 1_700_000_000_000), sync: sync)
}

package let december = YearMonth(year: 2024, month: 12)!
package let november = YearMonth(year: 2024, month: 11)!

/// An item as the server's rows carry it.
package func wire(_ id: String, _ date: String, _ name: String = "品", _ price: Int = 100, _ category: Int = 0) -> WireItem {
    WireItem(id: id, date: try! CalendarDate.parseISO(date), name: name, price: Yen(price), category: CategoryCode(category))
}

/// A small deterministic generator (SplitMix64), so a test's "random" data is the same every run.
package struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    package init(seed: UInt64) { state = seed }
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
