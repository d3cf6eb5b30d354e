import Foundation
import KakeiboStore
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboOperations

/// Matching lines of different sources into one purchase: which pairs may match, the one order they are taken in,
/// what the merged item keeps, and the accounts that make spellings one.
@Suite struct MatchingTests {
    static let accounts = try! Accounts([
        Account(name: "三井住友カード", kind: .card, member: "ken", aliases: ["三井住友カード(NL)", "iD", "ｉＤ", "ﾐﾂｲｽﾐﾄﾓｶｰﾄﾞ"]),
        Account(name: "楽天カード", kind: .card, member: "ayumi", aliases: ["ﾗｸﾃﾝｶｰﾄﾞｻｰﾋﾞｽ"]),
        Account(name: "ゆうちょ銀行", kind: .bank, aliases: ["銀行口座"]),
        Account(name: "PayPay", kind: .emoney, member: "ken", aliases: ["ﾍﾟｲﾍﾟｲ"]),
        Account(name: "現金", kind: .cash, aliases: ["財布"]),
    ])
    let matching = Matching(accounts: MatchingTests.accounts, isIncome: { $0.category == 90 })
    let bare = Matching(accounts: Accounts(), isIncome: { $0.category == 90 })

    func line(_ id: String, _ date: String, _ price: Int, payment: String? = nil, name: String = "品", member: String? = nil, category: Int = 0)
        -> Item
    {
        var made = item(name, price, date, category, id: id)
        made.details.payment = payment
        made.details.member = member
        return made
    }

    func ids(_ groups: [[Int]], _ items: [Item]) -> [[String]] { groups.map { $0.map { items[$0].id } } }

    @Test func twoLinesOfOneSourceAreTwoPurchasesEvenWithATypedOneBeside() {
        let items = [
            line("vp:a", "2024-11-18", 398, payment: "ｉＤ"), line("vp:b", "2024-11-18", 398, payment: "ｉＤ"),
            line("z:1", "2024-11-18", 398, payment: "iD"),
        ]
        let groups = ids(matching.groups(items), items)
        #expect(groups == [["vp:a", "z:1"]], "one statement line takes the typed one; the other stays its own purchase")
        let statementOnly = [items[0], items[1]]
        #expect(matching.groups(statementOnly).isEmpty, "a merge that would join two lines of one source never happens")
    }

    @Test func theGroupsDependOnlyOnTheLinesNotOnTheirOrder() {
        let items = [
            line("rc:1", "2024-11-16", 1080, payment: "楽天カード"), line("rc:2", "2024-11-23", 1080, payment: "楽天カード"),
            line("mf:1", "2024-11-19", 1080, payment: "楽天カード"), line("mf:2", "2024-11-23", 1080, payment: "楽天カード"),
            line("u1", "2024-11-20", 1080), line("z:1", "2024-11-22", 1080, payment: "楽天カード"),
        ]
        let expected = Set(ids(matching.groups(items), items).map(Set.init))
        #expect(expected.contains(["rc:2", "mf:2", "z:1"]), "nearest first: the 23rd's lines go together")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            let shuffled = items.shuffled(using: &generator)
            #expect(Set(ids(matching.groups(shuffled), shuffled).map(Set.init)) == expected)
        }
    }

    @Test func datesWithinThreeDaysOrFiveForACardsLines() {
        let bank = [line("yu:1", "2024-11-20", 5940, payment: "ゆうちょ銀行"), line("mf:1", "2024-11-24", 5940, payment: "ゆうちょ銀行")]
        #expect(matching.groups(bank).isEmpty, "four days apart on a bank account: two")
        let card = [line("rc:1", "2024-11-12", 29800, payment: "楽天カード"), line("mf:1", "2024-11-17", 29800, payment: "楽天カード")]
        #expect(matching.groups(card).count == 1, "five days apart on a card: its posting date")
        let far = [line("rc:1", "2024-11-12", 29800, payment: "楽天カード"), line("mf:1", "2024-11-18", 29800, payment: "楽天カード")]
        #expect(matching.groups(far).isEmpty)
    }

    @Test func accountsMakeASourcesSpellingsOneAndOtherAccountsStayApart() {
        let spellings = [
            line("vp:1", "2024-11-11", 790, payment: "iD"), line("z:1", "2024-11-11", 790, payment: "三井住友カード"),
            line("u1", "2024-11-12", 790, payment: "ﾐﾂｲｽﾐﾄﾓｶｰﾄﾞ"),
        ]
        #expect(ids(matching.groups(spellings), spellings) == [["vp:1", "z:1", "u1"]], "one card under three names: one purchase of three lines")
        #expect(bare.groups(spellings).isEmpty, "without accounts the names are only text")
        let twoCards = [line("vp:1", "2024-11-11", 790, payment: "iD"), line("rc:1", "2024-11-11", 790, payment: "楽天カード")]
        #expect(matching.groups(twoCards).isEmpty, "the same amount on two accounts is two purchases")
        let typedWithout = [line("vp:1", "2024-11-11", 790, payment: "iD"), line("u1", "2024-11-13", 790)]
        #expect(matching.groups(typedWithout).count == 1, "one side without a payment matches")
    }

    @Test func incomeMatchesIncomeAndATransferATransfer() {
        let items = [
            line("yu:1", "2024-11-25", 250000, payment: "ゆうちょ銀行", category: 90), line("mf:1", "2024-11-25", 250000, payment: "ゆうちょ銀行"),
        ]
        #expect(matching.groups(items).isEmpty, "income never matches spending")
        var charge = line("pp:1", "2024-11-01", 10000, payment: "ゆうちょ銀行")
        charge.details.transfer = "PayPay"
        var bankLine = line("yu:2", "2024-11-01", 10000, payment: "ゆうちょ銀行")
        bankLine.details.transfer = "ﾍﾟｲﾍﾟｲ"
        var other = line("mf:2", "2024-11-01", 10000, payment: "ゆうちょ銀行")
        other.details.transfer = "楽天カード"
        let transfers = [charge, bankLine, other]
        #expect(ids(matching.groups(transfers), transfers) == [["pp:1", "yu:2"]], "one charge, seen by both accounts; the card's bill is another")
    }

    @Test func aMergedItemKeepsTheStatementsDateTheTypedNameAndTheStatementsMember() {
        let statement = line("rc:1", "2024-11-05", 2146, payment: "楽天カード", name: "スーパーマーケット ライフ", member: "ken")
        var typed = line("u1", "2024-11-06", 2146, payment: "楽天カード", name: "食材", member: "ayumi", category: 0)
        typed.category = CategoryCode(0, 0)
        typed.details.memo = "週末の分"
        let linked = line("mf:1", "2024-11-07", 2146, payment: "楽天カード", name: "ライフ", member: "ayumi", category: 5)
        let composed = Matching.compose(statement, [statement, typed, linked])
        #expect(composed.id == "rc:1" && composed.date == statement.date)
        #expect((composed.name, composed.category, composed.details.memo) == ("食材", CategoryCode(0, 0), "週末の分"))
        #expect(composed.details.member == "ken", "the statement's 利用者 wins")
    }

    @Test func nearMissesAreListedNotMerged() {
        let items = [
            line("rc:1", "2024-11-02", 1080, payment: "楽天カード", name: "ベーカリー コムギ"),
            line("mf:1", "2024-11-09", 1080, payment: "楽天カード", name: "ベーカリー コムギ 本店"),
        ]
        let groups = matching.groups(items)
        #expect(groups.isEmpty)
        #expect(matching.nearMisses(items, groups: groups).map { [$0.0.id, $0.1.id] } == [["rc:1", "mf:1"]])
    }

    @Test func anAliasNamesOneAccountAndSpellingsThatFoldAlikeAreKeptOnce() throws {
        var accounts = MatchingTests.accounts
        #expect(throws: AccountError.aliasClaimed("iD", by: "三井住友カード")) { try accounts.add(Account(name: "dカード", aliases: ["iD"])) }
        #expect(throws: AccountError.aliasClaimed("ミツイスミトモカ－ド", by: "三井住友カード")) {
            try accounts.add(Account(name: "other", aliases: ["ミツイスミトモカ－ド"]))
        }
        #expect(throws: AccountError.exists("楽天カード")) { try accounts.add(Account(name: "楽天ｶｰﾄﾞ")) }
        #expect(throws: AccountError.aliasClaimed("らくてんかーどさーびす", by: "楽天カード"), "a name that is another's alias") {
            try accounts.add(Account(name: "らくてんかーどさーびす"))
        }
        try accounts.add(Account(name: "Suica", kind: .emoney, aliases: ["ｓｕｉｃａ", "SUICA", "モバイルSuica"]))
        #expect(accounts.account(for: "suica")?.aliases == ["モバイルSuica"], "aliases that fold to the name are kept once")
        #expect(accounts.account(for: "三井住友カード（ＮＬ）")?.name == "三井住友カード")
        #expect(accounts.counterpart(for: "ＡＴＭ")?.name == "現金", "an ATM is the one cash account")
    }

    @Test func aBankLineNamingAnAccountIsATransferAndItsDepositComesFromIt() {
        var bill = line("yu:1", "2024-11-27", 45210, payment: "ゆうちょ銀行", name: "自払 ラクテンカードサービス")
        bill.details.shop = "ラクテンカードサービス"
        let transfer = Household.transfer(bill, accounts: MatchingTests.accounts, isIncome: { $0.category == 90 })
        #expect(transfer?.details.payment == "ゆうちょ銀行" && transfer?.details.transfer == "楽天カード")
        var atm = line("yu:2", "2024-11-10", 20000, payment: "ゆうちょ銀行")
        atm.details.shop = "ATM"
        #expect(Household.transfer(atm, accounts: MatchingTests.accounts, isIncome: { _ in false })?.details.transfer == "現金")
        var shop = line("yu:3", "2024-11-20", 5940, payment: "ゆうちょ銀行")
        shop.details.shop = "エヌテイテイドコモ"
        #expect(
            Household.transfer(shop, accounts: MatchingTests.accounts, isIncome: { _ in false }) == nil, "a bank line naming no account is spending")
    }

    /// An alias names its account as a word of a bank's description (`口座振替　ジェーシービー`), typed as the file
    /// spells it, marks written apart and dashes of any width alike (`イオンクレシ゛ツトサ－ヒ゛ス`); a line whose words
    /// name two accounts is no transfer: it is never guessed to be one of them.
    @Test func anAliasNamesItsAccountAsAWordOfALineAndTwoAccountsNameNone() throws {
        let accounts = try Accounts([
            Account(name: "JCBカード", kind: .card, aliases: ["ジェーシービー"]),
            Account(name: "イオンカード", kind: .card, aliases: ["イオンクレシ゛ツトサ－ヒ゛ス"]),
            Account(name: "SBI証券", kind: .bank),
            Account(name: "JAバンク", kind: .bank),
        ])
        #expect(accounts.counterpart(for: "口座振替　ジェーシービー")?.name == "JCBカード")
        #expect(accounts.counterpart(for: "イオンクレジツトサ-ビス")?.name == "イオンカード")
        #expect(accounts.counterpart(for: "ｲｵﾝｸﾚｼﾞﾂﾄｻｰﾋﾞｽ (ｶ")?.name == "イオンカード", "half-width, with its company mark")
        #expect(accounts.counterpart(for: "振替 SBI 証券")?.name == "SBI証券", "a spelling across words")
        #expect(accounts.counterpart(for: "ジェーシービー SBI証券") == nil, "two accounts: none guessed")
        #expect(accounts.counterpart(for: "エヌテイテイドコモ") == nil)
        var bill = line("ly:1", "2024-06-27", 41230, payment: "JAバンク", name: "口座振替　ジェーシービー")
        bill.details.shop = "口座振替　ジェーシービー"
        let transfer = Household.transfer(bill, accounts: accounts, isIncome: { _ in false })
        #expect(transfer?.details.payment == "JAバンク" && transfer?.details.transfer == "JCBカード")
        #expect(AccountKey.fold("イオンクレシ゛ツトサ－ヒ゛ス") == AccountKey.fold("イオンクレジツトサ-ビス"))
        #expect(TextFold.fold("カﾞード") == TextFold.fold("ガード"), "a half-width mark after a full-width kana joins it")
    }

    /// A bank's description has no small kana (全銀 characters): an alias typed as the company spells itself names
    /// the account all the same — `ジェーシービー` in `口座振替　ジエ－シ－ビ－`, `イオンクレジットサービス` in
    /// `イオンクレシ゛ツトサ－ヒ゛ス`.
    @Test func anAliasWithSmallKanaNamesALineWrittenWithoutThem() throws {
        let accounts = try Accounts([
            Account(name: "JCBカード", kind: .card, aliases: ["ジェーシービー"]),
            Account(name: "イオンカード", kind: .card, aliases: ["イオンクレジットサービス"]),
            Account(name: "楽天証券", kind: .brokerage, aliases: ["ラクテンショウケン"]),
        ])
        #expect(accounts.counterpart(for: "口座振替　ジエ－シ－ビ－")?.name == "JCBカード")
        #expect(accounts.counterpart(for: "ｺｳｻﾞﾌﾘｶｴ ｼﾞｴｰｼｰﾋﾞｰ")?.name == "JCBカード")
        #expect(accounts.counterpart(for: "イオンクレシ゛ツトサ－ヒ゛ス")?.name == "イオンカード")
        #expect(accounts.counterpart(for: "振替　ラクテンシヨウケン")?.name == "楽天証券")
        #expect(AccountKey.fold("ヵヶァィゥェォッャュョヮ") == AccountKey.fold("カケアイウエオツヤユヨワ"))
        #expect(AccountKey.fold("ぁっ") == AccountKey.fold("アツ"), "hiragana too")
    }

    /// `add` matches only when it can change something: a typed purchase with a card's line of its price in its window
    /// is one item, across a month's end too (the other month is read); one with none is added alone.
    @Test func aTypedPurchaseIsMatchedAcrossAMonthsEndAndAloneWhenNothingMatchesIt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-add-match-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let household = Household(store: LedgerStore(root: root), now: Timestamp(milliseconds: 1_800_000_000_000))
        var card = line("vp:card-1130", "2024-11-30", 790, payment: "三井住友カード(NL)", name: "マクドナルド")
        card.sync = .pending
        let mid = line("vp:card-1217", "2024-12-17", 1200, payment: "三井住友カード(NL)", name: "ケーキ屋")
        _ = try household.add([WireItem(card), WireItem(mid)])
        let nearEnd = try household.add([WireItem(line("typed-1202", "2024-12-02", 790, name: "昼食"))])
        #expect(nearEnd.matched.merged.map { [$0.line.id, $0.into.id] } == [["typed-1202", "vp:card-1130"]], "into November 30th's card line")
        let inside = try household.add([WireItem(line("typed-1215", "2024-12-15", 1200, name: "ケーキ"))])
        // Dated when it was bought (issue 38): the typed line of the 15th leads, the card's booking of the 17th is merged.
        #expect(inside.matched.merged.map { [$0.line.id, $0.into.id] } == [["vp:card-1217", "typed-1215"]])
        let alone = try household.add([WireItem(line("typed-1216", "2024-12-16", 500, name: "パン"))])
        #expect(alone.matched.isEmpty)
        #expect(LineSource(id: "fixed-0d934b28-2024-11").kind == .fixed && LineSource(id: "f0e1d2c3-aaaa").kind == .typed)
        #expect(LineSource(id: "z:abc").kind == .hand && LineSource(id: "ic:1").kind == .statement)
    }
}

/// A purchase paid in parts (`ItemDetails.legs`) matches other sources' lines of its own account's part, and the merged
/// item keeps its whole price and legs whichever line leads.
@Suite struct PaymentLegsMatchingTests {
    let matching = Matching(accounts: MatchingTests.accounts, isIncome: { $0.category == 90 })

    func paypay(_ date: String) -> Item {
        var made = item("ダイソー", 330, date, 0, id: "pp:1")
        made.details.payment = "三井住友カード(NL)"
        made.details.legs = [PaymentLeg(payment: "PayPay", price: Yen(73))]
        return made
    }

    func card(_ id: String, _ date: String, _ price: Int) -> Item {
        var made = item("ＰａｙＰａｙ＊ダイソー", price, date, 0, id: id)
        made.details.payment = "三井住友カード"
        return made
    }

    @Test(arguments: ["2024-12-20", "2024-12-22"]) func theCardsPartMatchesAndTheWholePurchaseIsKept(paypayDate: String) {
        let items = [paypay(paypayDate), card("vp:1", "2024-12-21", 257), card("mf:1", "2024-12-21", 257)]
        let groups = matching.groups(items)
        #expect(groups.count == 1 && groups[0].count == 3, "the PayPay line, the card's and MoneyForward's are one purchase")
        let leader = items[groups[0][0]]
        let merged = Matching.compose(leader, groups[0].map { items[$0] })
        #expect(merged.price == Yen(330) && merged.details.legs == [PaymentLeg(payment: "PayPay", price: Yen(73))], "led by \(leader.id)")
        #expect(merged.ownPart == Yen(257))
        #expect(matching.groups([paypay(paypayDate), card("vp:1", "2024-12-21", 330)]).isEmpty, "the whole price is not the card's")
    }
}

/// An edited price its legs no longer fit leaves the whole price on the item's payment, so the month file stays one
/// kakeibo reads; a price they still fit keeps them.
@Suite struct PaymentLegsEditTests {
    @Test func aPriceTheLegsNoLongerFitDropsThem() {
        var made = item("ダイソー", 330, "2024-12-20", 0, id: "pp:1")
        made.details.legs = [PaymentLeg(payment: "PayPay", price: Yen(73))]
        #expect(ItemChanges(price: Yen(73)).applied(to: made).details.legs.isEmpty)
        #expect(ItemChanges(price: Yen(400)).applied(to: made).details.legs == made.details.legs)
        #expect(ItemChanges(name: "百均").applied(to: made).details.legs == made.details.legs)
        let copy = WireItem(id: "pp:1", date: made.date, name: made.name, price: Yen(50), category: made.category)
        #expect(copy.keeping(made).details.legs.isEmpty, "an app's copy at a price the legs don't fit")
    }
}
