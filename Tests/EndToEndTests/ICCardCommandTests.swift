import Foundation
import Testing

/// `kakeibo import DUMP` with the committed IC card dumps (Tests/Fixtures/ic-card), through the real `kakeibo`
/// binary: the dump is found from the file, read in `kakeibo` itself, and what `month` then shows.
@Suite struct ICCardCommandTests {
    func dump(_ name: String) -> String {
        Products.repository.appendingPathComponent("Tests/Fixtures/ic-card").appendingPathComponent(name).path
    }

    func total(_ box: Sandbox, _ year: Int, _ month: Int) throws -> Int {
        let json = try #require(try box.run("month", String(year), String(month), "--format", "json").json() as? [String: Any])
        return try #require(json["total"] as? Int)
    }

    /// Both dump styles, a first read and a later overlapping one: the totals, the names, no double import, and
    /// charges that are not spending.
    @Test func aFirstReadAndALaterOneAddEachRecordOnce() throws {
        let box = try Sandbox()
        let first = try box.run("import", dump("card-a-read1.addr.txt"), "--format", "json")
        #expect(first.status == 0, "\(first.stderr)")
        let summary = try #require(try first.json() as? [String: Any])
        #expect((summary["fares"] as? [String: Int])?["total"] == 5000)
        #expect((summary["purchases"] as? [String: Int])?["total"] == 2360)
        #expect((summary["charges"] as? [String: Int]) == ["count": 2, "total": 8000])
        #expect((summary["unpriced"] as? [[String: Any]])?.map { $0["sequence"] as? Int } == [1050])
        #expect(summary["balance"] as? Int == 2192)
        let names = (summary["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names.contains("高槻 → 京都") && names.contains("大阪梅田 → 高槻市") && names.contains("高槻 → 001-222"))
        // The months hold the fares and purchases, and no charge.
        #expect(try total(box, 2025, 1) + total(box, 2025, 2) == 5000 + 2360)

        let later = try box.run("import", dump("card-a-read2.plain.txt"))
        #expect(later.status == 0, "\(later.stderr)")
        #expect(later.stdout.hasPrefix("Imported 6 records of card 0114A1B2C3D4E5F6 (交通系IC): 5 items added in 1 month, 14 read before"))
        #expect(later.stdout.contains("  Charges    1 record   ¥3,000  put on the card: not spending"))
        #expect(later.stdout.contains("Card balance: ¥2,736 on 2025-02-14"))
        #expect(try total(box, 2025, 1) + total(box, 2025, 2) == 5000 + 2360 + 1700 + 756)

        let before = try box.snapshot()
        for name in ["card-a-read1.plain.txt", "card-a-read2.index.txt"] {
            let again = try box.run("import", dump(name), "--lang", "ja")
            #expect(again.status == 0, "\(again.stderr)")
            #expect(again.stdout.hasPrefix("カード 0114A1B2C3D4E5F6（交通系IC）の新しい履歴はありません（読み込み済み 20 件）"))
        }
        let after = try box.snapshot()
        #expect(after.filter { !$0.key.hasPrefix("backups/") } == before.filter { !$0.key.hasPrefix("backups/") }, "a dump read again adds nothing")
    }

    /// A card's purchase also typed by hand is one purchase: the card's line merges with the typed item, and the
    /// month counts it once (issue #29: IC card dumps are one more source).
    @Test func aCardsPurchaseTypedByHandTooIsCountedOnce() throws {
        let box = try Sandbox()
        #expect(try box.run("add", "コンビニ", "1280", "--date", "2025-01-16", "--category", "food").status == 0)
        let run = try box.run("import", dump("card-a-read1.addr.txt"), "--format", "json")
        #expect(run.status == 0, "\(run.stderr)")
        let summary = try #require(try run.json() as? [String: Any])
        let merges = try #require(summary["merges"] as? [[String: Any]])
        #expect(merges.count == 1 && merges.first?["price"] as? Int == 1280, "\(merges)")
        let january = try #require(try box.run("month", "2025", "1", "--format", "json").json() as? [String: Any])
        let names = (january["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names.filter { $0 == "コンビニ" }.count == 1 && !names.contains("物販 1A2B"), "\(names)")
        let again = try box.run("import", dump("card-a-read1.plain.txt"), "--format", "json")
        #expect((try again.json() as? [String: Any])?["added"] as? Int == 0, "read again: nothing added, nothing unmerged")
    }

    /// A malformed dump (a 15-byte line, a bad hex digit, an impossible date) is refused whole with its line, exit 2.
    @Test func aMalformedDumpIsRefusedWholeWithItsLine() throws {
        let box = try Sandbox()
        for (name, line) in [("bad-15-bytes.txt", 8), ("bad-hex-digit.txt", 4), ("bad-date.txt", 6), ("bad-month-13.txt", 3)] {
            let run = try box.run("import", "--from", "felica", dump(name))
            #expect(run.status == 2, "\(name): \(run.stderr)")
            #expect(run.stderr.hasPrefix("kakeibo: \(dump(name)): nothing imported: line \(line): "), "\(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1)
        }
        let found = try box.run("import", dump("bad-date.txt"))
        #expect(found.status == 2 && found.stderr.contains("line 6: 2025-02-30 is not a date (date bytes 32 5E)"), "found from the file too")
        #expect(try box.snapshot().isEmpty, "nothing was written")
    }

    /// `--account` names the card; a dump of one card's records as another account is refused with the way out.
    @Test func theCardsAccountComesFromItsIDmOrAccount() throws {
        let box = try Sandbox()
        #expect(try box.run("import", dump("card-a-read1.plain.txt"), "--account", "ICOCA").status == 0)
        let refused = try box.run("import", dump("card-a-read2.index.txt"))
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("were read before as the account ICOCA's card (import it with --account ICOCA)"))
        let run = try box.run("import", dump("card-a-read2.index.txt"), "--account", "ICOCA")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("The account ICOCA is card 0114A1B2C3D4E5F6 from now on"))
        let month = try #require(try box.run("month", "2025", "2", "--format", "json").json() as? [String: Any])
        let payments = Set((month["items"] as? [[String: Any]] ?? []).compactMap { $0["payment"] as? String })
        #expect(payments == ["ICOCA"])
        let json = try box.run("import", dump("card-b.expected.json"), "--account", "Suica")
        #expect(json.status == 2 && json.stderr.contains("--account names an IC card's account, and this is not a card's dump"))
    }

    /// `--member` names whose a card's fares and purchases are; kakeibo's JSON names each item's own, so there it is
    /// refused rather than dropped.
    @Test func memberNamesWhoseTheCardsLinesAreAndIsRefusedForJSON() throws {
        let box = try Sandbox()
        #expect(try box.run("import", dump("card-a-older.index.txt"), "--member", "ken").status == 0)
        let found = try #require(try box.run("find", "--min", "1", "--format", "json").json() as? [String: Any])
        let members = Set((found["items"] as? [[String: Any]] ?? []).map { $0["member"] as? String ?? "-" })
        #expect(members == ["ken"])
        let json = try box.run("import", dump("card-b.expected.json"), "--member", "ken")
        #expect(json.status == 2 && json.stderr.contains("option --member is for other apps' exports and statements, not kakeibo's JSON"))
    }

    /// The tools' own dump formats are found and read too; the nine unused blocks are no records.
    @Test func theCommonToolsDumpsImport() throws {
        for name in ["tool-styles/card-b.nfcpy.txt", "tool-styles/card-b.libpafe.txt", "tool-styles/card-b.felicalib.txt", "card-b.addr.txt"] {
            let box = try Sandbox()
            let run = try box.run("import", dump(name), "--format", "json")
            #expect(run.status == 0, "\(name): \(run.stderr)")
            let summary = try #require(try run.json() as? [String: Any])
            #expect(summary["added"] as? Int == 8 && summary["balanceOnly"] as? Int == 1 && summary["balance"] as? Int == 5672, "\(name)")
            #expect(try total(box, 2025, 3) == 1170 + 658, "\(name)")
        }
    }

    /// scripts/read-ic-card against a stand-in for nfcpy that answers as a card holding card B's blocks: what it
    /// asks (system 0003, service 0x090F, at most twelve blocks a command) and that kakeibo imports what it prints.
    /// No real reader answers here: that part can't be tested without one.
    @Test(.enabled(if: Tools.has("python3"))) func theReaderScriptsDumpImports() throws {
        let box = try Sandbox()
        let blocks = try String(contentsOfFile: dump("card-b.addr.txt"), encoding: .utf8).split(separator: "\n").dropFirst()
            .map { $0.split(separator: ":", maxSplits: 1)[1].replacingOccurrences(of: " ", with: "") }
        try box.write("fake/blocks.txt", blocks.joined(separator: "\n") + "\n")
        try box.write("fake/nfc/__init__.py", Self.fakeNFC)
        try box.write("fake/nfc/tag/__init__.py", "from . import tt3\n")
        try box.write("fake/nfc/tag/tt3.py", Self.fakeTT3)
        let environment = box.baseEnvironment.merging([
            "PYTHONPATH": box.root.appendingPathComponent("fake").path, "FAKE_BLOCKS": box.root.appendingPathComponent("fake/blocks.txt").path,
        ]) { $1 }
        let script = Products.repository.appendingPathComponent("scripts/read-ic-card").path
        let read = try Tools.run("python3", [script, "--timeout", "1"], environment: environment)
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout.contains("# IDm: 01010F123456789A\n0000: 16 01 00 02 32 6A A5 78 A5 74 28 16 00 00 0B 50\n"))
        #expect(read.stderr.contains("card 01010F123456789A: 11 records"))
        let path = try box.write("suica.txt", read.stdout)
        let run = try box.run("import", path, "--format", "json")
        #expect(run.status == 0, "\(run.stderr)")
        let summary = try #require(try run.json() as? [String: Any])
        #expect(summary["added"] as? Int == 8 && (summary["card"] as? [String: Any])?["idm"] as? String == "01010F123456789A")
    }

    static let fakeNFC = """
        from . import tag


        class ContactlessFrontend:
            def __init__(self, device):
                assert device == "usb", device

            def __enter__(self):
                return self

            def __exit__(self, *error):
                return False

            def connect(self, rdwr, terminate):
                assert "212F" in rdwr["targets"] and rdwr["on-connect"](None) is False
                return tag.tt3.Type3Tag()

        """

    static let fakeTT3 = """
        import os

        BLOCKS = [bytes.fromhex(line) for line in open(os.environ["FAKE_BLOCKS"]).read().split()]


        class ServiceCode:
            def __init__(self, number, attribute):
                self.code = number << 6 | attribute


        class BlockCode:
            def __init__(self, number, service=0):
                self.number, self.service = number, service


        class Type3Tag:
            sys = None

            def polling(self, system_code):
                assert system_code == 0x0003, system_code
                return bytearray.fromhex("01010F123456789A"), bytearray(8)

            def read_without_encryption(self, services, blocks):
                assert self.sys == 0x0003 and [service.code for service in services] == [0x090F]
                assert 0 < len(blocks) <= 12 and all(block.service == 0 for block in blocks)
                return bytearray(b"".join(BLOCKS[block.number] for block in blocks))

        """

    /// A dump with a statement (Shift_JIS, so the companion's read too) is read as what it is and imported with it:
    /// its dry run writes nothing, the import says both files.
    @Test func aDumpWithAnotherFileIsImportedWithIt() throws {
        let box = try Sandbox()
        let statement = Products.repository.appendingPathComponent("Tests/Fixtures/downloads/mufg-202412-sjis.csv").path
        #expect(try box.run("import", "--dry-run", dump("card-a-read1.plain.txt"), statement).status == 0)
        #expect(try box.snapshot().isEmpty)
        let run = try box.run(["import", dump("card-a-read1.plain.txt"), statement, "--lang", "en"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Imported 20 records of the card"), "\(run.stdout)")
        #expect(run.stdout.contains("from 三菱UFJ銀行") || run.stdout.contains("lines from"), "\(run.stdout)")
    }

    /// A dry run writes nothing, so it needs no place to write: a store named where no directory is reads as empty.
    @Test func aDryRunNeedsNoDirectoryForTheStore() throws {
        let box = try Sandbox()
        let statement = Products.repository.appendingPathComponent("Tests/Fixtures/downloads/mufg-202412-sjis.csv").path
        let nowhere = box.root.appendingPathComponent("not/there/store").path
        let run = try box.run("import", "--dry-run", statement, "--store", nowhere, "--lang", "en")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("5 would be added"), "\(run.stdout)")
        #expect(!FileManager.default.fileExists(atPath: box.root.appendingPathComponent("not").path), "nothing made")
        #expect(try box.run("import", statement, "--store", nowhere).status == 2, "the real import still refuses it")
    }
}
