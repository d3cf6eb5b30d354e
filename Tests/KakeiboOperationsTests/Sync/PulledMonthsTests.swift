import KakeiboStore
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboOperations

/// The server's months are checked as a whole before anything is written (how they change the store is the
/// operations layer's: see HouseholdTests).
@Suite struct PulledMonthsTests {
    @Test func anItemDatedOutsideItsMonthIsReportedAndFiledUnderItsOwnMonth() throws {
        let pulled = PulledMonths([december: [wire("late", "2024-11-30"), wire("dec", "2024-12-01")]])
        #expect(pulled.misfiled == [PulledMonths.Misfiled(item: wire("late", "2024-11-30"), cameWith: december)])
        #expect(pulled.server == ServerMonths(months: [december], items: [wire("late", "2024-11-30"), wire("dec", "2024-12-01")]))
    }

    @Test func anIDListedTwiceIsPulledOnceWhenTheCopiesAgreeAndSetAsideWhenTheyDiffer() {
        let same = PulledMonths([november: [wire("x", "2024-11-01")], december: [wire("x", "2024-11-01"), wire("d", "2024-12-01")]])
        #expect(same.items == [wire("x", "2024-11-01"), wire("d", "2024-12-01")])
        #expect(same.folded == 1 && same.setAside.isEmpty)
        let differ = PulledMonths([november: [wire("x", "2024-11-01")], december: [wire("x", "2024-12-01"), wire("d", "2024-12-01")]])
        #expect(differ.items == [wire("d", "2024-12-01")])
        #expect(differ.setAside == [SetAsideRow(id: "x", month: november, reason: .differentCopies(count: 2))])
        #expect(differ.setAsideIDs == ["x"])
    }

    @Test func rowsThatCantBeReadAreSetAsideOneByOne() throws {
        let body =
            #"[{"id":"a","date":"20241201","name":"","price":0,"category":0},{"date":"20241202","name":"n","price":1,"category":0},"#
            + #"{"id":"p","date":"20241203","name":"n","price":"1","category":0},{"id":"d","date":"2024-12-32","name":"n","price":1,"category":0},7]"#
        let rows = try ServerRows.decode(Array(body.utf8))
        #expect(rows.items.map(\.id) == ["a"])
        #expect(rows.items.first?.price == Yen(0))
        #expect(rows.setAside.map(\.id) == [nil, "p", "d", nil])
        // The id is named even when it comes after the field that can't be read.
        let late = try ServerRows.decode(Array(#"[{"price":"1","id":"late"},{"date":"x","id":42,"n":[1,{"id":"inner"}]}]"#.utf8))
        #expect(late.setAside.map(\.id) == ["late", "42"])
        #expect(throws: WireProblem.self) { try ServerRows.decode(Array(#"[{"id":"a","da"#.utf8)) }
        #expect(throws: WireProblem.notAnArray) { try ServerRows.decode(Array(#"{"error":"x"}"#.utf8)) }
    }

    /// What a member recorded about an item (payment, shop, memo, who paid) comes through a plain pull too.
    @Test func detailsOfARowAreKept() throws {
        let body =
            #"[{"id":"a","date":"20241201","name":"米","price":2480,"category":0,"payment":"現金","shop":"まいばすけっと","#
            + #""memo":"5kg","member":"ken","personal":true}]"#
        let rows = try ServerRows.decode(Array(body.utf8))
        #expect(rows.items.first?.details == ItemDetails(payment: "現金", shop: "まいばすけっと", memo: "5kg", member: "ken", personal: true))
    }

    /// A row of the change protocol's answer that can't be read is set aside with its id, its month and the reason,
    /// as a month's answer's rows are; the rest are read.
    @Test func unreadableChangesAreSetAsideWithMonthAndReason() throws {
        let good: JSONValue = .object([
            ("revision", .integer(3)), ("deleted", .bool(false)),
            (
                "item",
                .object([
                    ("id", .string("a")), ("date", .string("20241201")), ("name", .string("米")), ("price", .integer(1)), ("category", .integer(0)),
                ])
            ),
        ])
        let bad: JSONValue = .object([
            ("revision", .integer(4)),
            (
                "item",
                .object([
                    ("id", .string("b")), ("date", .string("20241205")), ("name", .string("x")), ("price", .string("高い")), ("category", .integer(0)),
                ])
            ),
        ])
        let (rows, setAside) = ChangeClient.rows([good, bad])
        #expect(rows.map(\.item.id) == ["a"])
        #expect(setAside.map(\.id) == ["b"])
        #expect(setAside.first?.month == YearMonth(year: 2024, month: 12))
        #expect(setAside.first?.message(in: .en).contains("price") == true)
    }
}
