import Foundation
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboStore

func block(_ hex: String) -> [UInt8] { try! CardDump.hexBytes(hex.utf8[...], line: 0) }

/// A history block, decoded; the dump reader in every style the common tools print, and the station table.
@Suite struct TransitCardTests {
    /// A published real record (a Qiita article's OpenSC dump): a fare on 千代田線 at an exit gate, 2018-04-25.
    @Test func aPublishedRecordReadsAsItsAuthorReadIt() throws {
        let record = try #require(try TransitRecord(block("16 01 00 04 24 99 E3 59 E3 5E 71 0B 00 1B 08 00")))
        #expect(record.date == CalendarDate(year: 2018, month: 4, day: 25))
        #expect(record.kind == .fare)
        #expect(record.balance == 2929)
        #expect(record.sequence == 6920)
        #expect(record.entry == StationCode(area: 0, line: 227, station: 89) && record.exit.code == "227-094")
        #expect(StationTable.station(record.entry)?.name == "乃木坂")
        #expect(StationTable.station(record.exit)?.name == "代々木上原")
    }

    @Test func anUnusedBlockIsNoRecordAndAnImpossibleDateIsRefused() throws {
        #expect(try TransitRecord([UInt8](repeating: 0, count: 16)) == nil)
        #expect(throws: TransitRecordProblem.length(15)) { try TransitRecord([UInt8](repeating: 1, count: 15)) }
        #expect(throws: TransitRecordProblem.day(2025, 2, 30, 0x32, 0x5E)) { try TransitRecord(block("16010002325E01E801D8760E00042A00")) }
        #expect(throws: TransitRecordProblem.month(13, 0x33, 0xA3)) { try TransitRecord(block("16010002 33A39F1D9D01920B00042CA0")) }
        #expect(throws: TransitRecordProblem.month(0, 0x32, 0x05)) { try TransitRecord(block("1601000232050000000000000000000A")) }
    }

    // MARK: The dump reader

    /// One card's read in both styles the issue names (plain hex; an address and spaced bytes) gives the same records.
    @Test func bothDumpStylesReadTheSameRecords() throws {
        let plain = try cardDump("card-a-read1.plain.txt")
        let addressed = try cardDump("card-a-read1.addr.txt")
        #expect(plain.idm == nil)
        #expect(addressed.idm == "0114A1B2C3D4E5F6")
        #expect(plain.records.map(\.record) == addressed.records.map(\.record))
        #expect(plain.records.count == 20)
        #expect(plain.records.first?.record.sequence == 1070 && plain.records.last?.record.sequence == 1050)
        #expect(addressed.records.first?.line == 2, "the IDm header is line 1")
        let indexed = try cardDump("card-a-read2.index.txt")
        #expect(indexed.idm == "0114A1B2C3D4E5F6")
        #expect(indexed.records.map(\.record) == (try cardDump("card-a-read2.plain.txt")).records.map(\.record))
    }

    /// nfcpy's dump of the whole card: the history's blocks under its service header, the other services' (a
    /// folded run of records among them) left out and counted.
    @Test func nfcpysOtherServicesAreLeftOut() throws {
        let history = try String(decoding: cardFixture("tool-styles/card-b.nfcpy.txt"), as: UTF8.self)
        let other = """
                Random Service 2: write with key & read w/o key (0x0088 0x008B)
                 0000: 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 10 |................|
                 *     01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 10 |................|
                 0003: 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 10 |................|

            """
        let dump = try CardDump.read(Array((history + other).utf8))
        #expect(dump.records.map(\.record) == (try cardDump("card-b.addr.txt")).records.map(\.record))
        #expect(dump.otherServices == 2)
    }

    /// nfcpy's, libpafe's and felicalib's dumps of card B read as the plain one does: the same IDm, records and
    /// nine unused blocks (nfcpy folds them into a `*` line).
    @Test func theCommonToolsDumpsReadAlike() throws {
        let plain = try cardDump("card-b.addr.txt")
        #expect(plain.idm == "01010F123456789A")
        #expect(plain.records.count == 11 && plain.unused == 9)
        for name in ["tool-styles/card-b.nfcpy.txt", "tool-styles/card-b.libpafe.txt", "tool-styles/card-b.felicalib.txt"] {
            let dump = try cardDump(name)
            #expect(dump.idm == plain.idm, "\(name)")
            #expect(dump.records.map(\.record) == plain.records.map(\.record), "\(name)")
        }
    }

    /// Each malformed dump is refused whole, with its line (malformed.expected.json).
    @Test func aMalformedDumpIsRefusedWithItsLine() throws {
        let expected = try #require(try JSONSerialization.jsonObject(with: Data(try cardFixture("malformed.expected.json"))) as? [String: Any])
        let issues: [String: CardDumpProblem.Issue] = [
            "bad-15-bytes.txt": .length(15), "bad-hex-digit.txt": .hexDigit(UInt8(ascii: "G")),
            "bad-date.txt": .record(.day(2025, 2, 30, 0x32, 0x5E)), "bad-month-13.txt": .record(.month(13, 0x33, 0xA3)),
        ]
        for (name, issue) in issues {
            let line = try #require((expected[name] as? [String: Any])?["line"] as? Int)
            #expect(throws: CardDumpProblem(line: line, issue: issue), "\(name)") { try cardDump(name) }
        }
    }

    @Test func linesThatAreNoBlockAreRefused() {
        func problem(_ text: String) -> CardDumpProblem? {
            do {
                _ = try CardDump.read(Array(text.utf8))
                return nil
            } catch { return error }
        }
        let good = "16010002324501D801CC900800042E00"
        #expect(problem("# IDm: 0114A1B2C3D4E5F6\n\(good)\nhello\n") == CardDumpProblem(line: 3, issue: .hexDigit(UInt8(ascii: "h"))))
        #expect(problem("\(good)\n16 01 00 02 32 45 01 D8 01 CC 90 08 00 04 2E 0\n")?.issue == .halfByte)
        #expect(problem("IDm: 0114A1B2\n\(good)\n") == CardDumpProblem(line: 1, issue: .badIDm))
        #expect(
            problem("IDm: 0114A1B2C3D4E5F6\nIDm: 01010F123456789A\n\(good)\n")
                == CardDumpProblem(line: 2, issue: .secondCard("0114A1B2C3D4E5F6", line: 1)))
        #expect(problem("# only a comment\n")?.issue == .noBlocks)
        #expect(problem("\(good)\n16010002324501D801CC900800042F00\n") == nil, "a different record")
        // The same number and day with other bytes: two cards' dumps pasted together.
        #expect(problem("\(good)\n16010002324501D801CC910800042E00\n") == CardDumpProblem(line: 2, issue: .conflict(1070, line: 1)))
        #expect(problem("*     16 01 00 02 32 45 01 D8 01 CC 90 08 00 04 2E 00 |....|\n")?.issue == .foldedRecords)
    }

    /// A dump written oldest first is turned round; a block given twice (two reads pasted together) is kept once.
    @Test func aDumpIsReadNewestFirstAndEachBlockOnce() throws {
        let lines = try String(decoding: cardFixture("card-a-read1.plain.txt"), as: UTF8.self).split(separator: "\n")
        let reversed = try CardDump.read(Array(lines.reversed().joined(separator: "\n").utf8))
        #expect(reversed.records.map(\.record) == (try cardDump("card-a-read1.plain.txt")).records.map(\.record))
        let twice = try CardDump.read(Array((lines + lines.prefix(5)).joined(separator: "\n").utf8))
        #expect(twice.records.count == 20)
    }

    /// The sniffing `kakeibo import` finds a dump by: every committed dump, malformed ones included (their first
    /// line is good), and nothing of kakeibo's JSON or a CSV.
    @Test func aDumpIsFoundFromItsFileAndNothingElseIs() throws {
        for name in [
            "card-a-read1.plain.txt", "card-a-read1.addr.txt", "card-a-read2.index.txt", "card-b.addr.txt", "tool-styles/card-b.nfcpy.txt",
            "tool-styles/card-b.libpafe.txt", "tool-styles/card-b.felicalib.txt", "bad-15-bytes.txt", "bad-hex-digit.txt", "bad-date.txt",
        ] {
            #expect(CardDump.recognises(try cardFixture(name)), "\(name)")
        }
        for text in [
            "[{\"id\":\"a\",\"date\":\"20241203\",\"name\":\"x\",\"price\":1,\"category\":0}]", "[3]\n", "[]", "{}", "date,amount\n2024/12/03,100\n",
            "\u{FEFF}利用日,利用店名\n", "", "# a comment\n\n",
        ] {
            #expect(!CardDump.recognises(Array(text.utf8)), "\(text)")
        }
    }

    // MARK: The card file

    /// A fare after which the balance rose (or wrapped past ¥65,535) is no fare of −¥64,000: the read is refused,
    /// naming the record, and the card keeps nothing of it.
    @Test func aFareWhoseBalanceRoseIsRefusedNotStoredNegative() throws {
        let dump = try CardDump.read(
            Array("160100023183E359E35EE8FD00000300\n160100023182E359E35E200300000200\n160100023181E359E35EE80300000100\n".utf8))
        var card = CardHistory.Card(idm: nil, account: "Suica")
        #expect(throws: CardIdentityError.balanceRose(sequence: 3, date: CalendarDate(year: 2024, month: 12, day: 3)!, line: 1, by: 64_200)) {
            _ = try card.read(dump.records.map { ($0.line, $0.record) })
        }
        // The first two read alone: a fare of ¥200, and none negative.
        var fresh = CardHistory.Card(idm: nil, account: "Suica")
        let (readings, _) = try fresh.read(dump.records.dropFirst().map { ($0.line, $0.record) })
        #expect(readings.map(\.amount) == [nil, 200])
        #expect(fresh.entries.map(\.record.sequence) == [1, 2], "oldest first")
    }

    @Test func theCardFileRoundTripsAndRefusesWhatItCantRead() throws {
        let dump = try cardDump("card-b.addr.txt")
        var card = CardHistory.Card(idm: "01010F123456789A", account: "Suica")
        for (index, line) in dump.records.enumerated() { card.record(line.record, amount: index == 3 ? nil : index * 10 - 40) }
        let history = CardHistory(cards: [card, CardHistory.Card(idm: nil, account: "ICOCA")])
        let bytes = SettingsFile.icCards.encode(history)
        #expect(try SettingsFile.icCards.decode(bytes) == history)
        #expect(card.entries.first?.record.sequence == 1 && card.newest?.sequence == 11, "oldest first")
        for bad in [
            "[]", "{\"schema\":2,\"cards\":[]}", "{\"schema\":1,\"cards\":[{\"key\":\"k\",\"account\":\"a\",\"records\":[[\"00\",1]]}]}",
            "{\"schema\":1,\"cards\":[{\"key\":\"k\",\"account\":\"a\",\"records\":[],\"extra\":1}]}",
            "{\"schema\":1,\"cards\":[{\"key\":\"k\",\"account\":\"a\",\"records\":[]},{\"key\":\"k\",\"account\":\"b\",\"records\":[]}]}",
        ] {
            #expect(throws: SettingsFileProblem.self, "\(bad)") { try SettingsFile.icCards.decode(Array(bad.utf8)) }
        }
    }
}
