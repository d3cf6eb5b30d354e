import Foundation
import Testing

/// Prices, dates, periods and budgets as typed with a Japanese input method (full-width digits, 円, ￥).
@Suite struct IMEInputTests {
    @Test(arguments: [
        (["add", "コーヒー", "１７８", "--date", "2024-12-03"], "¥178"),
        (["add", "コーヒー", "178円", "--date", "2024-12-03"], "¥178"),
        (["add", "本", "￥1,899", "--date", "2024-12-03"], "¥1,899"),
        (["add", "本", "¥1,899", "--date", "２０２４-１２-０３"], "2024-12-03"),
    ])
    func pricesAndDatesAsTypedWithAnIME(arguments: [String], shows: String) throws {
        let box = try Sandbox()
        let run = box.runInProcess(arguments)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(shows))
    }

    @Test func periodsAndBudgetsAsTypedWithAnIME() throws {
        let box = try Sandbox()
        box.runInProcess("add", "a", "100", "--date", "2024-12-03")
        let month = box.runInProcess("month", "2024", "１２")
        #expect(month.status == 0)
        #expect(month.stdout.contains("December 2024"))
        let budget = box.runInProcess("budget", "set", "food", "５００００")
        #expect(budget.status == 0)
        #expect(budget.stdout.contains("¥50,000") || budget.stderr.contains("¥50,000"))
    }
}
