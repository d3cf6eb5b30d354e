import Foundation
import KakeiboKit
import Testing

@testable import KakeiboImport

/// Every reconstructed download in Tests/Fixtures/downloads (PROVENANCE.md says where each layout was seen), found
/// from the file and read to the totals its service shows (expected.json, written by the same script as the files).
@Suite struct DownloadedFileTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/downloads")

    nonisolated(unsafe) static let expected: [String: [String: Any]] = {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent("expected.json")),
            let all = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [:] }
        return all.compactMapValues { $0 as? [String: Any] }
    }()

    static let files = expected.keys.filter { $0.hasSuffix(".csv") }.sorted()

    static func bytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: directory.appendingPathComponent(name))) }

    /// What importing the file alone into an empty store adds, as expected.json states it: a card's lines with the
    /// wallet charges it bills (楽天キャッシュ, Suica, WAON: spending as far as the card knows, as its bill shows
    /// them), a bank's every withdrawal (kakeibo's rule for ゆうちょ), an app's counted spending.
    static func importedAlone(_ name: String, _ entry: [String: Any]) -> Int? {
        // The closed January bill lists the installment's 2回目 too: imported alone, it adds the purchase once.
        if name == "rakuten-enavi-202501-11col-closed.csv" { return (entry["netSpending"] as? Int).map { $0 + 59_800 } }
        for key in ["netSpendingWithCharges", "netSpendingIfImportedAlone", "netSpending", "withdrawalTotal"] {
            if let total = entry[key] as? Int { return total }
        }
        if let byYear = entry["yearSpending"] as? [String: Int] { return byYear.values.reduce(0, +) }
        return (entry["byMonth"] as? [String: Int])?.values.reduce(0, +)
    }

    /// The format's key as kakeibo names it ("layout: aeon-card" is the shipped layout aeon-card).
    static func format(_ entry: [String: Any]) -> String {
        let text = entry["format"] as? String ?? ""
        guard text.hasPrefix("layout: ") else { return text }
        return String(text.dropFirst("layout: ".count).prefix { $0 != " " })
    }

    @Test func thereAreAtLeastFifteenFilesAndEachHasItsTotals() {
        #expect(Self.files.count >= 15)
        for name in Self.files { #expect(Self.importedAlone(name, Self.expected[name] ?? [:]) != nil, "\(name)") }
    }

    @Test(
        arguments: files.filter {
            !(expected[$0]?["format"] as? String ?? "").hasPrefix("zaim") && expected[$0]?["format"] as? String != "moneyforward"
        })
    func eachStatementIsFoundFromTheFileAndReadToItsServicesTotal(name: String) throws {
        let entry = try #require(Self.expected[name])
        let statement = try StatementReader.read(try Self.bytes(name), as: .detect, layouts: ShippedLayouts.all)
        #expect(statement.kind.key == Self.format(entry), "\(name): found as \(statement.kind.key)")
        #expect(statement.total.amount == Self.importedAlone(name, entry), "\(name)")
        #expect(Set(statement.lines.map(\.id)).count == statement.lines.count, "\(name): every line has its own id")
        #expect(statement.lines.allSatisfy { $0.id.hasPrefix(statement.kind.idPrefix) })
        // Read again, named: the same lines.
        let named =
            if let format = statement.format { try StatementReader.read(try Self.bytes(name), as: .format(format)) } else {
                try StatementReader.read(try Self.bytes(name), as: .layout(try #require(ShippedLayouts.all.first { $0.name == statement.kind.key })))
            }
        #expect(named.lines == statement.lines)
    }

    @Test(arguments: files.filter { ["zaim", "moneyforward"].contains(expected[$0]?["format"] as? String) })
    func eachAppExportIsFoundFromTheFileAndReadToWhatTheAppCounts(name: String) throws {
        let entry = try #require(Self.expected[name])
        let bytes = try Self.bytes(name)
        let source = try #require(try ImportFormats.identify(FileHead(bytes), layouts: ShippedLayouts.all) as? ImportSource)
        #expect(source.rawValue == Self.format(entry))
        let taxonomy = Taxonomy.standard
        let conversion = try Converter.convert(
            bytes, from: source, mapping: .standard(taxonomy), fallback: nil, income: .standard(taxonomy), fileUnmapped: true)
        let spending = conversion.items.filter { !taxonomy.isIncome($0.category) }.reduce(0) { $0 + $1.price.amount }
        #expect(spending == Self.importedAlone(name, entry), "\(name)")
        if let income = entry["incomeTotal"] as? Int {
            #expect(conversion.items.filter { taxonomy.isIncome($0.category) }.reduce(0) { $0 + $1.price.amount } == income)
        }
    }

    @Test func theCurrentAndTheClosedFormOfOneBillGiveEachLineOneID() throws {
        let december = try StatementReader.read(try Self.bytes("rakuten-enavi-202412-11col.csv"))
        let current = try StatementReader.read(try Self.bytes("rakuten-enavi-202501-12col-current.csv"))
        let closed = try StatementReader.read(try Self.bytes("rakuten-enavi-202501-11col-closed.csv"))
        // Every line of the closed bill is in the current one (the prefixes and 利用国 suffixes aside).
        #expect(Set(closed.lines.map(\.id)).isSubset(of: Set(current.lines.map(\.id))))
        #expect(current.lines.count - closed.lines.count == 2, "the two rows billed 2月以降 are only in the current one")
        // The installment's (2回目) in January is its (1回目) of December: one purchase.
        let installment = try #require(december.lines.first { $0.price.amount == 59_800 })
        #expect(current.lines.contains { $0.id == installment.id } && closed.lines.contains { $0.id == installment.id })
        #expect(current.lines.first { $0.price.amount == 2310 }?.name == "STEAM PURCHASE")
        #expect(closed.lines.first { $0.price.amount == 2310 }?.memo == "現地利用額 14.990変換レート 154.103円", "the undated row is its memo")
        // Cancellations under the ■ heading reduce spending.
        #expect(current.lines.filter { $0.price.amount < 0 }.map(\.price.amount).sorted() == [-12_800, -320])
        #expect(current.lines.first { $0.price.amount == 862 }?.name == "まいばすけっと 大崎広小路店")
    }

    @Test func vpassNamesWithACommaCashbacksAndUndatedCreditsAreRead() throws {
        let confirmed = try StatementReader.read(try Self.bytes("vpass-202412-unquoted-comma-sjis.csv"))
        let github = try #require(confirmed.lines.first { $0.price.amount == 1580 })
        #expect(github.name == "GITHUB, INC. (HTTPSGITHUB.C)")
        #expect(github.memo == "10.00 USD 158.000 12 01")
        #expect(Set(confirmed.lines.map(\.payment)) == ["三井住友カード(NL)", "ApplePay/iD"])
        #expect(confirmed.lines.first?.account == "4980-00**-****-****")
        let cashback = try StatementReader.read(try Self.bytes("vpass-202501-cashback-sjis.csv"))
        #expect(cashback.lines.map(\.price.amount).filter { $0 < 0 }.sorted() == [-7800, -550])
        let discount = try #require(cashback.lines.first { $0.price.amount == -550 })
        let tenth = try CalendarDate.parseISO("2024-12-10")
        #expect(discount.undated && discount.date == tenth)
        #expect(cashback.notes == [.undated(count: 1)])
        let inquiry = try StatementReader.read(try Self.bytes("vpass-202411-shiharai-13col-sjis.csv"))
        #expect(inquiry.kind.variant.hasPrefix("支払照会"))
        #expect(Set(inquiry.lines.compactMap(\.user)) == ["本人", "家族"])
    }

    @Test func payPayKeepsEveryRowOfASplitPaymentAndItsOldIDs() throws {
        let split = try StatementReader.read(try Self.bytes("paypay-202412-split-rows.csv"))
        let daiso = split.lines.filter { $0.name == "ダイソー 大崎ニューシティ店" }
        #expect(daiso.map(\.price.amount) == [330], "points and card: one purchase, 330 in all")
        #expect(daiso[0].payment == "クレジット VISA 4575" && daiso[0].legs == [PaymentLeg(payment: "PayPay", price: 73)])
        #expect(daiso[0].formerIDs.count == 1, "it was once the one id of 取引番号")
        #expect(split.lines.first { $0.name == "GS25 明洞店" }?.memo == "15,000 KRW @0.1089 KR")
        #expect(split.skipped == [.transfer: 1, .deposit: 1, .other: 5], "口座送金 set aside")
        #expect(split.lines.filter { $0.flow == .charge }.count == 1, "the チャージ is a line: a transfer into PayPay")
        let combined = try StatementReader.read(try Self.bytes("paypay-202411-combined-method.csv"))
        #expect(combined.lines.filter { $0.name == "コイン洗車場スプラッシュ" }.count == 2, "two payments in one second are two")
        #expect(combined.lines.first { $0.price.amount == 410 }?.memo == "PayPayポイント (93円), PayPay残高 (317円)")
    }

    @Test func twoYuchoAccountsNeverShareAnID() throws {
        let a = try StatementReader.read(try Self.bytes("yucho-202412-account-a-sjis.csv"))
        let b = try StatementReader.read(try Self.bytes("yucho-202412-account-b-sjis.csv"))
        #expect(Set(a.lines.map(\.id)).isDisjoint(with: Set(b.lines.map(\.id))))
        #expect(a.lines.first?.payment == "ゆうちょ銀行 *5671" && b.lines.first?.payment == "ゆうちょ銀行 *1701")
        #expect(a.lines.first?.account == "10180-12345671")
        // The ids kakeibo gave before the account was in them are kept as former ids: the same for both accounts.
        #expect(!Set(a.lines.flatMap(\.formerIDs)).isDisjoint(with: Set(b.lines.flatMap(\.formerIDs))))
        #expect(b.lines.contains { $0.name == "料 金" })
    }

    @Test func zaimsShiftJISDownloadThatLostCharactersIsCounted() throws {
        let text = try #require(SourceText.decode(try Self.bytes("zaim-202411-own-category-sjis.csv"))).text
            .replacingOccurrences(of: "キャットフード", with: "キャットフード?")
        let bytes = try #require(text.data(using: .shiftJIS))
        let taxonomy = Taxonomy.standard
        let conversion = try Converter.convert(Array(bytes), from: .zaim, mapping: .standard(taxonomy), fallback: nil, fileUnmapped: true)
        #expect(conversion.encoding == .shiftJIS && conversion.questionMarks == 1)
    }

    @Test func zaimsOlderHeaderGivesTheSameIDsAsTodays() throws {
        let older = try Self.bytes("zaim-2024-older-header-sjis.csv")
        #expect(try ImportFormats.identify(FileHead(older), layouts: []) as? ImportSource == .zaim)
        let text = try #require(SourceText.decode(older)).text
        let today = text.replacingOccurrences(of: "ジャンル", with: "カテゴリの内訳").replacingOccurrences(of: "商品", with: "品目")
            .replacingOccurrences(of: "場所", with: "お店")
        let taxonomy = Taxonomy.standard
        func ids(_ bytes: [UInt8]) throws -> [String] {
            try Converter.convert(bytes, from: .zaim, mapping: .standard(taxonomy), fallback: nil, income: .standard(taxonomy), fileUnmapped: true)
                .items.map(\.id)
        }
        #expect(try ids(older) == (try ids(Array(today.utf8))))
    }
}
