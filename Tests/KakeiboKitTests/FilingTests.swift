import KakeiboStore
import KakeiboTestSupport
import Testing

@testable import KakeiboOperations
@testable import KakeiboValues

/// Rules, learning from the ledger, the unfiled category, and the matching `reconcile` does.
@Suite struct FilingTests {
    let taxonomy = Taxonomy.expenseLog // the app's two categories: no `other`, so the unfiled category is the first

    func line(_ id: String, _ date: String, _ price: Int, payment: String = "PayPay") -> StatementLine {
        StatementLine(id: id, date: try! CalendarDate.parseISO(date), name: "店 \(id)", price: Yen(price), payment: payment)
    }

    @Test func aPatternMatchesWidthAndCaseFoldedAndTheFirstRuleWins() throws {
        let rules = FilingRules(rules: [
            FilingRule(pattern: "ＡＭＡＺＯＮ", category: "entertainment/goods", payment: "楽天カード"),
            FilingRule(pattern: "amazon", category: "food"),
        ])
        let filer = Filer(rules: rules, history: FilingHistory([]), taxonomy: taxonomy)
        for text in ["AMAZON.CO.JP", "amazon", "Ａｍａｚｏｎ マーケットプレイス"] {
            let filed = try filer.file([text], unfiled: true)
            #expect(filed.reason == .rule(1), "\(text)")
            #expect(filed.category == CategoryCode(1, 2))
            #expect(filed.payment == "楽天カード")
        }
        #expect(try filer.file(["ヨドバシ"], unfiled: true).reason == .unfiled)
        #expect(try filer.file(["ヨドバシ"], unfiled: false).reason == .fallback)
    }

    @Test func anEverydayNameNothingKnowsGoesWhereSuchANameUsuallyDoes() throws {
        let household = Taxonomy.standard
        let filer = Filer(rules: FilingRules(), history: FilingHistory([]), taxonomy: household)
        func filed(_ name: String) throws -> (String, FilingReason) {
            let filed = try filer.file([name], unfiled: false)
            return (household.keyPath(filed.category), filed.reason)
        }
        #expect(try filed("米") == ("food/grocery", .commonName))
        #expect(try filed("ｺｰﾋｰ") == ("food/drink", .commonName), "folded like everything typed")
        #expect(try filed("低脂肪牛乳") == ("food/grocery", .commonName), "a word that means the same inside a name")
        #expect(try filed("アイスコーヒー") == ("food/drink", .commonName), "the longest word inside wins")
        #expect(try filed("電気代 12月分") == ("utilities/electricity", .commonName))
        // A receipt's line: the item's word, then its size or count.
        #expect(try filed("食パン 6枚") == ("food/grocery", .commonName))
        #expect(try filed("米 5kg") == ("food/grocery", .commonName), "a whole-only word first in the line")
        #expect(try filed("バナナ") == ("food/grocery", .commonName))
        #expect(try filed("パン粉 200g") == ("other", .fallback), "only the first word whole")
        // Words that are part of other things' names only count whole.
        #expect(try filed("パンツ") == ("other", .fallback))
        #expect(try filed("フライパン") == ("other", .fallback))
        #expect(try filed("ガスト") == ("other", .fallback))
        #expect(try filed("steak") == ("other", .fallback))
        // A category's own name, and then rules and history, come first.
        #expect(try filed("電車") == ("transport/train", .fallback))
        let ruled = Filer(
            rules: FilingRules(rules: [FilingRule(pattern: "米", category: "food/eating-out")]), history: FilingHistory([]), taxonomy: household)
        #expect(try ruled.file(["米"], unfiled: false).reason == .rule(1))
        // A statement line is never guessed at: it stays unfiled until someone files it.
        #expect(try filer.file(["米"], unfiled: true).reason == .unfiled)
        // A taxonomy without the word's category doesn't use it.
        #expect(try Filer(rules: FilingRules(), history: FilingHistory([]), taxonomy: taxonomy).file(["電気代"], unfiled: false).reason == .fallback)
    }

    @Test func withoutARuleTheLastUseOfTheNameFilesIt() throws {
        var older = item("コーヒー", 150, "2024-11-01", 0, 0)
        older.details.payment = "現金"
        var newer = item("ｺｰﾋｰ", 178, "2024-12-01", 0, 1, id: "b")
        newer.details.payment = "PayPay"
        let filer = Filer(rules: FilingRules(), history: FilingHistory([newer, older]), taxonomy: taxonomy)
        let filed = try filer.file(["こーひー"], unfiled: false)
        #expect(filed == Filed(category: CategoryCode(0, 1), payment: "PayPay", reason: .history), "the most recent, however it was typed")
    }

    @Test func anUnfiledStatementLineTeachesNothing() throws {
        let unfiled = item("ヤマダデンキ", 29_800, "2024-12-12", 0, nil, id: "rc:0123")
        let filer = Filer(rules: FilingRules(), history: FilingHistory([unfiled], unfiled: taxonomy.unfiled), taxonomy: taxonomy)
        #expect(try filer.file(["ヤマダデンキ"], unfiled: true).reason == .unfiled)
    }

    @Test func theUnfiledCategoryIsFoundByKey() {
        #expect(Taxonomy.expenseLog.unfiled == Taxonomy.expenseLog.defaultCategory, "no unfiled or other category: the default")
        #expect(Taxonomy.standard.unfiled == CategoryCode(19), "the household categories' その他")
        var categories = Taxonomy.expenseLog.categories
        categories.append(.init(key: "other", code: 7, name: LocalizedText(en: "Other", ja: "その他"), subcategories: []))
        #expect(Taxonomy(categories: categories).unfiled == CategoryCode(7))
    }

    @Test func aRuleWhoseCategoryIsGoneIsAnError() {
        let filer = Filer(rules: FilingRules(rules: [FilingRule(pattern: "x", category: "nowhere")]), history: FilingHistory([]), taxonomy: taxonomy)
        #expect(throws: RuleError.self) { try filer.file(["x"], unfiled: true) }
    }

    @Test func rulesFileRoundTripsAndRefusesUnknownFields() throws {
        let rules = FilingRules(rules: [FilingRule(pattern: "セブン", category: "food/drink", member: "taro", name: "コンビニ")], members: ["本人": "taro"])
        #expect(try SettingsFile.rules.decode(SettingsFile.rules.encode(rules)) == rules)
        #expect(throws: SettingsFileProblem(.rules, .shape("rules[0]"))) {
            try SettingsFile.rules.decode(Array(#"{"schema":1,"rules":[{"pattern":"a","category":"food","colour":"red"}]}"#.utf8))
        }
        #expect(throws: SettingsFileProblem(.rules, .schemaNewer(found: 4))) {
            try SettingsFile.rules.decode(Array(#"{"schema":4,"rules":[]}"#.utf8))
        }
        // A user mapped for one account's statements: schema 3, by the account's id; winning there only.
        let scoped = FilingRules(members: ["本人": "taro"], accountMembers: ["a-0123456789abcdef": ["本人": "yuto"]])
        let bytes = SettingsFile.rules.encode(scoped)
        #expect(try JSONValue.parse(bytes)["schema"]?.intValue == 3)
        #expect(try SettingsFile.rules.decode(bytes) == scoped)
        #expect(try JSONValue.parse(SettingsFile.rules.encode(rules))["schema"]?.intValue == 1, "without one, as before")
        #expect(scoped.member(user: "本人", account: "a-0123456789abcdef") == "yuto")
        #expect(scoped.member(user: "本人", account: "a-ffffffffffffffff") == "taro" && scoped.member(user: "本人", account: nil) == "taro")
        #expect(scoped.member(user: "家族", account: "a-0123456789abcdef") == nil)
    }

    /// The store after `lines` were imported beside `items`, as reconcile sees it.
    func reconciled(_ lines: [StatementLine], _ items: [Item]) -> Reconciliation {
        let incoming = lines.filter { line in !items.contains { $0.id == line.id } }.map { line -> Item in
            var made = item(line.name, line.price.amount, line.date.iso, id: line.id)
            made.details.payment = line.payment
            return made
        }
        let matching = Matching(accounts: Accounts(), isIncome: { _ in false })
        let plan = MatchPlan(items: items + incoming, months: Set(incoming.map(\.date.yearMonth)), matching: matching)
        var after = Dictionary((items + incoming).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for changed in plan.changed { after[changed.id] = changed }
        return Reconciliation(lines: lines, items: Array(after.values), stored: Set(items.map(\.id)), accounts: Accounts())
    }

    @Test func aLineMatchesTheNearestItemOfAnotherSourceOfTheSameAmountWithinThreeDays() {
        var card = item("カード払い", 500, "2024-12-04", id: "t2")
        card.details.payment = "楽天カード"
        let items = [
            item("昼", 500, "2024-12-04", id: "t1"), card, item("遠い", 500, "2024-12-09", id: "t3"),
            item("別の金額", 501, "2024-12-03", id: "t4"),
        ]
        let lines = [line("pp:a", "2024-12-03", 500), line("pp:b", "2024-12-03", 500), line("pp:c", "2024-12-03", 500)]
        let report = reconciled(lines, items)
        #expect(report.matched.map(\.item.id) == ["t1"], "t2 is paid otherwise, t3 is six days off, t4 costs more")
        #expect(report.statementOnly.map(\.id) == ["pp:b", "pp:c"], "one item matches one line at most; lines of one statement never merge")
        #expect(report.statementOnlyTotal == Yen(1000))
    }

    @Test func linesTheStoreHasAlreadyAreStoredNotMatches() {
        let lines = [line("pp:1", "2024-12-03", 500)]
        let report = reconciled(lines, [item("店", 500, "2024-12-03", id: "pp:1")])
        #expect(report.matched.isEmpty)
        #expect(report.stored == ["pp:1"])
    }
}
