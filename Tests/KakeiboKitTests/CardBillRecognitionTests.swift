import Testing

@testable import KakeiboOperations
@testable import KakeiboStore
@testable import KakeiboValues

/// A card's bill paid from a bank is recognised without an alias: a bank account's withdrawal equal to the bill a
/// card account's statement stated, near its due date (or in its billing month), is a transfer to the card; one that
/// could be two bills, or a bill two withdrawals equal, is reported and left as it is.
@Suite struct CardBillRecognitionTests {
    static func date(_ text: String) -> CalendarDate { try! CalendarDate.parseISO(text) }

    static func accounts(bills: [String: [CardBill]] = [:], cardAliases: [String] = []) -> Accounts {
        try! Accounts([
            Account(name: "JCBカード", kind: .card, member: "ken", aliases: cardAliases, bills: bills["JCBカード"] ?? []),
            Account(name: "楽天カード", kind: .card, member: "ayumi", bills: bills["楽天カード"] ?? []),
            Account(name: "PayPay", kind: .emoney, bills: bills["PayPay"] ?? []),
            Account(name: "楽天銀行", kind: .bank),
            Account(name: "ゆうちょ銀行", kind: .bank),
        ])
    }

    /// A bank's line: a withdrawal of `price` with the bank's description as its shop.
    func withdrawal(_ id: String, _ date: String, _ price: Int, payment: String = "楽天銀行", shop: String = "口座振替　カード") -> Item {
        var line = item(shop, price, date, 0, id: id)
        line.details.payment = payment
        line.details.shop = shop
        return line
    }

    /// What matching the lines' months does with these accounts: the lines as they are after it, and its outcome.
    func matched(_ items: [Item], _ accounts: Accounts) -> (items: [String: Item], outcome: MatchOutcome) {
        let plan = MatchPlan(
            items: items, months: Set(items.map(\.date.yearMonth)), matching: Matching(accounts: accounts, isIncome: { $0.category == 90 }))
        var byID = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) })
        for changed in plan.changed { byID[changed.id] = changed }
        return (byID, plan.outcome)
    }

    @Test func aWithdrawalEqualToACardsStatedBillNearItsDueDateIsATransferToTheCard() {
        let due = CardBill(amount: Yen(42440), date: Self.date("2024-12-10"))
        let accounts = Self.accounts(bills: ["JCBカード": [due]])
        for day in ["2024-12-10", "2024-12-11", "2024-12-16", "2024-12-04"] {
            let result = matched([withdrawal("ly:1", day, 42440)], accounts)
            let line = result.items["ly:1"]!
            #expect(line.details.transfer == "JCBカード" && line.details.payment == "楽天銀行", "\(day): \(line.details)")
            #expect(result.outcome.bills.map(\.card) == ["JCBカード"] && result.outcome.bills.first?.bill == due)
        }
        for day in ["2024-12-18", "2024-11-30"] {
            let result = matched([withdrawal("ly:1", day, 42440)], accounts)
            #expect(!result.items["ly:1"]!.isTransfer && result.outcome.bills.isEmpty, "\(day) is too far from the 10th")
        }
        let other = matched([withdrawal("ly:1", "2024-12-10", 42441)], accounts)
        #expect(!other.items["ly:1"]!.isTransfer, "another amount is another withdrawal")
    }

    @Test func aBillStatedOnlyByItsMonthTakesAWithdrawalOfThatMonth() {
        let accounts = Self.accounts(bills: ["楽天カード": [CardBill(amount: Yen(55836), month: YearMonth(year: 2024, month: 12)!)]])
        let december = matched([withdrawal("ly:1", "2024-12-27", 55836)], accounts)
        #expect(december.items["ly:1"]!.details.transfer == "楽天カード")
        let january = matched([withdrawal("ly:1", "2025-01-06", 55836)], accounts)
        #expect(!january.items["ly:1"]!.isTransfer, "drawn in another month: not this bill")
    }

    @Test func severalCardsEachTakeTheirOwnBill() {
        let accounts = Self.accounts(bills: [
            "JCBカード": [CardBill(amount: Yen(42440), date: Self.date("2024-12-10"))],
            "楽天カード": [CardBill(amount: Yen(55836), date: Self.date("2024-12-27"))],
        ])
        let result = matched(
            [
                withdrawal("ly:1", "2024-12-10", 42440), withdrawal("yu:2", "2024-12-27", 55836, payment: "ゆうちょ銀行"),
                withdrawal("ly:3", "2024-12-20", 3300),
            ], accounts)
        #expect(result.items["ly:1"]!.details.transfer == "JCBカード")
        #expect(result.items["yu:2"]!.details.transfer == "楽天カード" && result.items["yu:2"]!.details.payment == "ゆうちょ銀行")
        #expect(!result.items["ly:3"]!.isTransfer)
        #expect(result.outcome.bills.count == 2 && result.outcome.unsureBills.isEmpty)
    }

    @Test func twoBillsOfOneAmountAreReportedNeverGuessed() {
        let accounts = Self.accounts(bills: [
            "JCBカード": [CardBill(amount: Yen(10000), date: Self.date("2024-12-10"))],
            "楽天カード": [CardBill(amount: Yen(10000), date: Self.date("2024-12-12"))],
        ])
        let result = matched([withdrawal("ly:1", "2024-12-10", 10000)], accounts)
        #expect(!result.items["ly:1"]!.isTransfer, "one withdrawal, two bills it could be: left as it is")
        #expect(result.outcome.bills.isEmpty)
        #expect(result.outcome.unsureBills.map { $0.bills.map(\.card).sorted() } == [["JCBカード", "楽天カード"]])
    }

    @Test func twoWithdrawalsEqualToOneBillAreReportedNeverGuessed() {
        let accounts = Self.accounts(bills: ["JCBカード": [CardBill(amount: Yen(42440), date: Self.date("2024-12-10"))]])
        let sameBank = matched([withdrawal("ly:1", "2024-12-09", 42440), withdrawal("ly:2", "2024-12-11", 42440)], accounts)
        #expect(!sameBank.items["ly:1"]!.isTransfer && !sameBank.items["ly:2"]!.isTransfer)
        #expect(sameBank.outcome.unsureBills.count == 2)
        let twoBanks = matched(
            [withdrawal("ly:1", "2024-12-10", 42440), withdrawal("yu:1", "2024-12-10", 42440, payment: "ゆうちょ銀行")], accounts)
        #expect(twoBanks.outcome.bills.isEmpty && twoBanks.outcome.unsureBills.count == 2, "two banks, one bill: which one paid it is not known")
    }

    @Test func theBanksStatementAndAnAppLinkingTheBankSeeOneWithdrawal() {
        let accounts = Self.accounts(bills: ["JCBカード": [CardBill(amount: Yen(42440), date: Self.date("2024-12-10"))]])
        let result = matched([withdrawal("ly:1", "2024-12-10", 42440), withdrawal("mf:1", "2024-12-10", 42440)], accounts)
        #expect(result.items["ly:1"]!.details.transfer == "JCBカード" && result.items["mf:1"]!.details.transfer == "JCBカード")
        #expect(result.outcome.unsureBills.isEmpty)
    }

    @Test func aWithdrawalAlreadyMergedWithAnAppsLineStaysOnePurchaseOfTheBill() {
        let accounts = Self.accounts(bills: ["JCBカード": [CardBill(amount: Yen(42440), date: Self.date("2024-12-10"))]])
        let bank = withdrawal("ly:1", "2024-12-10", 42440)
        var linked = withdrawal("mf:1", "2024-12-10", 42440)
        linked.details.merged = "ly:1"
        let result = matched([bank, linked], accounts)
        #expect(result.items["ly:1"]!.details.transfer == "JCBカード" && result.items["mf:1"]!.details.transfer == "JCBカード")
        #expect(result.items["mf:1"]!.details.merged == "ly:1", "still one withdrawal: counted neither as spending")
        #expect(result.outcome.split.isEmpty && result.outcome.bills.map(\.line.id) == ["ly:1"], "said once")
    }

    @Test func onlyABankAccountsWithdrawalsAndOnlyACardAccountsBills() {
        let accounts = Self.accounts(bills: [
            "JCBカード": [CardBill(amount: Yen(42440), date: Self.date("2024-12-10"))],
            "PayPay": [CardBill(amount: Yen(5000), date: Self.date("2024-12-10"))],
        ])
        let lines = [
            withdrawal("ly:card", "2024-12-10", 42440, payment: "楽天カード"), // a card's own line
            withdrawal("ly:none", "2024-12-10", 42440, payment: "みずほ銀行"), // a bank the household has no account of
            withdrawal("typed-1", "2024-12-10", 42440), // typed, not a bank's statement
            withdrawal("ly:pp", "2024-12-10", 5000), // PayPay is no card
        ]
        for line in lines {
            let result = matched([line], accounts)
            #expect(!result.items[line.id]!.isTransfer && result.outcome.bills.isEmpty, "\(line.id)")
        }
        var income = withdrawal("ly:in", "2024-12-10", 42440)
        income.category = CategoryCode(90, nil)
        #expect(matched([income], accounts).outcome.bills.isEmpty, "money in is no bill")
    }

    @Test func aBillAlreadyPaidByATransferTakesNoOtherWithdrawal() {
        let accounts = Self.accounts(bills: ["JCBカード": [CardBill(amount: Yen(42440), date: Self.date("2024-12-10"))]], cardAliases: ["ジェーシービー"])
        let result = matched(
            [withdrawal("ly:1", "2024-12-10", 42440, shop: "口座振替　ジェーシービー"), withdrawal("ly:2", "2024-12-12", 42440, shop: "振込　ヤマダ")], accounts)
        #expect(result.items["ly:1"]!.details.transfer == "JCBカード", "the alias finds it")
        #expect(!result.items["ly:2"]!.isTransfer, "the bill is paid: another withdrawal of its amount is not it")
        #expect(result.outcome.bills.isEmpty && result.outcome.unsureBills.isEmpty)
    }

    @Test func aWithdrawalSplitApartByUnmergeIsNeverTakenForABill() {
        let accounts = Self.accounts(bills: ["JCBカード": [CardBill(amount: Yen(42440), date: Self.date("2024-12-10"))]])
        var line = withdrawal("ly:1", "2024-12-10", 42440)
        line.details.apart = true
        #expect(!matched([line], accounts).items["ly:1"]!.isTransfer)
    }

    @Test func anAccountsBillsAreKeptInItsFileByDueDateOrMonth() throws {
        var card = Account(name: "楽天カード", kind: .card)
        card.state(CardBill(amount: Yen(55836), month: YearMonth(year: 2024, month: 12)!))
        card.state(CardBill(amount: Yen(42440), date: Self.date("2024-12-10")))
        let again = card.state(CardBill(amount: Yen(42440), date: Self.date("2024-12-10")))
        #expect(!again, "a bill stated again is not new")
        let accounts = try Accounts([card])
        let read = try SettingsFile.accounts.decode(SettingsFile.accounts.encode(accounts))
        #expect(read.all.first?.bills == card.bills && card.bills.count == 2)
        #expect(read.all.first?.bills.map(\.dated) == [true, false], "by date: the 10th, then the month (its last day)")
    }
}
