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
}
