import Foundation
import Testing

@testable import KakeiboOperations
@testable import KakeiboReports
@testable import KakeiboStore
@testable import KakeiboValues

/// A settle-up payment recorded with `settle --record` is a transfer between the members, and the bank's 振込 line
/// that carries it — imported before or after — becomes that transfer and is merged with it: no spending, no second
/// transfer, and the month's spending and the settlement's shares stay what they were.
@Suite struct SettlePaymentRecordTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-settle-\(UUID().uuidString)").path
    var household: Household { Household(store: LedgerStore(root: root), now: Timestamp(milliseconds: 1_800_000_000_000)) }
    static let january = YearMonth(year: 2025, month: 1)!

    /// December: ken paid ¥3,000 and ayumi ¥678, so ayumi owes ken ¥1,161.
    func spend() throws {
        var dinner = wire("u-dinner", "2024-12-05", "夕食", 3000)
        dinner.details.member = "ken"
        var lunch = wire("u-lunch", "2024-12-06", "昼食", 678)
        lunch.details.member = "ayumi"
        _ = try household.add([dinner, lunch])
    }

    /// ayumi's bank statement: the 振込 to ken, and a purchase of the same amount the same week.
    func importBank(_ lines: [(id: String, date: String, name: String)], price: Int = 1161) throws {
        let items = lines.map { line -> WireItem in
            var item = wire(line.id, line.date, line.name, price)
            item.details.payment = "楽天銀行"
            item.details.shop = line.name
            return item
        }
        _ = try household.importFiles([ImportBatch(kind: .statement, items: items)], dryRun: false)
    }

    func record(_ amount: Int, _ date: String) throws {
        _ = try household.recordSettlePayment(
            period: .month(december), from: "ayumi", to: "ken", amount: Yen(amount), date: try CalendarDate.parseISO(date))
    }

    func settlement() throws -> Settlement {
        try Settlement.read(household.store, period: .month(december), split: nil, taxonomy: .standard)
    }

    /// What January counts: its spending, and its transfers as (payment, transfer) not merged into another.
    func january() throws -> (spending: Int, transfers: [Item]) {
        let items = try household.store.items(in: Self.january)
        return (items.filter(\.counts).map(\.price.amount).reduce(0, +), items.filter { $0.isTransfer && !$0.isMerged })
    }

    @Test(arguments: [false, true])
    func theBanksLineMergesWithTheRecordedPaymentInEitherOrder(recordFirst: Bool) throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try spend()
        let before = try settlement()
        if recordFirst { try record(1161, "2025-01-06") }
        try importBank([("ly:furikomi", "2025-01-05", "振込 ヤマダ ケン")])
        if !recordFirst {
            #expect(try january().spending == 1161, "alone, the withdrawal is spending")
            try record(1161, "2025-01-06")
        }
        let month = try january()
        #expect(month.spending == 0, "the withdrawal is the payment, not spending")
        #expect(month.transfers.count == 1 && month.transfers[0].details.transfer == "ken", "one transfer, not two: \(month.transfers)")
        let lines = try household.store.items(in: Self.january)
        #expect(lines.count == 2 && lines.filter(\.isMerged).count == 1, "the bank's line and the payment are one transfer")
        let after = try settlement()
        #expect(after.left.isEmpty && after.settled == Yen(1161) && after.payments.count == 1)
        #expect(after.shared == before.shared && after.members == before.members, "spending and shares never change")
    }

    /// MoneyForward ME links the bank, so the 振込 comes twice: its line and the bank statement's. Whichever comes
    /// first carries the payment; the other is the same withdrawal seen by another source, and joins them: the month
    /// spends nothing and holds one transfer.
    @Test(arguments: [false, true])
    func the振込SeenByMoneyForwardAndByTheBankIsOnePayment(bankFirst: Bool) throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try spend()
        try record(1161, "2025-01-06")
        var linked = wire("mf:furikomi", "2025-01-05", "振込 ヤマダ ケン", 1161)
        linked.details.payment = "楽天銀行"
        func importMoneyForward() throws { _ = try household.importFiles([ImportBatch(kind: .export, items: [linked])], dryRun: false) }
        if bankFirst {
            try importBank([("ly:furikomi", "2025-01-05", "振込 ヤマダ ケン")])
            try importMoneyForward()
        } else {
            try importMoneyForward()
            try importBank([("ly:furikomi", "2025-01-05", "振込 ヤマダ ケン")])
        }
        let month = try january()
        #expect(month.spending == 0, "neither line is spending")
        #expect(month.transfers.count == 1 && month.transfers[0].details.transfer == "ken", "one transfer: \(month.transfers)")
        #expect(try settlement().left.isEmpty)
    }

    @Test func aPartialPaymentLeavesTheRestAndALineThatIsNotA振込StaysSpending() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try spend()
        try importBank([("ly:shop", "2025-01-05", "デビット　スーパー")], price: 500)
        try record(500, "2025-01-05")
        #expect(try january().spending == 500, "a purchase of the same amount is no payment")
        #expect(try settlement().left == [Settlement.Transfer(from: "ayumi", to: "ken", amount: Yen(661))])
        #expect(throws: SettlePaymentRecorded.self) { try record(500, "2025-01-05") }
    }

    @Test func twoLinesThatCouldCarryOnePaymentAreNeverGuessed() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try spend()
        try importBank([("ly:a", "2025-01-05", "振込 ヤマダ ケン"), ("ly:b", "2025-01-06", "ﾌﾘｺﾐ ﾔﾏﾀﾞ ｹﾝ")])
        try record(1161, "2025-01-05")
        #expect(try january().spending == 2322, "both stay what they were")
    }

    /// `unmerge` says the bank's 振込 is not the payment: it is spending again, whichever id is split, and is never
    /// found to carry the payment again; the payment stays recorded.
    @Test(arguments: ["ly:furikomi", "payment"])
    func theBanksLineSplitFromThePaymentIsSpendingAgain(split: String) throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try spend()
        try record(1161, "2025-01-05")
        try importBank([("ly:furikomi", "2025-01-05", "振込 ヤマダ ケン")])
        #expect(try january().spending == 0)
        let payment = try #require(try household.store.items(in: Self.january).first(where: SettlePayment.isPayment))
        _ = try household.unmerge(split == "payment" ? payment.id : split)
        let month = try january()
        #expect(month.spending == 1161, "the withdrawal is spending again")
        #expect(month.transfers.map(\.id) == [payment.id], "the payment alone is a transfer: \(month.transfers)")
        _ = try household.matchAll()
        #expect(try january().spending == 1161, "matching again never makes it the payment again")
        #expect(try settlement().settled == Yen(1161))
    }
}
