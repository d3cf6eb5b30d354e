import Foundation
import KakeiboReports
import KakeiboStore
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboOperations

/// Importing card dumps into a real store: each committed dump's totals as its expected file gives them, a later
/// overlapping read adding only what is new, an older one pricing what was unpriced, charges never spending, and
/// the card as an account of its own.
@Suite struct CardImportTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-card-\(UUID().uuidString)").path
    var store: LedgerStore { LedgerStore(root: root) }
    var household: Household { Household(store: store, now: Timestamp(milliseconds: 1_800_000_000_000)) }

    func filing(_ taxonomy: Taxonomy = .standard, tags: [String] = []) throws -> CardFiling {
        CardFiling(filer: try household.filer(taxonomy: taxonomy), member: nil, tags: tags)
    }

    @discardableResult
    func importing(_ name: String, account: String? = nil, taxonomy: Taxonomy = .standard) throws -> ImportReport.Card {
        ImportReport.Card(try household.importCard(try cardDump(name), account: account, filing: try filing(taxonomy)))
    }

    /// The fares and purchases the store holds; `charges`: the charges' transfers into the card instead.
    func items(charges: Bool = false) throws -> [Item] {
        try store.months().flatMap { try store.items(in: $0) }.filter { $0.isTransfer == charges }
    }

    /// The part of an expected file that says what an import adds.
    struct Expected {
        var fares: Int
        var purchases: Int
        var charges: Int
        var unpriced: [Int]
        var balanceOnly: Int
        var new: [Int]
        var records: [[String: Any]]

        init(_ name: String, _ key: String? = nil) throws {
            let whole = try #require(try JSONSerialization.jsonObject(with: Data(try cardFixture(name))) as? [String: Any])
            let json = try #require(key.map { whole[$0] as? [String: Any] } ?? whole)
            let totals = try #require(json["totals_new"] as? [String: Any])
            fares = try #require(totals["fares"] as? Int)
            purchases = try #require(totals["purchases"] as? Int)
            charges = try #require(totals["charges"] as? Int)
            unpriced = try #require(totals["unpriced"] as? [Int])
            balanceOnly = try #require(totals["skipped_balance_only"] as? Int)
            new = try #require(json["new_records"] as? [Int])
            records = try #require(json["records"] as? [[String: Any]])
        }
    }

    func check(_ summary: ImportReport.Card, _ expected: Expected, repriced: Int = 0, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(summary.fares.total - repriced == expected.fares, sourceLocation: sourceLocation)
        #expect(summary.purchases.total == expected.purchases, sourceLocation: sourceLocation)
        #expect(summary.charges.total == expected.charges, sourceLocation: sourceLocation)
        #expect(summary.unpriced.map(\.record.sequence) == expected.unpriced, sourceLocation: sourceLocation)
        #expect(summary.balanceOnly == expected.balanceOnly, sourceLocation: sourceLocation)
    }

    /// A first read: every record priced from the next one but the oldest, reported; the card's balance its newest.
    @Test func aFirstReadAddsItsFaresAndPurchasesAndCountsItsCharges() throws {
        let summary = try importing("card-a-read1.addr.txt")
        let expected = try Expected("card-a-read1.expected.json")
        check(summary, expected)
        #expect(summary.read == 20 && summary.alreadyRead == 0)
        #expect(summary.added.count == 17, "13 fares and 4 purchases; 2 charges and 1 unpriced record are no items")
        #expect(summary.balance == 2192 && summary.balanceDate == CalendarDate(year: 2025, month: 2, day: 5))
        #expect(summary.card.idm == "0114A1B2C3D4E5F6" && summary.card.account == CardHistory.defaultAccount && summary.newCard)
        // Charges are not spending: the months hold exactly the fares and purchases.
        let total = try items().reduce(0) { $0 + $1.price.amount }
        #expect(total == expected.fares + expected.purchases)
        #expect(try items().allSatisfy { $0.details.payment == CardHistory.defaultAccount && $0.id.hasPrefix("ic:") })
        // Each charge is a transfer into the card, from what paid it (not known to the card).
        let charges = try items(charges: true)
        #expect(charges.reduce(0) { $0 + $1.price.amount } == expected.charges && charges.count == 2)
        #expect(charges.allSatisfy { $0.details.transfer == CardHistory.defaultAccount && $0.details.payment == nil && $0.id.hasPrefix("ic:") })
    }

    /// Names as the expected file gives them (the station table's, or the code), categories as transport.
    @Test func faresAreNamedFromTheStationTable() throws {
        try importing("card-a-read1.plain.txt", account: "ICOCA")
        let expected = try Expected("card-a-read1.expected.json")
        let byDate = Dictionary(grouping: try items(), by: \.date)
        for record in expected.records where record["kind"] as? String == "fare" && record["price"] is Int {
            let entry = try #require(record["entry"] as? [String: Any])
            let exit = try #require(record["exit"] as? [String: Any])
            let name = "\(entry["name"] as? String ?? entry["code"] as? String ?? "") → \(exit["name"] as? String ?? exit["code"] as? String ?? "")"
            let date = try CalendarDate.parseISO(try #require(record["date"] as? String))
            #expect(byDate[date, default: []].contains { $0.name == name && $0.price.amount == record["price"] as? Int }, "\(name) on \(date)")
        }
        let names = Set(try items().map(\.name))
        #expect(names.contains("高槻 → 001-222"), "a code no table has is shown as its code")
        #expect(names.contains("大阪梅田 → 高槻市"))
        #expect(try items().filter { $0.name.hasPrefix("高槻 →") }.allSatisfy { $0.category == CategoryCode(14, 0) && $0.details.shop == "西日本旅客鉄道" })
        #expect(try items().filter { $0.name.hasPrefix("物販") || $0.name.hasPrefix("自販機") }.allSatisfy { $0.category == Taxonomy.standard.unfiled })
    }

    /// A later read overlapping the first adds only its six new records; the same dump again adds nothing.
    @Test func aLaterOverlappingReadAddsOnlyWhatIsNew() throws {
        try importing("card-a-read1.addr.txt")
        let before = try items()
        let summary = try importing("card-a-read2.index.txt")
        let expected = try Expected("card-a-read2.expected.json", "after_read1")
        check(summary, expected)
        #expect(summary.read == expected.new.count && summary.alreadyRead == 14)
        #expect(summary.balance == 2736)
        let after = try items()
        #expect(Set(before.map(\.id)).isSubset(of: Set(after.map(\.id))))
        #expect(after.count == before.count + 5, "4 fares and a purchase; the charge is no item")
        for name in ["card-a-read2.index.txt", "card-a-read2.plain.txt", "card-a-read1.plain.txt", "card-a-read1.addr.txt"] {
            let again = try importing(name)
            #expect(again.read == 0 && again.added.isEmpty, "\(name)")
        }
        #expect(try items() == after, "no double import, whatever the dump's style")
    }

    /// An older read prices the first read's oldest record, and adds its own older records (its oldest unpriced).
    @Test func anOlderReadPricesWhatWasUnpriced() throws {
        try importing("card-a-read1.addr.txt")
        let summary = try importing("card-a-older.index.txt")
        let expected = try Expected("card-a-older.expected.json", "after_read1")
        check(summary, expected, repriced: 420)
        #expect(summary.repriced.map(\.record.sequence) == [1050])
        #expect(summary.added.contains { $0.date == CalendarDate(year: 2025, month: 1, day: 14) && $0.name == "新大阪 → 高槻" && $0.price == 420 })
        #expect(summary.balance == 2192, "the card's newest record is still read1's")
    }

    /// Read in the other order the same records land, each priced once.
    @Test func theOrderOfTheReadsDoesNotMatter() throws {
        for name in ["card-a-read2.index.txt", "card-a-older.index.txt", "card-a-read1.addr.txt"] { try importing(name) }
        let one = Set(try items().map { "\($0.id) \($0.price.amount)" })
        let charges = Set(try items(charges: true).map { "\($0.id) \($0.price.amount)" })
        try FileManager.default.removeItem(atPath: root)
        for name in ["card-a-older.index.txt", "card-a-read1.addr.txt", "card-a-read2.index.txt"] { try importing(name) }
        #expect(Set(try items().map { "\($0.id) \($0.price.amount)" }) == one)
        #expect(Set(try items(charges: true).map { "\($0.id) \($0.price.amount)" }) == charges)
        #expect(one.count == 32, "36 records: 5 charges and the very first (unpriced) are no items")
    }

    /// Card B: the 新規 record skipped but pricing the charge after it, a bus ride, 東武 浅草 (not 阪急) and Nagoya.
    @Test func aNewCardsRecordsAreNamedByArea() throws {
        let summary = try importing("card-b.addr.txt")
        check(summary, try Expected("card-b.expected.json"))
        #expect(summary.unused == 9 && summary.balance == 5672)
        let names = try items().map(\.name)
        for name in ["浅草 → とうきょうスカイツリー", "名古屋 → 栄", "名鉄名古屋 → 金山", "新宿 → 品川", "乃木坂 → 代々木上原", "バス", "物販 4410", "自販機 0C31"] {
            #expect(names.contains(name), "\(name)")
        }
        #expect(try items().first { $0.name == "バス" }?.category == CategoryCode(14, 1))
    }

    /// Two cards in one store keep apart: their own accounts, ids and balances.
    @Test func twoCardsNeverMeet() throws {
        try importing("card-a-read1.addr.txt", account: "ICOCA")
        try importing("card-b.addr.txt", account: "Suica")
        let history = try SettingsFile.icCards.decode(try #require(try FileSystem.read(FileSystem.join(root, SettingsFile.icCards.name))))
        #expect(history.cards.map(\.account) == ["ICOCA", "Suica"])
        #expect(history.cards.map { $0.newest?.balance } == [2192, 5672])
        #expect(Set(try items().map(\.id)).count == 17 + 8)
        // The same number and day on another card is another record.
        let record = try #require(history.cards[0].newest)
        #expect(history.cards[0].itemID(record) != history.cards[1].itemID(record))
    }

    /// A dump without its IDm imported as one account, then with it: refused until it names that account, which
    /// then is that card.
    @Test func aCardReadWithoutItsIDmIsFoundByItsAccount() throws {
        try importing("card-a-read1.plain.txt", account: "ICOCA")
        #expect(throws: CardIdentityError.recordsOfAnotherCard(account: "ICOCA")) { try importing("card-a-read2.index.txt") }
        let summary = try importing("card-a-read2.index.txt", account: "ICOCA")
        #expect(summary.gainedIDm && summary.read == 6)
        #expect(throws: CardIdentityError.cardIsAnotherAccount(idm: "0114A1B2C3D4E5F6", account: "ICOCA")) {
            try importing("card-a-read2.index.txt", account: "PASMO")
        }
        #expect(throws: CardIdentityError.accountIsAnotherCard(account: "ICOCA", idm: "0114A1B2C3D4E5F6", dump: "01010F123456789A")) {
            try importing("card-b.addr.txt", account: "ICOCA")
        }
        // Card B's dump with card A's identity: the same numbers and days, other bytes.
        try importing("card-b.addr.txt", account: "Suica")
        var lines = try String(decoding: cardFixture("card-a-read1.plain.txt"), as: UTF8.self).split(separator: "\n").map(String.init)
        lines[0] = String(lines[0].prefix(20)) + "0000" + String(lines[0].dropFirst(24))
        #expect(throws: CardIdentityError.differentRecord(sequence: 1070, line: 1)) {
            try household.importCard(try CardDump.read(Array(lines.joined(separator: "\n").utf8)), account: "ICOCA", filing: try filing())
        }
    }

    /// An item deleted after its import stays deleted when the dump is read again; undo takes the import back whole.
    @Test func aDeletedItemStaysDeletedAndUndoTakesTheImportBack() throws {
        try importing("card-b.addr.txt")
        let bus = try #require(try items().first { $0.name == "バス" })
        _ = try household.delete(bus.id)
        #expect(try importing("card-b.addr.txt").read == 0)
        #expect(!(try items().contains { $0.id == bus.id }))
        let cardFile = FileSystem.join(root, SettingsFile.icCards.name)
        _ = try household.undo(nil) // the delete
        _ = try household.undo(nil) // the import: its items and its card record go together
        #expect(try items().isEmpty)
        #expect(try FileSystem.read(cardFile) == nil)
        #expect(try importing("card-b.addr.txt").added.count == 8)
    }

    /// In a store that syncs, undo takes the items back one by one (so the next sync sends it) and the card file
    /// byte for byte.
    @Test func undoInAStoreThatSyncsPutsTheCardFileBackToo() throws {
        var journal = SyncJournal()
        journal.server = "http://127.0.0.1:1/"
        try FileSystem.makeDirectories(root)
        try SyncJournalFile.write(journal, store)
        try importing("card-a-read1.addr.txt")
        let cardFile = FileSystem.join(root, SettingsFile.icCards.name)
        let first = try FileSystem.read(cardFile)
        try importing("card-a-read2.index.txt")
        _ = try household.undo(nil, syncs: true)
        #expect(try FileSystem.read(cardFile) == first)
        #expect(try items().count == 17)
        #expect(try importing("card-a-read2.index.txt").added.count == 5, "the undone read adds its records again")
    }

    /// `check` reads the card file; a card file that can't be read stops an import and is left as it is.
    @Test func aCardFileThatCantBeReadIsReportedAndLeftAlone() throws {
        try importing("card-b.addr.txt")
        #expect(try StoreCheck.run(store, categoriesPath: nil).errors == 0)
        let path = FileSystem.join(root, SettingsFile.icCards.name)
        try Data("{\"schema\": 9, \"cards\": []}".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try StoreCheck.run(store, categoriesPath: nil).problems.map(\.code) == ["ic-cards"])
        #expect(throws: SettingsFileError.self) { try importing("card-a-read1.addr.txt") }
        #expect(try FileSystem.read(path) == Array("{\"schema\": 9, \"cards\": []}".utf8))
        #expect(try items().count == 8)
    }

    /// Purchases are filed by rules and history; fares by the taxonomy's train category, in any taxonomy.
    @Test func purchasesAreFiledByHistoryAndFaresByTheTaxonomy() throws {
        try importing("card-b.addr.txt", taxonomy: .expenseLog)
        #expect(try items().filter { $0.name.includes("→") }.allSatisfy { $0.category == CategoryCode(1, 1) }, "the app's 娯楽費/交通費")
        try FileManager.default.removeItem(atPath: root)
        _ = try household.addNew([
            WireItem(id: "x", date: CalendarDate(year: 2025, month: 1, day: 1)!, name: "自販機 0C31", price: 150, category: CategoryCode(0, 1))
        ])
        try importing("card-b.addr.txt")
        #expect(try items().first { $0.id != "x" && $0.name == "自販機 0C31" }?.category == CategoryCode(0, 1), "filed as last time")
    }
}
