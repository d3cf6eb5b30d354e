import Foundation
import KakeiboValues
import Testing

@testable import KakeiboStore

/// stated.json: what statements stated for accounts not defined yet, bounded, each statement once, read back as
/// written, and refused (never misread) when it is not what kakeibo writes.
@Suite struct WaitingStatedFileTests {
    func day(_ text: String) throws -> CalendarDate { try CalendarDate.parseISO(text) }

    @Test func roundTripsAndKeepsAStatementOnce() throws {
        let bank = StatedAccount(
            account: "楽天銀行", balances: [StatedBalance(date: try day("2024-12-31"), amount: Yen(393308))], bill: nil)
        let card = StatedAccount(account: "イオンカード", balances: [], bill: CardBill(amount: Yen(21736), date: try day("2024-07-02")))
        let month = StatedAccount(account: "楽天カード", balances: [], bill: CardBill(amount: Yen(64210), month: try day("2024-12-01").yearMonth))
        let held = WaitingStatedFile.adding([bank, card, month], to: [])
        #expect(WaitingStatedFile.adding([bank, card], to: held) == held, "the same statement imported again is kept once")
        let file = SettingsFile.waitingStated
        #expect(try file.decode(file.encode(held)) == held)
    }

    @Test func isBounded() throws {
        let many = (0..<(WaitingStatedFile.kept + 5)).map { StatedAccount(account: "口座\($0)", balances: [], bill: nil) }
        let held = WaitingStatedFile.adding(many, to: [])
        #expect(held.count == WaitingStatedFile.kept && held.last?.account == "口座\(WaitingStatedFile.kept + 4)", "the newest kept")
        let start = try day("2020-01-01").dayNumber
        let balances = (0..<(WaitingStatedFile.balancesKept + 10)).reversed().map {
            StatedBalance(date: CalendarDate(dayNumber: start + $0)!, amount: Yen($0))
        }
        let one = WaitingStatedFile.adding([StatedAccount(account: "楽天銀行", balances: balances, bill: nil)], to: [])
        #expect(
            one.first?.balances.count == WaitingStatedFile.balancesKept && one.first?.balances.last?.amount == Yen(WaitingStatedFile.balancesKept + 9)
        )
        let long = String(repeating: "長", count: 201)
        #expect(WaitingStatedFile.adding([StatedAccount(account: long, balances: [], bill: nil)], to: []).isEmpty, "a name the file can't hold")
    }

    @Test func refusesWhatItDoesNotWrite() {
        for text in [
            #"{"schema":1,"statements":[{"account":"","balances":[]}]}"#,
            #"{"schema":1,"statements":[{"account":"x","balances":[{"date":"2024-13-01","amount":1}]}]}"#,
            #"{"schema":1,"statements":[{"account":"x","balances":[],"bill":{"amount":1}}]}"#,
            #"{"schema":1,"statements":[{"account":"x","balances":[],"extra":1}]}"#,
            #"{"schema":2,"statements":[]}"#,
        ] {
            #expect(throws: SettingsFileProblem.self, "\(text)") { try SettingsFile.waitingStated.decode(Array(text.utf8)) }
        }
    }
}
