import Foundation
import KakeiboStore
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboReports

#if canImport(Glibc)
    import Glibc
#endif

/// The month summaries the store keeps beside its month files, on real files in a temporary directory: written in
/// the same commit, used only while they match their month file's bytes, and never able to hide or change an item.
@Suite struct SummaryStoreTests {
    let store: LedgerStore
    let november = YearMonth(year: 2024, month: 11)!

    init() {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-summary-\(UUID().uuidString)").path
        store = LedgerStore(root: directory + "/store")
    }

    func read(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { Array($0) } }
    func write(_ bytes: [UInt8], _ path: String) throws { try Data(bytes).write(to: URL(fileURLWithPath: path)) }

    func add(_ items: [Item]) throws {
        try store.write { transaction in
            for item in items {
                let month = item.date.yearMonth
                try transaction.setItems(try transaction.items(in: month) + [item], in: month)
            }
        }
    }

    /// What the year's summaries must be: worked out from the month files' items.
    func expected() throws -> [YearMonth: MonthSummary] {
        var result: [YearMonth: MonthSummary] = [:]
        for (month, items) in try store.items(inYear: 2024) { result[month] = MonthSummary(month: month, items: items) }
        return result
    }

    /// The stored summary of a month, checked against its month file.
    func storedSummary(_ month: YearMonth) throws -> MonthSummary? {
        guard let bytes = read(store.summaryPath(month)), let file = read(store.path(month)),
            let (summary, source) = SummaryFileCodec.decode(bytes, month: month)
        else { return nil }
        #expect(source == Fingerprint(of: file))
        return summary
    }

    let items = [
        item("牛乳", 198, "2024-12-03", 0, 0), item("コーヒー", 178, "2024-12-03", 0, 1),
        item("返品", -98, "2024-12-04", 0, 0), item("電車", 220, "2024-11-30", 1, 1), item("弁当", 500, "2024-11-02", 0),
    ]

    @Test func writesASummaryOfEachMonthItWrites() throws {
        try add(items) // two months: through the journal
        #expect(try storedSummary(december) == MonthSummary(month: december, items: items))
        #expect(try storedSummary(november) == MonthSummary(month: november, items: items))
        #expect(try storedSummary(december)?.sums[CategoryCode(0, 0)] == MonthSummary.Sum(total: Yen(100), count: 2))
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.root + "/.tx").isEmpty)
        try add([item("卵", 250, "2024-12-20", 0, 0)]) // one month: written just after it
        #expect(try storedSummary(december)?.sums[CategoryCode(0, 0)] == MonthSummary.Sum(total: Yen(350), count: 3))
        #expect(try store.summaries(inYear: 2024) == expected())
        // The store still lists only month files.
        #expect(try store.months() == [november, december])
    }

    @Test func anyRunOfMonthsReadsTheSameWay() throws {
        // A trend's run crosses years; a month's neighbours are single months.
        try add(items + [item("翌年", 300, "2025-01-02", 1, 0)])
        let months = [november, december, YearMonth(year: 2025, month: 1)!, YearMonth(year: 2025, month: 2)!]
        let summaries = try store.summaries(of: months)
        #expect(summaries.count == 4)
        for month in months {
            #expect(summaries[month] == MonthSummary(month: month, items: try store.items(in: month)))
            #expect(try store.summary(of: month) == summaries[month])
        }
    }

    @Test func aSummaryThatMatchesItsMonthIsWhatAYearReads() throws {
        try add(items)
        // Forge a summary with the right fingerprint but other totals: the year believes it, which is why only the
        // store writes summaries, from the very items it writes into the month.
        let file = try #require(read(store.path(december)))
        let forged = MonthSummary(month: december, sums: [CategoryCode(5): MonthSummary.Sum(total: Yen(1), count: 1)])
        try write(SummaryFileCodec.encode(forged, source: Fingerprint(of: file)), store.summaryPath(december))
        #expect(try store.summaries(inYear: 2024)[december] == forged)
    }

    @Test func aMonthsDaysComeFromItsSummaryOrElseItsItems() throws {
        try add(items)
        let file = try #require(read(store.path(december)))
        let stored = try #require(read(store.summaryPath(december)))
        let (_, source, days) = try #require(SummaryFileCodec.decodeWithDays(stored, month: december))
        #expect(source == Fingerprint(of: file))
        #expect(days == DaySums(month: december, items: items))
        #expect(days.sums(in: 1...3) == MonthSummary.sums(of: items.filter { december.contains($0.date) && $0.date.day <= 3 }))
        #expect(try store.daySums(of: december) == days)
        // The summary's days are what is read: the same sums put on the 1st are believed (fingerprint and all)…
        let summary = MonthSummary(month: december, items: items)
        let moved = DaySums(days: [1: summary.sums])
        try write(SummaryFileCodec.encode(summary, source: Fingerprint(of: file), days: moved), store.summaryPath(december))
        #expect(try store.daySums(of: december) == moved)
        // …days that don't add up to the month, or no summary at all, and the month's items are read instead.
        let short = DaySums(days: [1: [CategoryCode(0, 0): MonthSummary.Sum(total: Yen(1), count: 1)]])
        try write(SummaryFileCodec.encode(summary, source: Fingerprint(of: file), days: short), store.summaryPath(december))
        #expect(try store.daySums(of: december) == days)
        try FileManager.default.removeItem(atPath: store.summaryPath(december))
        #expect(try store.daySums(of: december) == days)
        // A month from payday (25 Nov – 24 Dec) adds up the two files' days.
        let payday = try #require(MonthStart(day: 25))
        let period = MonthPeriod(november, start: payday)
        #expect(period.days(in: november) == 25...30 && period.days(in: december) == 1...24)
        let expected = MonthSummary(month: november, sums: MonthSummary.sums(of: items.filter { period.contains($0.date) }))
        #expect(try store.summaries(of: [november], start: payday)[november] == expected)
    }

    @Test func aStaleSummaryIsPassedOverAndLeftAlone() throws {
        try add(items)
        let summary = try #require(read(store.summaryPath(december)))
        // Edited by hand (or by a kakeibo that predates summaries): the summary no longer matches the month file.
        var edited = try store.items(in: december)
        edited[0].price = Yen(5000)
        try write(MonthFileCodec.encode(edited, month: december), store.path(december))
        #expect(try store.summaries(inYear: 2024) == expected())
        #expect(try store.summaries(inYear: 2024)[december]?.sums[CategoryCode(0, 0)]?.total == Yen(4902))
        #expect(read(store.summaryPath(december)) == summary) // reading never writes
    }

    @Test func aBrokenSummaryIsPassedOverNotReported() throws {
        try add(items)
        let novemberSummary = try #require(read(store.summaryPath(november)))
        let file = try #require(read(store.path(december)))
        let good = String(
            decoding: SummaryFileCodec.encode(MonthSummary(month: december, items: items), source: Fingerprint(of: file)), as: UTF8.self)
        let broken = [
            "", "{", "[]", "{\"schema\":1}",
            String(decoding: novemberSummary, as: UTF8.self), // another month's
            good.replacingOccurrences(of: "{\"schema\":2,", with: "{\"schema\":3,"), // a newer summary format
            good.replacingOccurrences(of: "\"hash\":", with: "\"xxh64\":"), // schema 2 with schema 1's key
            good.replacingOccurrences(of: "\"source\":{\"schema\":1", with: "\"source\":{\"schema\":2"), // of a newer month format
            good.replacingOccurrences(of: "\"count\":2}", with: "\"count\":2,\"extra\":1}"),
            good.replacingOccurrences(of: "\"count\":2}", with: "\"count\":0}"),
            good.replacingOccurrences(of: "\"count\":2}", with: "\"count\":2,\"count\":2}"), // a key twice
            good.replacingOccurrences(of: ",\"count\":2}", with: "}"), // a key missing
            good.replacingOccurrences(of: "\"count\":2}", with: "\"count\":2.0}"), // not a whole number
            good.replacingOccurrences(of: "\"count\":2}", with: "\"count\":\"2\"}"), // a number as text
            good.replacingOccurrences(of: "{\"schema\":2,", with: "{\"schema\":2,\"schema\":2,"),
            good + "{}", // more after the document
        ]
        #expect(SummaryFileCodec.decode(Array(good.utf8), month: december) != nil)
        for text in broken {
            #expect(SummaryFileCodec.decode(Array(text.utf8), month: december) == nil, "\(text)")
            try write(Array(text.utf8), store.summaryPath(december))
            #expect(try store.summaries(inYear: 2024) == expected(), "\(text)")
        }
        // A summary that can't even be read (a directory in its place) is passed over too.
        try FileManager.default.removeItem(atPath: store.summaryPath(december))
        try FileManager.default.createDirectory(atPath: store.summaryPath(december), withIntermediateDirectories: false)
        #expect(try store.summaries(inYear: 2024) == expected())
    }

    @Test func aSummaryNoMonthFileCouldAddUpToIsPassedOver() throws {
        try add(items)
        let file = try #require(read(store.path(december)))
        let impossible: [MonthSummary.Sum] = [
            MonthSummary.Sum(total: Yen(Int.max), count: 1), MonthSummary.Sum(total: Yen(Int.min), count: 1),
            MonthSummary.Sum(total: Yen(99_999_999_999_999_999), count: 1), MonthSummary.Sum(total: Yen(10_000_000_000), count: 1),
            MonthSummary.Sum(total: Yen(1), count: Int.max), MonthSummary.Sum(total: Yen(1), count: file.count + 1),
        ]
        for sum in impossible {
            // The right fingerprint, totals its month file can't add up to: rebuilt from the month file, not believed.
            let forged = MonthSummary(month: december, sums: [CategoryCode(5): sum])
            try write(SummaryFileCodec.encode(forged, source: Fingerprint(of: file)), store.summaryPath(december))
            #expect(SummaryFileCodec.decode(try #require(read(store.summaryPath(december))), month: december) == nil, "\(sum)")
            #expect(try store.summaries(inYear: 2024) == expected(), "\(sum)")
            #expect(try store.summary(of: december) == expected()[december], "\(sum)")
        }
    }

    @Test func totalsThatWouldOverflowAreAnErrorNamingTheFileNotATrap() throws {
        let huge = MonthSummary(month: december, sums: [CategoryCode(0): MonthSummary.Sum(total: Yen(Int.max / 2 + 1), count: 1)])
        #expect(throws: StoreError.tooLarge(path: "x")) { try LedgerStore.checked(huge, path: "x") }
        var magnitude = MonthSummary.Magnitude()
        let half = MonthSummary(month: december, sums: [CategoryCode(0): MonthSummary.Sum(total: Yen(Int.max / 4), count: 1)])
        let added = [magnitude.add(half), magnitude.add(half), magnitude.add(half)]
        #expect(added == [true, true, false])
        #expect(magnitude.total == UInt(Int.max / 4) * 2 && magnitude.count == 2) // unchanged by the one refused
        let refund = MonthSummary(month: december, sums: [CategoryCode(0): MonthSummary.Sum(total: Yen(Int.min), count: 1)])
        var fresh = MonthSummary.Magnitude()
        let refundAdded = fresh.add(refund)
        #expect(!refundAdded)
        #expect(StoreError.tooLarge(path: "/s/2024-12.json").message(in: .en).hasPrefix("/s/2024-12.json: its totals are too large"))
    }

    @Test func aSummaryNeverMakesABadMonthReadable() throws {
        try add(items)
        let file = try #require(read(store.path(december)))
        try write(Array(file.dropLast(10)), store.path(december))
        #expect(throws: StoreError.self) { try store.summaries(inYear: 2024) }
        #expect(throws: StoreError.self) { try store.items(in: december) }
    }

    @Test func aSummaryThatCantBeWrittenDoesNotFailTheWrite() throws {
        try add(items)
        // `.summary` is a file, so no summary can be written: the items are still recorded, and the year still right.
        try FileManager.default.removeItem(atPath: store.root + "/.summary")
        try write(Array("not a directory".utf8), store.root + "/.summary")
        try add([item("卵", 250, "2024-12-20", 0, 0)])
        try add([item("パン", 150, "2024-10-20", 0, 0), item("米", 2000, "2024-09-20", 0, 0)])
        #expect(try store.items(in: december).count == 4)
        #expect(try store.items(in: YearMonth(year: 2024, month: 9)!).count == 1)
        #expect(try store.summaries(inYear: 2024) == expected())
    }

    @Test func emptyingAMonthRemovesItsSummary() throws {
        try add(items)
        try store.write { transaction in try transaction.setItems([], in: december) }
        #expect(read(store.path(december)) == nil)
        #expect(read(store.summaryPath(december)) == nil)
        try store.write { transaction in
            try transaction.setItems([], in: november)
            try transaction.setItems([item("卵", 250, "2024-10-20")], in: YearMonth(year: 2024, month: 10)!)
        }
        #expect(read(store.summaryPath(november)) == nil)
        #expect(try storedSummary(YearMonth(year: 2024, month: 10)!) != nil)
    }

    @Test func anInterruptedCommitRollsItsSummariesForward() throws {
        try add([item("old", 1, "2024-12-03", id: "o")])
        let january = YearMonth(year: 2025, month: 1)!
        let staged = [item("jan", 3, "2025-01-01", id: "j")]
        let month = MonthFileCodec.encode(staged, month: january)
        let summary = SummaryFileCodec.encode(MonthSummary(month: january, items: staged), source: Fingerprint(of: month))
        try FileManager.default.createDirectory(atPath: store.root + "/.tx", withIntermediateDirectories: true)
        try write(month, store.root + "/.tx/2025-01.json")
        try write(summary, store.root + "/.tx/2025-01.summary.json")
        try write(
            Array("put 2025-01.json\nput 2025-01.summary.json\ndelete 2024-12.json\ndelete 2024-12.summary.json\n".utf8), store.root + "/.tx/COMMIT")
        #expect(try store.summaries(inYear: 2025)[january] == MonthSummary(month: january, items: staged))
        #expect(read(store.summaryPath(january)) == summary)
        #expect(read(store.summaryPath(december)) == nil)
        #expect(read(store.path(december)) == nil)
    }

    @Test func aStoreWithoutSummariesStillAnswers() throws {
        // Written by a kakeibo that predates summaries: schema 1 month files and nothing else.
        try FileManager.default.createDirectory(atPath: store.root, withIntermediateDirectories: true)
        try write(
            Array(
                #"{"schema":1,"month":"2024-12","items":[{"id":"a","date":"2024-12-03","name":"牛乳","price":198,"category":0,"subcategory":0,"sync":"synced","added":"2024-12-03T09:15:00.000Z"}]}"#
                    .utf8), store.path(december))
        #expect(try store.summaries(inYear: 2024)[december]?.sums == [CategoryCode(0, 0): MonthSummary.Sum(total: Yen(198), count: 1)])
        #expect(try store.summaries(inYear: 2024)[november] == MonthSummary(month: november))
    }
}

@Suite struct SummaryValueTests {
    @Test func fingerprintIsXXH64ForShortInputsAndSeesEveryByte() {
        // Published XXH64 (seed 0) values.
        #expect(Fingerprint(of: []).hash == 0xEF46_DB37_51D8_E999)
        #expect(Fingerprint(of: Array("a".utf8)).hash == 0xD24E_C4F1_A98C_6E5B)
        #expect(Fingerprint(of: Array("abc".utf8)).hash == 0x44BC_2CF5_AD77_0999)
        #expect(Fingerprint(of: Array("0123456789abcdef0123456789abcde".utf8)).hash == 0x1FDF_C63F_EBAC_FDE7)
        // From 32 bytes on XXH64 runs four lanes and this doesn't, so files call it "hash", not "xxh64".
        #expect(Fingerprint(of: Array("0123456789abcdef0123456789abcdef0123".utf8)).hash != 0xC425_5BA3_D1AF_5461)
        let month = MonthFileCodec.encode([item("牛乳", 198, "2024-12-03")], month: december)
        var changed = month
        changed[month.count / 2] ^= 1
        #expect(Fingerprint(of: month) != Fingerprint(of: changed))
        #expect(Fingerprint(of: month).hex.utf8.count == 16)
    }

    @Test func roundTrips() {
        let summary = MonthSummary(
            month: december,
            sums: [
                CategoryCode(0, 1): MonthSummary.Sum(total: Yen(-5), count: 2),
                CategoryCode(7): MonthSummary.Sum(total: Yen(9_999_999_999), count: 1),
            ])
        let source = Fingerprint(byteCount: 1234, hash: 0x0123_4567_89AB_CDEF)
        let decoded = SummaryFileCodec.decode(SummaryFileCodec.encode(summary, source: source), month: december)
        #expect(decoded?.summary == summary)
        #expect(decoded?.source == source)
        #expect(SummaryFileCodec.decode(SummaryFileCodec.encode(summary, source: source), month: YearMonth(year: 2024, month: 11)!) == nil)
    }

    @Test func daysRoundTripAndMustAddUpToExactlyTheMonth() {
        typealias Sum = MonthSummary.Sum
        let summary = MonthSummary(
            month: december, sums: [CategoryCode(0, 1): Sum(total: Yen(-5), count: 2), CategoryCode(7): Sum(total: Yen(300), count: 1)])
        let days = DaySums(days: [3: [CategoryCode(0, 1): Sum(total: Yen(-5), count: 2)], 31: [CategoryCode(7): Sum(total: Yen(300), count: 1)]])
        let source = Fingerprint(byteCount: 1234, hash: 0x0123_4567_89AB_CDEF)
        let bytes = SummaryFileCodec.encode(summary, source: source, days: days)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("{\"schema\":3,") && text.contains("\"days\":[\n[3,0,1,-5,2],\n[31,7,null,300,1]\n]}"))
        let decoded = SummaryFileCodec.decodeWithDays(bytes, month: december)
        #expect(decoded?.summary == summary && decoded?.source == source && decoded?.days == days)
        #expect(SummaryFileCodec.decode(bytes, month: december)?.summary == summary)
        // Schema 2 has no days: its month's sums still read, its days not.
        let schemaTwo = SummaryFileCodec.encode(summary, source: source)
        #expect(SummaryFileCodec.decode(schemaTwo, month: december)?.summary == summary)
        #expect(SummaryFileCodec.decodeWithDays(schemaTwo, month: december) == nil)
        // Days that are not exactly the month's are not days.
        let wrong = [
            DaySums(days: [3: [CategoryCode(0, 1): Sum(total: Yen(-5), count: 2)]]),
            DaySums(days: [3: [CategoryCode(0, 1): Sum(total: Yen(-4), count: 2)], 31: [CategoryCode(7): Sum(total: Yen(300), count: 1)]]),
            DaySums(days: [3: [CategoryCode(0, 1): Sum(total: Yen(-5), count: 2)], 32: [CategoryCode(7): Sum(total: Yen(300), count: 1)]]),
            DaySums(days: [
                3: [CategoryCode(0, 1): Sum(total: Yen(-5), count: Int.max)], 4: [CategoryCode(0, 1): Sum(total: Yen(0), count: Int.max)],
                31: [CategoryCode(7): Sum(total: Yen(300), count: 1)],
            ]),
        ]
        for forged in wrong {
            #expect(SummaryFileCodec.decodeWithDays(SummaryFileCodec.encode(summary, source: source, days: forged), month: december) == nil)
        }
        let broken = [
            text.replacingOccurrences(of: "{\"schema\":3,", with: "{\"schema\":2,"), // schema 2 with days
            String(decoding: schemaTwo, as: UTF8.self).replacingOccurrences(of: "{\"schema\":2,", with: "{\"schema\":3,"), // schema 3 without
            text.replacingOccurrences(of: "[31,7,null,300,1]", with: "[31,7,null,300,1,0]"), // a sixth value
            text.replacingOccurrences(of: "[31,7,null,300,1]", with: "[31,7,\"x\",300,1]"), // a string
            text.replacingOccurrences(of: "[31,7,null,300,1]", with: "[31,7,null,300,1]]"), // brackets that don't pair
        ]
        for text in broken {
            #expect(SummaryFileCodec.decodeWithDays(Array(text.utf8), month: december) == nil, "\(text)")
        }
        #expect(SummaryFileCodec.decode(Array(broken[0].utf8), month: december) == nil)
        #expect(SummaryFileCodec.decode(Array(broken[1].utf8), month: december) == nil)
        #expect(SummaryFileCodec.decode(Array(broken[3].utf8), month: december) == nil, "days are skipped, but only numbers")
        #expect(SummaryFileCodec.decode(Array(broken[4].utf8), month: december) == nil)
    }

    @Test func aSchemaOneSummaryWhoseHashWasCalledXXH64IsStillRead() {
        let summary = MonthSummary(month: december, sums: [CategoryCode(0, 1): MonthSummary.Sum(total: Yen(198), count: 1)])
        let source = Fingerprint(byteCount: 745, hash: 0x0123_4567_89AB_CDEF)
        let written = String(decoding: SummaryFileCodec.encode(summary, source: source), as: UTF8.self)
        #expect(written.hasPrefix("{\"schema\":2,") && written.contains("\"hash\":\"0123456789abcdef\"") && !written.contains("xxh64"))
        let schemaOne = written.replacingOccurrences(of: "{\"schema\":2,", with: "{\"schema\":1,")
            .replacingOccurrences(of: "\"hash\":", with: "\"xxh64\":")
        let decoded = SummaryFileCodec.decode(Array(schemaOne.utf8), month: december)
        #expect(decoded?.summary == summary)
        #expect(decoded?.source == source)
        let mixed = written.replacingOccurrences(of: "{\"schema\":2,", with: "{\"schema\":1,")
        #expect(SummaryFileCodec.decode(Array(mixed.utf8), month: december) == nil, "schema 1 with schema 2's key")
    }

    @Test func aYearFromSummariesCountsRefundsUnknownCodesAndNone() {
        let summaries = [
            december: MonthSummary(
                month: december,
                items: [
                    item("牛乳", 198, "2024-12-03", 0, 0), item("電車", 220, "2024-12-30", 1, 1), item("返品", -500, "2024-12-04", 1, nil),
                    item("去年", 999, "2023-12-04", 0, 0), // not December's: not counted
                ]),
            YearMonth(year: 2024, month: 3)!: MonthSummary(
                month: YearMonth(year: 2024, month: 3)!, items: [item("弁当", 500, "2024-03-02", 0), item("謎", 10, "2024-03-02", 7, 2)]),
        ]
        let all = YearReport(year: 2024, summaries: summaries, filter: nil, taxonomy: .standard)
        #expect(all.total == Yen(428))
        #expect(all.count == 5)
        #expect(all.breakdown.map(\.category) == [0, 1, 7])
        #expect(all.breakdown.map(\.total) == [Yen(698), Yen(-280), Yen(10)])
        #expect(all.breakdown.map(\.share) == [698.0 / 708.0, 0, 10.0 / 708.0])
        #expect(all.months[11].total == Yen(-82))
        #expect(all.months[11].count == 3)
        let refunds = YearReport(year: 2024, summaries: summaries, filter: CategoryFilter(category: 1, subcategory: .some(nil)), taxonomy: .standard)
        #expect(refunds.total == Yen(-500))
        #expect(refunds.breakdown == [BreakdownRow(category: 1, subcategory: nil, total: Yen(-500), count: 1, share: 0)])
        let unknown = YearReport(year: 2024, summaries: summaries, filter: CategoryFilter(category: 7, subcategory: 2), taxonomy: .standard)
        #expect(unknown.months.map(\.total.amount) == [0, 0, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    }
}
