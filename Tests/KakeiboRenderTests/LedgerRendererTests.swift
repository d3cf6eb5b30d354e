import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboRender

@Suite struct LedgerRendererTests {
    @Test func oneBalancedTransactionPerItemWithTheCategoryAsAccount() {
        let journal = LedgerRenderer.journal(
            [
                item("コーヒー", 178, "2024-12-03", 0, 1, id: "a1"), item("返品", -500, "2024-12-04", 1, id: "a2"),
                item("謎", 5, "2024-12-05", 7, 3, id: "a3"),
            ],
            taxonomy: .expenseLog)
        #expect(
            journal == """
                2024-12-03 コーヒー
                    ; id: a1
                    expenses:food:drink  178 JPY
                    assets:cash

                2024-12-04 返品
                    ; id: a2
                    expenses:entertainment  -500 JPY
                    assets:cash

                2024-12-05 謎
                    ; id: a3
                    expenses:7:3  5 JPY
                    assets:cash


                """)
    }

    @Test func payeesLedgerWouldMisreadAreMadeSafe() {
        #expect(LedgerRenderer.payee("a;b") == "a；b")
        #expect(LedgerRenderer.payee("*sale*") == "＊sale*")
        #expect(LedgerRenderer.payee("!") == "！")
        #expect(LedgerRenderer.payee("(code) x") == "（code) x")
        #expect(LedgerRenderer.payee("a|b") == "a｜b")
        #expect(LedgerRenderer.payee("1,000 \"q\" @ # =x") == "1,000 \"q\" @ # =x")
    }
}
