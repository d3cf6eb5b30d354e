import KakeiboValues
import Testing

@testable import KakeiboStore

/// The ExpenseLog app as kakeibo holds it to: the categories it can show, rows read as its
/// `ResponseItem` reads them, and the details it has no field for kept by a pull.
@Suite struct AppContractTests {
    @Test func theAppShowsItsOwnCategoriesAndNothingElse() {
        let app = AppCategories.expenseLog
        for code in [CategoryCode(0), CategoryCode(0, 0), CategoryCode(0, 3), CategoryCode(1, nil), CategoryCode(1, 2)] {
            #expect(app.shows(code), "\(code)")
        }
        // 外食 (0/4), 娯楽費's 3, rent, income, kakeibo's transport: 食費（なし） or なし in the app, so they stay.
        for code in [CategoryCode(0, 4), CategoryCode(1, 3), CategoryCode(2, 0), CategoryCode(90, 0), CategoryCode(14, 0), CategoryCode(0, -1)] {
            #expect(!app.shows(code), "\(code)")
        }
        #expect(app.text == "0:0-3 1:0-2")
        #expect(Taxonomy.expenseLog.categories.map(\.key) == ["food", "entertainment"], "the preset holds no income")
        #expect(TaxonomyPreset.household.taxonomy.category(code: 90)?.kind == .income)
    }

    @Test func theSettingReadsCodesAndRangesAndRefusesTheRest() throws {
        let changed = try AppCategories.parse(" 0:0-4  1:0,2 5 ")
        #expect(changed.categories == [0: [0, 1, 2, 3, 4], 1: [0, 2], 5: []])
        #expect(changed.text == "0:0-4 1:0,2 5")
        #expect(changed.shows(CategoryCode(5)) && !changed.shows(CategoryCode(5, 0)) && !changed.shows(CategoryCode(1, 1)))
        #expect(try AppCategories.parse(changed.text) == changed)
        for bad in ["", "   ", "a", "0:", "0:1-", "0:3-1", "0 0", "-1", "0:1,,2", "12345", "0:0-3:1", "０"] {
            #expect(throws: ValueError.appCategories(bad), "\(bad)") { try AppCategories.parse(bad) }
        }
    }

    /// `try? container.decode(Int.self, forKey: .categorySub)`: any value that isn't a whole number is none.
    @Test func categorySubIsReadAsTheAppReadsIt() throws {
        let cases: [(String, Int?)] = [
            ("1", 1), ("1.0", 1), ("1e0", 1), ("-1", -1), ("99", 99), (#""1""#, nil), ("null", nil), ("true", nil), ("1.5", nil),
            (#"{"a":1}"#, nil), ("[1]", nil), (#""""#, nil), ("1e300", nil),
        ]
        for (value, expected) in cases {
            let body = #"[{"id":"A1","date":"20240210","name":"お茶","price":150,"category":0,"categorySub":"# + value + "}]"
            let rows = try ServerRows.decode(Array(body.utf8))
            #expect(rows.setAside.isEmpty, "\(value)")
            #expect(rows.items.first?.category == CategoryCode(0, expected), "\(value)")
        }
        let missing = try ServerRows.decode(Array(#"[{"id":"abc","date":"20240210","name":"n","price":1,"category":1}]"#.utf8))
        #expect(missing.items.first?.category == CategoryCode(1, nil))
        // Ids are kept in their case: the app makes upper-case UUIDs, kakeibo lower-case ones; they are two ids.
        let row = #""date":"20240210","name":"n","price":1,"category":1}"#
        let cased = try ServerRows.decode(Array((#"[{"id":"ABC","# + row + #",{"id":"abc","# + row + "]").utf8))
        #expect(cased.items.map(\.id) == ["ABC", "abc"])
    }

    @Test func aCopyWithoutDetailsKeepsEveryDetailHere() throws {
        let details = ItemDetails(
            payment: "現金", shop: "ドトール", memo: "朝", member: "ayumi", personal: true, reimbursed: Yen(50), tags: ["旅行"])
        let date = try CalendarDate.parseISO("2024-02-03")
        let local = Item(
            id: "a", date: date, name: "コーヒー", price: Yen(178), category: CategoryCode(0, 1), added: Timestamp(milliseconds: 0), sync: .synced,
            details: details)
        let app = WireItem(id: "a", date: date, name: "コーヒー", price: Yen(198), category: CategoryCode(0, 1))
        let kept = app.keeping(local)
        #expect(kept.details == details)
        #expect(kept.price == Yen(198), "the field the app changed is the app's")
        #expect(app.keeping(nil) == app)
        // A server that carries a detail sets it; one it doesn't carry is kept.
        let memo = WireItem(id: "a", date: date, name: "コーヒー", price: Yen(178), category: CategoryCode(0, 1), details: ItemDetails(memo: "夜"))
        var expected = details
        expected.memo = "夜"
        #expect(memo.keeping(local).details == expected)
        #expect(ItemDetails.none.over(.none) == .none)
    }
}
