import KakeiboStore
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboReports

/// Settle-up payments recorded for a period: they change no share, no balance and no spending; `left` is what the
/// balances still call for after them, and the payment `--record` takes is the one left unless told otherwise.
@Suite struct SettlePaymentTests {
    /// ken paid ¥3,000 and ayumi ¥678 of December's shared spending: ayumi owes ken ¥1,161 (equal shares).
    static let spending: [Item] = {
        var dinner = item("夕食", 3000, "2024-12-05", id: "a")
        dinner.details.member = "ken"
        var lunch = item("昼食", 678, "2024-12-06", id: "b")
        lunch.details.member = "ayumi"
        return [dinner, lunch]
    }()

    static func paid(_ amount: Int, _ date: String, from: String = "ayumi", to: String = "ken") -> Settlement.Payment {
        Settlement.Payment(id: "settle-2024-12-\(date)", from: from, to: to, amount: Yen(amount), date: try! CalendarDate.parseISO(date))
    }

    static func settlement(_ payments: [Settlement.Payment]) -> Settlement {
        Settlement(period: .month(december), items: spending, split: nil, payments: payments)
    }

    @Test func aPartialPaymentLeavesTheRestAndTheFullOneLeavesNothing() {
        let none = Self.settlement([])
        #expect(none.transfers == [Settlement.Transfer(from: "ayumi", to: "ken", amount: Yen(1161))])
        #expect(none.left == none.transfers && none.settled == Yen(0))
        let part = Self.settlement([Self.paid(500, "2025-01-05")])
        #expect(part.left == [Settlement.Transfer(from: "ayumi", to: "ken", amount: Yen(661))])
        #expect(part.settled == Yen(500))
        let all = Self.settlement([Self.paid(500, "2025-01-05"), Self.paid(661, "2025-01-08")])
        #expect(all.left.isEmpty && all.settled == Yen(1161))
        for settled in [part, all] {
            #expect(settled.shared == none.shared && settled.members == none.members, "payments change no spending, share or balance")
            #expect(settled.transfers == none.transfers, "what the balances call for stays what it was")
        }
        let over = Self.settlement([Self.paid(1500, "2025-01-05")])
        #expect(over.left == [Settlement.Transfer(from: "ken", to: "ayumi", amount: Yen(339))], "paid too much: the other way round")
    }

    @Test func recordTakesTheOnePaymentLeftOrTheOneNamed() throws {
        let none = Self.settlement([])
        #expect(try none.payment(from: nil, to: nil, amount: nil) == Settlement.Transfer(from: "ayumi", to: "ken", amount: Yen(1161)))
        #expect(try none.payment(from: nil, to: nil, amount: Yen(500)).amount == Yen(500))
        #expect(throws: SettleError.moreThanOwed(Settlement.Transfer(from: "ayumi", to: "ken", amount: Yen(1161)))) {
            try none.payment(from: nil, to: nil, amount: Yen(1162))
        }
        #expect(throws: SettleError.amount(Yen(0))) { try none.payment(from: nil, to: nil, amount: Yen(0)) }
        #expect(throws: SettleError.notOwed(from: "ken", to: "ayumi")) { try none.payment(from: "ken", to: "ayumi", amount: nil) }
        #expect(try none.payment(from: "ken", to: "ayumi", amount: Yen(100)).amount == Yen(100), "named, with an amount: recorded as told")
        #expect(throws: SettleError.notMember("yuto", known: ["ayumi", "ken"])) { try none.payment(from: "yuto", to: "ken", amount: nil) }
        // With the amount given, a member this store has not seen yet (before the first sync) is taken as stated.
        #expect(try none.payment(from: "ken", to: "yuto", amount: Yen(15000)) == Settlement.Transfer(from: "ken", to: "yuto", amount: Yen(15000)))
        #expect(throws: SettleError.sameMember("ken")) { try none.payment(from: "ken", to: "ken", amount: Yen(1)) }
        let all = Self.settlement([Self.paid(1161, "2025-01-05")])
        #expect(throws: SettleError.nothingOwed) { try all.payment(from: nil, to: nil, amount: nil) }
        var third = item("旅行", 9000, "2024-12-07", id: "c")
        third.details.member = "yuto"
        let three = Settlement(period: .month(december), items: Self.spending + [third], split: nil)
        #expect(three.left.count == 2)
        #expect(throws: SettleError.several(three.left)) { try three.payment(from: nil, to: nil, amount: nil) }
    }

    @Test func aPaymentsIDSaysThePeriodItSettles() {
        let date = try! CalendarDate.parseISO("2025-01-05")
        let id = SettlePayment.id(period: "2024-12", from: "ayumi", to: "ken", date: date, amount: Yen(500))
        #expect(id.hasPrefix("settle-2024-12-") && id.utf8.count == "settle-2024-12-".utf8.count + 16)
        #expect(SettlePayment.period(ofID: id) == "2024-12")
        #expect(SettlePayment.period(ofID: SettlePayment.id(period: "2024", from: "a", to: "b", date: date, amount: Yen(1))) == "2024")
        #expect(id == SettlePayment.id(period: "2024-12", from: "ayumi", to: "ken", date: date, amount: Yen(500)), "the same payment, the same id")
        #expect(id != SettlePayment.id(period: "2024-12", from: "ayumi", to: "ken", date: date, amount: Yen(501)))
        for other in ["settle-", "settle-2024-12", "settle-2024-1x-0123456789abcdef", "a-0123456789abcdef", "settlement-2024-12-0123456789abcdef"] {
            #expect(SettlePayment.period(ofID: other) == nil, "\(other)")
        }
        var line = item("精算", 500, "2025-01-05", id: id)
        line.details = ItemDetails(member: "ayumi", transfer: "ken")
        #expect(SettlePayment.isPayment(line) && Settlement.Payment(line)?.to == "ken" && !line.counts)
    }
}
