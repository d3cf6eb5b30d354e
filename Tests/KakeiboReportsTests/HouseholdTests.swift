import Foundation
import KakeiboOperations
import KakeiboStore
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboReports

/// The operations layer against a real store in a temporary directory: every change and its outcome, the one id
/// index finding items in any month, and moves between months.
@Suite struct HouseholdTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-household-\(UUID().uuidString)").path
    var store: LedgerStore { LedgerStore(root: root) }
    let november = YearMonth(year: 2024, month: 11)!
    let january = YearMonth(year: 2025, month: 1)!
    let earlier = Timestamp(milliseconds: 1_700_000_000_000)
    let now = Timestamp(milliseconds: 1_800_000_000_000)

    func household(at time: Timestamp? = nil) -> Household { Household(store: store, now: time ?? now) }

    func wire(_ id: String, _ date: String, _ price: Int = 100) -> WireItem {
        WireItem(id: id, date: try! CalendarDate.parseISO(date), name: "品\(id)", price: Yen(price), category: CategoryCode(0))
    }

    func stored(_ id: String, _ date: String, _ sync: SyncState, price: Int = 100) -> Item {
        wire(id, date, price).item(added: earlier, sync: sync)
    }

    /// Puts items straight into the store, as if they had been there all along.
    func seed(_ items: [Item]) throws {
        try store.write { transaction in
            for (month, group) in Dictionary(grouping: items, by: \.date.yearMonth) { try transaction.setItems(group, in: month) }
        }
    }

    func all() throws -> [Item] { try store.months().flatMap { try store.items(in: $0) } }

    func item(_ id: String) throws -> Item? { try all().first { $0.id == id } }

    func clean() { try? FileManager.default.removeItem(atPath: root) }

    // MARK: add, edit, delete, undo

    @Test func addStoresPendingItemsStampedNowInTheirMonths() throws {
        defer { clean() }
        let added = try household().add([wire("a", "2024-12-03"), wire("b", "2025-01-02")])
        #expect(added.items.map(\.sync) == [.pending, .pending])
        #expect(added.items.map(\.added) == [now, now])
        #expect(added.months == [december, january])
        #expect(try store.items(in: december).map(\.id) == ["a"])
        #expect(try store.items(in: january).map(\.id) == ["b"])
    }

    @Test func editChangesInPlaceOrMovesToTheNewMonthAndMarksServerItemsEdited() throws {
        defer { clean() }
        try seed([stored("p1", "2024-12-01", .pending), stored("s1", "2024-12-02", .synced), stored("p2", "2024-12-03", .pending)])
        let priced = try household().edit("s1", ItemChanges(price: Yen(250)))
        #expect(priced.after.price == Yen(250))
        #expect(priced.after.sync == .edited)
        #expect(!priced.moved)
        #expect(try store.items(in: december).map(\.id) == ["p1", "s1", "p2"]) // kept its place

        let moved = try household().edit("p1", ItemChanges(date: try CalendarDate.parseISO("2024-11-30")))
        #expect(moved.moved)
        #expect(moved.months == [november, december])
        #expect(moved.after.sync == .pending)
        #expect(moved.after.added == earlier)
        #expect(try store.items(in: december).map(\.id) == ["s1", "p2"])
        #expect(try store.items(in: november).map(\.id) == ["p1"])

        // An edit that sets what is already there changes nothing, sync state included.
        let same = try household().edit("p2", ItemChanges(name: "品p2"))
        #expect(!same.changed)
        #expect(same.after == same.before)
    }

    @Test func anIdIsFoundByAUniqueStartInAnyMonth() throws {
        defer { clean() }
        try seed([stored("abc-1", "2024-11-05", .pending), stored("abd-2", "2024-12-05", .pending), stored("x", "2025-01-05", .pending)])
        #expect(try household().edit("abd", ItemChanges(price: Yen(7))).after.id == "abd-2")
        #expect(throws: HouseholdError.ambiguousItem("ab", matches: ["abc-1", "abd-2"])) { try household().edit("ab", ItemChanges(price: Yen(1))) }
        #expect(throws: HouseholdError.noSuchItem("zz")) { try household().delete("zz") }
        #expect(try household().delete("x").item.id == "x")
        #expect(try store.months() == [november, december])
    }

    /// `delete ab` names ab111111, mf:ab… and rc:ab… alike (the docs let a source's prefix be left out): ambiguous,
    /// all three listed, nothing deleted; a whole id is that item.
    @Test func anIdStartThatNamesItemsWithAndWithoutTheirSourceIsAmbiguous() throws {
        defer { clean() }
        try seed([
            stored("ab111111", "2024-12-01", .pending), stored("mf:ab222222", "2024-12-02", .pending), stored("rc:ab333333", "2024-11-03", .pending),
        ])
        #expect(throws: HouseholdError.ambiguousItem("ab", matches: ["rc:ab333333", "ab111111", "mf:ab222222"])) { try household().delete("ab") }
        #expect(try store.items(in: december).map(\.id) == ["ab111111", "mf:ab222222"])
        #expect(try household().delete("ab111111").item.id == "ab111111")
        #expect(try household().edit("ab2", ItemChanges(price: Yen(7))).after.id == "mf:ab222222")
    }

    @Test func deleteRefusesWhatTheServerHas() throws {
        defer { clean() }
        let synced = stored("s", "2024-12-01", .synced)
        try seed([synced, stored("p", "2024-12-02", .pending)])
        #expect(throws: HouseholdError.onServer(synced)) { try household().delete("s") }
        let deleted = try household().delete("p")
        #expect(deleted.months == [december])
        #expect(try store.items(in: december).map(\.id) == ["s"])
    }

    @Test func undoPutsBackTheLastChange() throws {
        defer { clean() }
        #expect(throws: UndoError.nothingToUndo) { try household().undo(nil) }
        try household().add([wire("a", "2024-12-01")])
        _ = try household().edit("a", ItemChanges(price: Yen(999)))
        _ = try household().undo(nil)
        #expect(try item("a")?.price == Yen(100))
    }

    @Test func budgetsAreSetAndUnsetWithTheStore() throws {
        defer { clean() }
        let food = BudgetTarget.category(CategoryCode(0))
        #expect(throws: BudgetError.notSet(food.key(.standard))) { try household().unsetBudget(food, taxonomy: .standard) }
        #expect(!store.exists) // nothing created to find that out
        #expect(try household().setBudget(.total, Yen(50_000), taxonomy: .standard).amount(for: .total) == Yen(50_000))
        #expect(try household().setBudget(food, Yen(20_000), taxonomy: .standard).amount(for: food) == Yen(20_000))
        let left = try household().unsetBudget(food, taxonomy: .standard)
        #expect(left.amount(for: food) == nil)
        #expect(try store.read(.budgets) == left)
    }

    // MARK: merge (import)

    @Test func mergeUpdatesInPlaceMovesAndAddsInOneBatch() throws {
        defer { clean() }
        let first = try household(at: earlier).merge([
            wire("a", "2024-12-01", 100), wire("b", "2024-12-02", 200), wire("c", "2024-12-03", 300), wire("d", "2024-11-30", 400),
        ])
        #expect((first.imported, first.added, first.months) == (4, 4, [november, december]))
        // b moves to January, c changes price where it is, d is unchanged, e is new in December.
        var ticks = 0
        let second = try household().merge(
            [wire("b", "2025-01-02", 200), wire("c", "2024-12-03", 333), wire("d", "2024-11-30", 400), wire("e", "2024-12-04", 500)],
            progress: { ticks += 1 })
        #expect(ticks == 4)
        #expect((second.added, second.updated, second.moved, second.unchanged) == (1, 2, 1, 1))
        #expect(second.months == [december, january])
        #expect(try store.items(in: december).map(\.id) == ["a", "c", "e"])
        #expect(try store.items(in: december).map(\.price.amount) == [100, 333, 500])
        let moved = try #require(try store.items(in: january).first)
        #expect(moved.id == "b")
        #expect(moved.added == earlier) // kept from when it was first recorded
        // Moving every item out of a month empties (removes) it.
        let third = try household().merge([wire("d", "2025-01-05", 400)])
        #expect(third.updated == 1)
        #expect(try store.months() == [december, january])
        #expect(try store.items(in: january).map(\.id) == ["b", "d"])
    }

    @Test func mergeMarksAServerItemChangedHereEdited() throws {
        defer { clean() }
        try seed([stored("s", "2024-12-01", .synced), stored("same", "2024-12-02", .synced)])
        let outcome = try household().merge([wire("s", "2024-12-01", 120), wire("same", "2024-12-02")])
        #expect((outcome.updated, outcome.unchanged) == (1, 1))
        #expect(try item("s")?.sync == .edited)
        #expect(try item("same")?.sync == .synced)
    }

    // MARK: the server's answers (pull, push)

    @Test func aPullReplacesOnlySyncedItemsAndKeepsWhatTheServerDoesNotHave() throws {
        defer { clean() }
        try seed([
            stored("gone", "2024-12-01", .synced), stored("kept", "2024-12-02", .synced, price: 100),
            stored("mine", "2024-12-03", .pending), stored("changed", "2024-12-04", .edited, price: 999),
            stored("other-month", "2024-11-05", .synced),
        ])
        let pulled = ServerMonths(
            months: [december], items: [wire("kept", "2024-12-02", 120), wire("changed", "2024-12-04"), wire("new", "2024-12-09")])
        let outcome = try household().applyServer(confirmed: [], pulled: pulled)

        #expect(try store.items(in: december).map(\.id) == ["mine", "changed", "kept", "new"])
        #expect(try item("kept")?.price == Yen(120))
        #expect(try item("kept")?.added == earlier) // still the first time it was recorded here
        #expect(try item("new")?.added == now)
        #expect(try item("changed")?.price == Yen(999))
        #expect(try item("changed")?.sync == .edited)
        #expect(try item("mine")?.sync == .pending)
        #expect(try item("other-month") != nil)
        #expect((outcome.synced, outcome.edited, outcome.changed) == (0, [], [december]))
        #expect(outcome.unsent.map(\.id) == ["mine", "changed"])
        #expect(try household().unsent().map(\.id) == ["mine", "changed"])

        // The same answer again changes nothing.
        let before = try all()
        let again = try household().applyServer(confirmed: [], pulled: pulled)
        #expect(again.changed == [])
        #expect(try all() == before)
    }

    @Test func aPendingItemTheServerAlreadyHasBecomesSyncedOrEditedWhenItDiffers() throws {
        defer { clean() }
        try seed([stored("same", "2024-12-01", .pending), stored("differs", "2024-12-02", .pending, price: 150)])
        let outcome = try household().applyServer(
            confirmed: [], pulled: ServerMonths(months: [december], items: [wire("same", "2024-12-01"), wire("differs", "2024-12-02")]))
        #expect(try item("same")?.sync == .synced)
        #expect(try item("differs")?.sync == .edited)
        #expect(try item("differs")?.price == Yen(150))
        #expect(outcome.synced == 1)
        #expect(outcome.edited.map(\.id) == ["differs"])
        #expect(try store.items(in: december).count == 2)
    }

    @Test func anItemTheServerMovedToAnotherMonthMovesHere() throws {
        defer { clean() }
        try seed([stored("moved", "2024-11-30", .synced)])
        let outcome = try household().applyServer(confirmed: [], pulled: ServerMonths(months: [december], items: [wire("moved", "2024-12-01")]))
        #expect(outcome.changed == [november, december])
        #expect(try store.months() == [december])
        #expect(try item("moved")?.added == earlier)
    }

    @Test func anItemDatedOutsideItsMonthIsFiledUnderItsOwnMonth() throws {
        defer { clean() }
        try seed([stored("nov", "2024-11-02", .synced)])
        _ = try household().applyServer(
            confirmed: [], pulled: ServerMonths(months: [december], items: [wire("late", "2024-11-30"), wire("dec", "2024-12-01")]))
        #expect(try store.items(in: november).map(\.id) == ["nov", "late"]) // November wasn't fetched: its items stay
        #expect(try store.items(in: december).map(\.id) == ["dec"])
    }

    @Test func aPushSendsOnlyPendingItemsTheServerDoesNotListAlready() {
        let unsent = [stored("new", "2024-12-01", .pending), stored("lost-answer", "2024-12-02", .pending), stored("edited", "2024-12-03", .edited)]
        let plan = PushPlan(
            unsent: unsent, onServer: [wire("lost-answer", "2024-12-02"), wire("edited", "2024-12-03", 1), wire("other", "2024-12-04")])
        #expect(plan.send == [wire("new", "2024-12-01")])
        #expect(plan.known.map(\.id) == ["lost-answer", "edited"])
    }

    @Test func confirmationsMarkSentItemsSyncedUnlessChangedSinceAndWriteOnlyThoseMonths() throws {
        defer { clean() }
        try seed([
            stored("a", "2024-11-01", .synced), stored("sent", "2024-12-01", .pending),
            stored("edited-since", "2024-12-02", .pending, price: 300), stored("already", "2024-12-03", .synced),
        ])
        let outcome = try household().applyServer(
            confirmed: [
                wire("sent", "2024-12-01"), wire("edited-since", "2024-12-02"), wire("already", "2024-12-03"), wire("deleted", "2024-12-04"),
            ],
            pulled: nil)
        #expect(outcome.synced == 1)
        #expect(outcome.edited.map(\.id) == ["edited-since"])
        #expect(outcome.changed == [december])
        #expect(try item("sent")?.sync == .synced)
        #expect(try item("edited-since")?.sync == .edited)
        #expect(try item("already")?.sync == .synced)
        #expect(try item("deleted") == nil)
        #expect(outcome.unsent.map(\.id) == ["edited-since"])
    }

    /// `add` files an item typed without a category in the operation that adds it: by the household's rules (what
    /// was typed with it stays), and says by which; an item given its category is stored as typed.
    @Test func anItemTypedWithoutACategoryIsFiledByTheRulesAsItIsAdded() throws {
        let taxonomy = Taxonomy.standard
        _ = try household().addRule(FilingRule(pattern: "セブン", category: "food/drink", payment: "楽天カード", tags: ["コンビニ"]), taxonomy: taxonomy)
        var typed = wire("a", "2024-11-02")
        typed.name = "セブン-イレブン"
        typed.details = ItemDetails(member: "ken", tags: ["旅行"])
        let filed = try household().add(typed, filing: taxonomy)
        #expect(filed.item.category == (try taxonomy.resolve("food/drink")))
        #expect(filed.item.details.payment == "楽天カード" && filed.item.details.member == "ken")
        #expect(filed.item.details.tags == ["旅行", "コンビニ"])
        #expect(filed.filing?.filed.reason == .rule(1) && filed.filing?.rules.rules.count == 1)
        #expect(try item("a")?.category == (try taxonomy.resolve("food/drink")), "stored as filed")

        typed.id = "b"
        let asTyped = try household().add(typed, filing: nil)
        #expect(asTyped.item.category == CategoryCode(0) && asTyped.filing == nil)
    }

    /// `year`'s query reads whichever source answers: the summaries, or the items when a detail filter asks what
    /// summaries don't know, or when months start on another day than the 1st.
    @Test func theYearsQueryReadsTheSourceThatCanAnswerIt() throws {
        var paypay = wire("p", "2024-03-10", 300)
        paypay.details = ItemDetails(payment: "PayPay")
        _ = try household().add([wire("a", "2024-03-02", 100), paypay, wire("late", "2024-03-28", 1000)])
        let taxonomy = Taxonomy.standard
        func read(_ details: DetailFilter = DetailFilter(), start: MonthStart = .calendar) throws -> YearReport {
            try YearReport.read(year: 2024, store: store, filter: nil, details: details, taxonomy: taxonomy, start: start)
        }
        #expect(try read().total == Yen(1400))
        #expect(try read().months.first { $0.month == 3 }?.total == Yen(1400))
        #expect(try read(DetailFilter([.payment: "PayPay"])).total == Yen(300), "only the items summaries can't tell apart")
        let payday = try #require(MonthStart(day: 25))
        let fromPayday = try read(start: payday)
        #expect(fromPayday.months.first { $0.month == 3 }?.total == Yen(1000), "March runs from the 25th: the 28th alone")
        #expect(fromPayday.months.first { $0.month == 2 }?.total == Yen(400), "the 2nd and the 10th are February's")
    }
}
