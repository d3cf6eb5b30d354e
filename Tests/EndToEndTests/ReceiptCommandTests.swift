import Foundation
import Testing

/// `kakeibo receipt`, with the two sample receipts and a fake tesseract on PATH.
@Suite struct ReceiptCommandTests {
    static let receipts = Products.repository.appendingPathComponent("Examples/receipts")
    @Test func aReceiptIsProposedAndAddedInOneChange() throws {
        let box = try Sandbox()
        let file = Self.receipts.appendingPathComponent("homecenter.txt").path
        let proposal = try box.run("receipt", file)
        #expect(proposal.status == 0)
        #expect(proposal.stdout.contains("カラーボックス 3段ホワイト  ¥1,899"))
        #expect(proposal.stdout.contains("matches the receipt's total (合計) ¥2,695"))
        #expect(!FileManager.default.fileExists(atPath: box.store.path)) // a proposal stores nothing
        let json = try successfulObject(try box.run(["receipt", "-", "--format", "json"], stdin: try String(contentsOfFile: file, encoding: .utf8)))
        #expect((json["items"] as? [[String: Any]])?.map { $0["price"] as? Int } == [1899, 298, 498])
        #expect(json["matchesTotal"] as? Bool == true)
        #expect((json["unread"] as? [[String: Any]])?.map { $0["line"] as? Int } == [1, 2, 3, 4])

        let added = try successfulObject(
            try box.run("receipt", file, "--add", "--date", "2024-12-07", "--category", "entertainment/goods", "--format", "json"))
        #expect((added["added"] as? [[String: Any]])?.count == 3)
        let month = try successfulObject(try box.run("month", "2024", "12", "--format", "json"))
        #expect(month["total"] as? Int == 2695)
        #expect((month["items"] as? [[String: Any]])?.allSatisfy { $0["subcategory"] as? String == "goods" } == true)

        let short = try box.run("receipt", Self.receipts.appendingPathComponent("supermarket.txt").path, "--lang", "ja")
        #expect(short.stdout.contains("一致しません（208円 不足）"))
        #expect(short.stdout.contains("読めない金額"))
    }

    /// The receipt dates and names its items: the shop and date from its head, so `--add` needs no `--date`; and
    /// adding it a second time adds nothing (the ids come from the receipt).
    @Test func aReceiptDatesItsItemsCarriesItsShopAndIsAddedOnce() throws {
        let box = try Sandbox()
        let file = Self.receipts.appendingPathComponent("supermarket.txt").path
        let proposal = try successfulObject(try box.run("receipt", file, "--format", "json"))
        #expect(proposal["date"] as? String == "2024-12-03" && proposal["shop"] as? String == "万代港北店")
        let first = try box.run("receipt", file, "--add")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("万代港北店 · 2024-12-03\n"))
        let items = try #require(try successfulObject(try box.run("month", "2024", "12", "--format", "json"))["items"] as? [[String: Any]])
        #expect(!items.isEmpty && items.allSatisfy { $0["date"] as? String == "2024-12-03" && $0["shop"] as? String == "万代港北店" })
        let before = try box.snapshot()
        let again = try box.run("receipt", file, "--add")
        #expect(again.status == 0)
        #expect(again.stderr.contains("this receipt was added before: nothing added again"), "\(again.stderr)")
        #expect(try box.snapshot() == before)
        let undated = try box.run(["receipt", "-", "--add"], stdin: "牛乳 ¥198\n合計 ¥198\n")
        #expect(undated.status == 0 && undated.stderr.contains("no date was read on the receipt: the items are dated today (2024-12-15)"))
    }

    @Test func aReceiptWithNothingToAddChangesNothing() throws {
        let box = try Sandbox()
        _ = try box.add("seed", 100, date: "2024-12-01")
        let before = try box.snapshot()
        let run = try box.run(["receipt", "-", "--add"], stdin: "ありがとうございました\n")
        #expect(run.status == 1 && run.stderr.contains("nothing added"))
        #expect(try box.snapshot() == before)
        for (arguments, mention) in [
            (["receipt", "-", "--date", "2024-12-01"], "--date only applies with --add"),
            (["receipt"], "FILE|- or --image"), (["receipt", "a.txt", "--image", "b.png"], "not both"),
            (["receipt", "/no/such/receipt.txt"], "/no/such/receipt.txt"),
            (["receipt", "-", "--add", "--category", "nope"], "'nope'"),
        ] {
            let bad = try box.run(arguments, stdin: "")
            #expect(bad.status != 0 && bad.stderr.contains(mention), "\(arguments): \(bad.stderr)")
            #expect(bad.stdout.isEmpty)
        }
        #expect(try box.snapshot() == before)
    }

    @Test func anImageIsReadWithTesseractWhenItIsInstalled() throws {
        let box = try Sandbox()
        let image = Self.receipts.appendingPathComponent("supermarket.txt").path // the fake "reads" a text file
        let bin = box.root.appendingPathComponent("bin")
        try box.writeExecutable(
            "bin/tesseract",
            """
            #!/bin/sh
            [ "$2" = "-" ] && [ "$3" = "-l" ] && [ "$4" = "jpn+eng" ] || { echo "bad arguments: $*" >&2; exit 3; }
            echo "Estimating resolution as 300" >&2
            cat "$1"
            """)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let run = try box.run(["receipt", "--image", image, "--add", "--date", "2024-12-03"], environment: ["PATH": path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("カップヌードル"))
        #expect(run.stderr.contains("does not add up")) // one price was unreadable: stored as read, and said so
        #expect((try successfulObject(try box.run("month", "2024", "12", "--format", "json")))["total"] as? Int == 2779)

        try box.writeExecutable("bin/tesseract", "#!/bin/sh\necho \"Failed loading language 'jpn'\" >&2\nexit 1\n")
        let failed = try box.run(["receipt", "--image", image], environment: ["PATH": path])
        #expect(failed.status == 1 && failed.stderr.contains("Failed loading language 'jpn'") && failed.stderr.contains("tesseract-ocr-jpn"))

        let missing = try box.run(["receipt", "--image", image], environment: ["PATH": box.root.appendingPathComponent("empty").path])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("apt-get install tesseract-ocr tesseract-ocr-jpn"))
        #expect(missing.stdout.isEmpty)
        let japanese = try box.run(["receipt", "--image", image, "--lang", "ja"], environment: ["PATH": "/nonexistent"])
        #expect(japanese.stderr.contains("インストール"))
    }

    /// A receipt is added as `add` adds: with `--payment` and `--member`, and each line filed by the rules and by its
    /// own name's last use before the shop's (食パン and バナナ went to the shop's last category, Other).
    @Test func aReceiptTakesPaymentAndMemberAndFilesEachLineByItsName() throws {
        let box = try Sandbox()
        _ = try box.add("食パン", 198, date: "2024-11-01", category: "food/grocery")
        #expect(try box.run("rules", "add", "バナナ", "food/grocery").status == 0)
        _ = try box.add("ティッシュ", 300, date: "2024-11-02", category: "other")
        #expect(try box.run("edit", try box.add("洗剤", 400, date: "2024-11-03", category: "other"), "--shop", "イオン").status == 0)
        let receipt = try box.write("receipt.txt", "イオン\n令和6年11月6日\n食パン ¥198\nバナナ ¥158\n合計 ¥356\n")
        let added = try box.run("receipt", receipt, "--add", "--payment", "現金", "--member", "ayumi")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("食パン: food/grocery, as last time") && added.stdout.contains("バナナ: food/grocery, by rule 1"), "\(added.stdout)")
        let json = try #require(try box.run("month", "2024", "11", "--format", "json").json() as? [String: Any])
        let items = try #require(json["items"] as? [[String: Any]]).filter { ($0["id"] as? String)?.hasPrefix("receipt-") == true }
        #expect(items.count == 2)
        for item in items {
            #expect(item["category"] as? String == "food" && item["subcategory"] as? String == "grocery", "\(item)")
            #expect(item["payment"] as? String == "現金" && item["member"] as? String == "ayumi" && item["shop"] as? String == "イオン", "\(item)")
            #expect(item["date"] as? String == "2024-11-06", "the receipt's 令和 date")
        }
        let alone = try box.run("receipt", receipt, "--payment", "現金")
        #expect(alone.status == 2 && alone.stderr.contains("--payment only applies with --add"))
    }
}
