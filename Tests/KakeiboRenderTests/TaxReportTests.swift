import KakeiboReports
import KakeiboStore
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboRender

/// The 医療費控除 report, the ふるさと納税 report, and the ZIP that carries the workbook.
@Suite struct TaxReportTests {
    let taxonomy = TaxonomyPreset.household.taxonomy

    func medical(_ name: String, _ price: Int, _ date: String, _ sub: String?, member: String?, shop: String? = nil, reimbursed: Int? = nil)
        -> Item
    {
        let category = taxonomy.categories.first { $0.key == "medical" }!
        var made = item(name, price, date, category.code, sub.flatMap { key in category.subcategories.first { $0.key == key }?.code })
        made.details = ItemDetails(shop: shop, member: member, reimbursed: reimbursed.map { Yen($0) })
        return made
    }

    @Test func oneRowPerPersonAndPayeeWithTheKindsItHolds() {
        let items = [
            medical("山田クリニック", 3000, "2024-01-10", "clinic", member: "ayumi", reimbursed: 500),
            medical("山田クリニック", 2000, "2024-02-10", "clinic", member: "ayumi"),
            medical("歯の治療", 50000, "2024-03-01", "dental", member: "ken", shop: "さくら歯科"),
            medical("タクシー", 1500, "2024-03-01", nil, member: "ken", shop: "さくら歯科"),
            medical("かぜ薬", 1500, "2024-04-01", "medicine", member: nil, shop: "スギ薬局"),
            medical("去年の診察", 9000, "2023-12-28", "clinic", member: "ken"),
            item("ランチ", 1200, "2024-05-01"),
        ]
        let report = MedicalReport(year: 2024, items: items, taxonomy: taxonomy, income: nil)
        #expect(report.rows.map(\.payee) == ["スギ薬局", "山田クリニック", "さくら歯科"])
        #expect(report.rows.map(\.person) == [nil, "ayumi", "ken"])
        #expect(report.rows[2].kinds == [.treatment, .other] && report.rows[2].date == CalendarDate(year: 2024, month: 3, day: 1))
        #expect(report.rows[1].paid == Yen(5000) && report.rows[1].reimbursed == Yen(500) && report.rows[1].date == nil)
        #expect(report.paid == Yen(58000) && report.net == Yen(57500))
        #expect(MedicalReport.Kind.of(subcategoryKey: "care") == .care && MedicalReport.Kind.of(subcategoryKey: "hospital") == .other)
    }

    /// The threshold is ¥100,000, or 5% of total income under ¥2,000,000; the deduction is capped at ¥2,000,000; the
    /// セルフメディケーション alternative is medicine over ¥12,000, at most ¥88,000.
    @Test func thresholdDeductionAndSelfMedication() {
        let items = [
            medical("整形外科", 60000, "2024-03-01", "clinic", member: "ayumi"),
            medical("湿布", 30000, "2024-03-02", "medicine", member: "ayumi"),
        ]
        func report(_ income: Int?) -> MedicalReport { MedicalReport(year: 2024, items: items, taxonomy: taxonomy, income: income.map { Yen($0) }) }
        let high = report(4_800_000)
        #expect(high.threshold == Yen(100_000) && high.deduction == .zero && !high.applies)
        #expect(high.medicine == Yen(30000) && high.selfMedication == Yen(18000) && high.better == .selfMedication)
        let low = report(1_200_000)
        #expect(low.threshold == Yen(60000) && low.deduction == Yen(30000) && low.better == .medical)
        #expect(report(2_000_000).threshold == Yen(100_000))
        #expect(report(1_999_999).threshold == Yen(99_999))
        let none = report(nil)
        #expect(none.income == nil && none.threshold == Yen(100_000))
        let huge = MedicalReport(
            year: 2024,
            items: [medical("手術", 3_000_000, "2024-01-01", "clinic", member: "ken"), medical("薬", 200_000, "2024-01-02", "medicine", member: "ken")],
            taxonomy: taxonomy, income: Yen(10_000_000))
        #expect(huge.deduction == Yen(2_000_000) && huge.selfMedication == Yen(88000))
        let noMedicine = MedicalReport(year: 2024, items: [items[0]], taxonomy: taxonomy, income: nil)
        #expect(noMedicine.medicine == nil && noMedicine.selfMedication == nil && noMedicine.better == .neither)
    }

    @Test func furusatoChecksTheOneStopRule() {
        func donation(_ town: String, _ amount: Int, _ date: String, sent: Bool) -> Item {
            var made = item(town, amount, date, 12, id: FurusatoReport.id(random: "\(town)-\(date)"))
            made.details = ItemDetails(memo: FurusatoReport.memo(oneStop: sent, receipt: sent ? nil : "R-\(amount)"))
            return made
        }
        var items = (1...5).map { donation("町\($0)", 10000 * $0, "2024-0\($0)-01", sent: $0 % 2 == 0) }
        items.append(item("ふつうの買い物", 500, "2024-03-01"))
        let five = FurusatoReport(year: 2024, items: items, today: CalendarDate(year: 2024, month: 12, day: 20)!)
        #expect(five.donations.count == 5 && five.total == Yen(150_000) && five.oneStopApplies)
        #expect(five.unsent.map(\.municipality) == ["町1", "町3", "町5"] && five.unsent[0].receipt == "R-10000")
        #expect(five.deadline == CalendarDate(year: 2025, month: 1, day: 10) && !five.pastDeadline)
        #expect(FurusatoReport(year: 2024, items: items, today: CalendarDate(year: 2025, month: 1, day: 11)!).pastDeadline)
        items.append(donation("町6", 5000, "2024-12-01", sent: true))
        let six = FurusatoReport(year: 2024, items: items, today: CalendarDate(year: 2024, month: 12, day: 20)!)
        #expect(six.municipalities.count == 6 && !six.oneStopApplies)
        #expect(
            FurusatoReport(
                year: 2024, items: items + [donation("町1", 1000, "2024-12-02", sent: true)], today: CalendarDate(year: 2025, month: 1, day: 11)!
            ).municipalities.count == 6)
        let id = FurusatoReport.id(random: ItemID.random())
        #expect(id.hasPrefix("furusato-") && (try? ItemID.validate(id)) == id)
    }

    /// CRC-32's check value, and a stored archive whose local headers, central directory and end record agree.
    @Test func zipIsStoredWithCRCsAndADirectory() {
        #expect(ZipArchive.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(ZipArchive.crc32([]) == 0)
        var archive = ZipArchive()
        archive.add("a.txt", "hello")
        archive.add("xl/b.xml", "<x/>")
        let bytes = archive.bytes()
        func u32(_ at: Int) -> UInt32 { (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[at + $1]) << (8 * UInt32($1)) } }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        #expect(u32(0) == 0x0403_4B50 && u32(14) == ZipArchive.crc32(Array("hello".utf8)) && u32(18) == 5)
        let end = bytes.count - 22
        #expect(u32(end) == 0x0605_4B50 && u16(end + 10) == 2)
        let directory = Int(u32(end + 16))
        #expect(u32(directory) == 0x0201_4B50 && u32(directory + 42) == 0)
        let second = directory + 46 + 5
        #expect(u32(second) == 0x0201_4B50 && Int(u32(second + 42)) == 30 + 5 + 5)
        #expect(Array(bytes[(30 + 5 + 5 + 30)..<(30 + 5 + 5 + 30 + 8)]) == Array("xl/b.xml".utf8))
        #expect(XLSXWorkbook.columnName(1) == "A" && XLSXWorkbook.columnName(10) == "J" && XLSXWorkbook.columnName(27) == "AA")
        #expect(XLSXWorkbook.escape("a<b&\"c\"\u{1}") == "a&lt;b&amp;&quot;c&quot;")
    }

    /// A month with a reimbursed amount is schema 3 (a kakeibo before it refuses the file as newer), and reads back.
    @Test func reimbursedIsStoredAsSchemaThree() throws {
        var refund = medical("診察", 3000, "2024-12-01", "clinic", member: "ayumi", reimbursed: 1200)
        refund.details.memo = "高額療養費"
        let bytes = MonthFileCodec.encode([refund, item("ランチ", 900, "2024-12-02")], month: december)
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix(#"{"schema":3,"#))
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""reimbursed":1200"#))
        #expect(try MonthFileCodec.decode(bytes, month: december).first?.details.reimbursed == Yen(1200))
        #expect(throws: WireProblem.self) {
            try WireFormat.decode(Array(#"[{"id":"a","date":"20241201","name":"x","price":10,"category":6,"reimbursed":-1}]"#.utf8))
        }
    }

    /// A donation's short id keeps its prefix, so the ID column tells donations apart and `edit` takes what it shows.
    @Test func aDonationsShortIDKeepsItsPrefix() {
        let ids = ["furusato-b8716465-de0e", "furusato-2d74f288-1b46", "3f2a9c1e-aaaa", "fixed-8e4f12a3-2024-12"]
        #expect(shortIDs(ids) == ["furusato-b8716465", "furusato-2d74f288", "3f2a9c1e", "fixed-8e4f12a3-2024-12"])
    }
}
