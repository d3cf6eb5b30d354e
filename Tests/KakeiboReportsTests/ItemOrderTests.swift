import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboReports

/// The orders a month's items are listed in, and their shortcut, give exactly what sorting the whole list gives.
@Suite struct ItemOrderTests {
    @Test func sortingByNameRankMatchesStringOrder() {
        // Canonically equivalent names (composed and decomposed が) are equal, as String comparison says.
        let names = ["牛乳", "コーヒー", "が", "か\u{3099}", "Apple", "apple", "ﾊﾟﾝ", "卵", "é", "e\u{301}"]
        var items: [Item] = []
        for (index, name) in names.enumerated() {
            for day in [3, 1] {
                items.append(item(name, 100 + index % 3, "2024-12-0\(day)", id: "id-\(names.count - index)-\(day)"))
            }
        }
        for key in ItemOrder.Key.allCases {
            for descending in [false, true] {
                let order = ItemOrder(key: key, descending: descending)
                let expected = items.sorted { a, b in
                    switch key {
                    case .price where a.price != b.price: return descending ? a.price > b.price : a.price < b.price
                    case .date where a.date != b.date: return descending ? a.date > b.date : a.date < b.date
                    default:
                        if a.date != b.date { return a.date < b.date }
                        if a.name != b.name { return a.name < b.name }
                        return a.id < b.id
                    }
                }
                #expect(order.sorted(items).map(\.id) == expected.map(\.id))
            }
        }
    }

    @Test func theLargestItemsAreTheTopOfTheFullOrder() {
        var generator = SeededGenerator(seed: 7)
        let names = ["牛乳", "卵", "パン", "米"]
        let items = (0..<400).map { n in
            item(
                names[Int(generator.next() % 4)], [-100, 100, 200, 300, 300, 300][Int(generator.next() % 6)],
                "2024-12-\(10 + Int(generator.next() % 3))", id: "id-\(n)")
        }
        let report = MonthReport(month: december, items: items, filter: nil, order: ItemOrder(), taxonomy: .standard)
        let full = ItemOrder(key: .price, descending: true).sorted(items.filter { $0.price.amount > 0 })
        for count in [0, 1, 3, 50, 1000] {
            #expect(report.largestItems(count).map(\.id) == full.prefix(count).map(\.id))
        }
        #expect(
            MonthReport(month: december, items: [item("返品", -5, "2024-12-01")], filter: nil, order: ItemOrder(), taxonomy: .standard).largestItems()
                .isEmpty)
    }
}
