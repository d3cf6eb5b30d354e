import Testing

@testable import KakeiboValues

/// What a transit card's record is to the ledger (its kind, by process type), and the station table that names where.
@Suite struct StationTableTests {
    /// What each kind of record is to the ledger, by process type, the cash bit and the on-board terminal.
    @Test func processTypesMakeTheKindsTheTablesAgreeOn() {
        let cases: [(UInt8, UInt8, TransitKind)] = [
            (0x16, 0x01, .fare), (0x03, 0x04, .fare), (0x03, 0x84, .fare), (0x23, 0x13, .fare), (0x05, 0x0F, .bus), (0x05, 0x0D, .bus),
            (0x05, 0x1F, .charge), (0x08, 0x02, .charge), (0x16, 0x14, .charge), (0x1F, 0x02, .charge), (0xC7, 0x49, .charge),
            (0xC7, 0x46, .purchase), (0xC8, 0x46, .purchase), (0xC7, 0xC6, .purchase), (0xC7, 0x4A, .purchase), (0xC7, 0xCB, .purchase),
            (0x07, 0x07, .balanceOnly), (0x18, 0x11, .balanceOnly), (0x19, 0x08, .refund), (0x16, 0x7E, .unknown),
        ]
        for (terminal, process, kind) in cases {
            #expect(TransitKind(process: process, terminal: terminal) == kind, "terminal \(terminal) process \(process)")
        }
    }

    /// The six stations the app names, by the area byte the app ignores: 157-001 is 阪急 大阪梅田 only in Kansai.
    @Test func theStationTableNamesTheAppsStationsByArea() {
        let named: [(Int, Int, Int, String)] = [
            (0, 1, 204, "京都"), (0, 1, 216, "高槻"), (0, 1, 230, "新大阪"), (0, 1, 232, "大阪"), (2, 157, 1, "大阪梅田"), (2, 159, 29, "高槻市"),
            (0, 157, 1, "浅草"), (1, 129, 66, "栄"), (0, 129, 66, "西羽生"), (0, 37, 10, "新宿"),
        ]
        for (area, line, station, name) in named {
            #expect(StationTable.station(StationCode(area: area, line: line, station: station))?.name == name, "\(area) \(line)-\(station)")
        }
        #expect(StationTable.station(StationCode(area: 0, line: 1, station: 222)) == nil, "a code no table has is shown as its code")
        #expect(StationTable.station(StationCode(area: 2, line: 157, station: 1))?.company == "阪急電鉄")
        #expect(StationTable.count == 6423)
    }

    /// Every row says where it comes from (docs/ic-card.md#stations), and no code is there twice.
    @Test func everyStationRowHasItsSource() {
        let rows = StationTable.rows.split(separator: "\n")
        #expect(rows.count == StationTable.count)
        for row in rows {
            let fields = row.split(separator: "|", omittingEmptySubsequences: false)
            #expect(fields.count == 7 && ["s", "b", "y"].contains(String(fields[6])), "\(row)")
        }
    }

    @Test func aSharedGateShowsItsFirstName() {
        let station = Station(code: StationCode(area: 0, line: 128, station: 1), company: "連絡駅", line: "x", name: "北新地、梅田、東梅田", source: "s")
        #expect(station.shortName == "北新地" && station.isSharedGate)
    }
}
