import Foundation
import Testing

/// `kakeibo import --from statement` and `kakeibo reconcile` on the committed statements, through the real binaries
/// (both run in `kakeibo` itself).
@Suite struct StatementCommandTests {
    let paypay = Products.fixture("paypay-2024-12.csv")

    func month(_ box: Sandbox) throws -> [String: Any] {
        try #require(try box.run("month", "2024", "12", "--format", "json").json() as? [String: Any])
    }

    @Test func importingAStatementTwiceAddsNothingAndABadOneWritesNothing() throws {
        let box = try Sandbox()
        for name in ["vpass-truncated-sjis.csv", "rakuten-truncated.csv", "unknown-statement.csv"] {
            let refused = try box.run("import", "--from", "statement", Products.fixture(name))
            #expect(refused.status == 2, "\(name): \(refused.stderr)")
            #expect(refused.stderr.contains("nothing imported"))
            #expect(refused.stderr.split(separator: "\n").count == 1)
        }
        #expect(try box.snapshot().isEmpty, "nothing was written")

        let utf8 = Products.fixture("rakuten-2024-12-bom.csv")
        let first = try box.run("import", "--from", "statement", utf8, "--format", "json")
        #expect(first.status == 0, "\(first.stderr)")
        let summary = try #require(try first.json() as? [String: Any])
        #expect(summary["source"] as? String == "rakuten-card")
        #expect(summary["added"] as? Int == 7)
        #expect((summary["unfiled"] as? [Any])?.count == 7, "a new store knows none of the shops")
        #expect(try month(box)["total"] as? Int == 37_668)
        let before = try box.snapshot()
        let again = try box.run("import", "--from", "rakuten-card", Products.fixture("rakuten-2024-12-sjis.csv"))
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.hasPrefix("Imported 7 lines from 楽天カード (Shift_JIS): 0 new, 7 already there"))
        #expect(try box.snapshot() == before, "the same month in the other encoding adds nothing")
    }

    @Test func aPlainImportOfACSVFindsItsFormat() throws {
        let box = try Sandbox()
        let run = try box.run("import", paypay, "--format", "json")
        #expect(run.status == 0, "\(run.stderr)")
        #expect((try run.json() as? [String: Any])?["source"] as? String == "paypay")
    }

    @Test func reconcileShowsWhatAnImportWouldMergeAndAddIsTheImport() throws {
        let box = try Sandbox()
        // Three of the statement's purchases typed by hand, under other names, one or two days off.
        for args in [
            ["昼ごはん", "1280", "--date", "2024-12-02"], ["ドラッグストア", "2460", "--date", "2024-12-05"],
            ["服", "12800", "--date", "2024-12-08"], ["コーヒー", "300", "--date", "2024-12-03", "--payment", "PayPay"],
            ["現金の買い物", "500", "--date", "2024-12-03"],
        ] {
            #expect(try box.run(["add"] + args).status == 0)
        }
        let typedTotal = 1280 + 2460 + 12800 + 300 + 500
        #expect(try month(box)["total"] as? Int == typedTotal)

        let before = try box.snapshot()
        let report = try box.run("reconcile", paypay, "--format", "json")
        #expect(report.status == 0, "\(report.stderr)")
        let json = try #require(try report.json() as? [String: Any])
        let matched = try #require(json["matched"] as? [[String: Any]])
        #expect(matched.count == 3)
        #expect(Set(matched.compactMap { ($0["item"] as? [String: Any])?["name"] as? String }) == ["昼ごはん", "ドラッグストア", "服"])
        let only = try #require(json["statementOnly"] as? [[String: Any]])
        #expect(only.map { $0["price"] as? Int } == [10000, -460], "the charge and the refund only the statement has")
        #expect((json["typedOnly"] as? [[String: Any]])?.map { $0["name"] as? String } == ["コーヒー"])
        #expect((json["period"] as? [String: String]) == ["from": "2024-12-01", "to": "2024-12-10"])
        #expect(try box.snapshot() == before, "reconcile writes nothing")

        let added = try box.run("reconcile", paypay, "--add")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("Merged 3 lines into items another source has"), "\(added.stdout)")
        #expect(try month(box)["total"] as? Int == typedTotal - 460, "the typed items plus the statement-only refund, exactly")
        let after = try #require(try box.run("reconcile", paypay, "--format", "json").json() as? [String: Any])
        #expect((after["matched"] as? [Any])?.count == 3, "the merges hold")
        let snapshot = try box.snapshot()
        #expect(try box.run("reconcile", paypay, "--add").status == 0)
        #expect(try box.snapshot() == snapshot, "a second --add changes nothing")
    }

    @Test func aPlainImportOfLinesThatWereTypedMergesThemAndSaysSo() throws {
        let box = try Sandbox()
        #expect(try box.run("add", "昼ごはん", "1280", "--date", "2024-12-02").status == 0)
        let run = try box.run("import", "--from", "statement", paypay)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Merged 1 line into items another source has"), "\(run.stdout)")
        #expect(run.stdout.contains("昼ごはん"))
        #expect(try month(box)["total"] as? Int == 1280 + 2460 - 460 + 12800, "the typed lunch counts once")
    }

    @Test func addLearnsFromTheLastUseAndSaysSo() throws {
        let box = try Sandbox()
        #expect(try box.run("add", "コーヒー", "150", "--category", "food/drink", "--date", "2024-12-01").status == 0)
        let run = try box.run("add", "コーヒー", "178", "--date", "2024-12-02")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Food › Drink"))
        #expect(run.stdout.contains("food/drink, as last time"))
        let first = try box.run("add", "見たことのない物", "100", "--date", "2024-12-02")
        #expect(!first.stdout.contains("as last time"))
        #expect(first.stdout.contains("Other (id"), "nothing known: the default, その他")
    }

    @Test func rulesFileStatementLinesAddAndReceipts() throws {
        let box = try Sandbox()
        let rule = try box.run("rules", "add", "ＡＭＡＺＯＮ", "entertainment/goods")
        #expect(rule.status == 0, "\(rule.stderr)")
        #expect(try box.run("rules", "add", "セブン", "food/drink").status == 0)
        let list = try #require(try box.run("rules", "list", "--format", "json").json() as? [String: Any])
        #expect((list["rules"] as? [[String: Any]])?.map { $0["pattern"] as? String } == ["ＡＭＡＺＯＮ", "セブン"])
        let test = try #require(try box.run("rules", "test", "amazon.co.jp", "--format", "json").json() as? [String: Any])
        #expect(test["rule"] as? Int == 1 && test["category"] as? String == "entertainment/goods")
        #expect(try box.run("rules", "remove", "3").status == 2)
        #expect(try box.run("rules", "add", "x", "nowhere").status == 2)
        #expect(try box.run("rules", "member", "家族", "hanako").status == 0)

        let imported = try #require(
            try box.run("import", "--from", "statement", Products.fixture("rakuten-2024-12-bom.csv"), "--format", "json").json() as? [String: Any])
        #expect((imported["unfiled"] as? [Any])?.count == 4, "three lines filed by the two rules")
        let items = try #require(try month(box)["items"] as? [[String: Any]])
        let amazon = items.filter { ($0["name"] as? String)?.hasPrefix("AMAZON") == true }
        #expect(amazon.count == 2 && amazon.allSatisfy { $0["subcategory"] as? String == "goods" })
        #expect(items.first { ($0["name"] as? String)?.hasPrefix("セブン") == true }?["subcategory"] as? String == "drink")
        let family = items.filter { $0["member"] as? String == "hanako" }
        #expect(family.map { $0["name"] as? String } == ["スーパーマーケット ライフ", "スーパーマーケット ライフ"], "利用者 家族 through the setting")

        let added = try box.run("add", "amazonで電池", "980", "--date", "2024-12-20")
        #expect(added.stdout.contains("entertainment/goods, by rule 1"))
        let receipt = try box.write("receipt.txt", "セブン-イレブン\n2024年12月21日\nおにぎり ¥150\n合計 ¥150\n")
        let read = try box.run("receipt", receipt, "--add", "--format", "json")
        #expect(read.status == 0, "\(read.stderr)")
        let receiptItems = try #require((try read.json() as? [String: Any])?["added"] as? [[String: Any]])
        #expect(receiptItems.first?["subcategory"] as? String == "drink", "the shop matched rule 2")
        #expect(try box.run("undo").status == 0)
    }

    @Test func severalStatementsImportInOneChangeAndABadOneImportsNone() throws {
        let box = try Sandbox()
        let good = ["rakuten-2024-12-bom.csv", "vpass-2024-12-sjis.csv", "paypay-2024-12.csv", "yucho-2024-12-sjis.csv"].map(Products.fixture)
        let refused = try box.run(["import", "--from", "statement"] + good + [Products.fixture("vpass-truncated-sjis.csv")])
        #expect(refused.status == 2)
        #expect(try box.snapshot().isEmpty, "one bad file imports none")
        let run = try box.run(["import", "--from", "statement", "--format", "json"] + good + [good[0]])
        #expect(run.status == 0, "\(run.stderr)")
        let summary = try #require(try run.json() as? [String: Any])
        #expect(summary["added"] as? Int == 7 + 5 + 5 + 4, "the file given twice counts once (and the charge and the deposit are lines)")
        #expect(summary["source"] as? String == "statement")
        #expect(try month(box)["total"] as? Int == 37_668 + 8_666 + 16_080 + 44_740)
        let undo = try box.run("undo")
        #expect(undo.status == 0)
        #expect(try month(box)["total"] as? Int == 0, "one change, taken back whole")
        let both = try box.run("reconcile", good[0], good[2], "--format", "json")
        let report = try #require(try both.json() as? [String: Any])
        #expect((report["statementOnly"] as? [Any])?.count == 7 + 5, "two statements set beside the store together")
        let imported = try #require(try box.run("reconcile", good[0], good[2], "--add", "--format", "json").json() as? [String: Any])
        #expect(imported["added"] as? Int == 12)
        #expect(try month(box)["total"] as? Int == 37_668 + 16_080, "the charge is a transfer, no spending")
        let before = try box.snapshot()
        let two = try box.run("import", Products.fixture("zaim-2024-12.csv"), "x.json")
        #expect(two.status != 0 && two.stderr.contains("x.json"), "a file that can't be read imports none of the others")
        #expect(try box.snapshot() == before)
    }
}
