/// A station's names, as the station table holds them.
public struct Station: Hashable, Sendable {
    public var code: StationCode
    /// The railway that runs it ("西日本旅客鉄道"); "連絡駅" for a gate shared by several.
    public var company: String
    public var line: String
    public var name: String
    /// Where the row comes from (see StationData.swift): s, b or y.
    public var source: Character

    /// The name an item shows: a shared gate's names ("北新地、梅田、東梅田…") cut to the first.
    public var shortName: String { String(name.split(separator: "、").first ?? Substring(name)) }

    /// Whether the row names a gate several railways share rather than one railway's station.
    public var isSharedGate: Bool { company == "連絡駅" }
}

/// Station names by the codes a history record carries (area, line, station), for the areas of Tokyo, Nagoya and
/// Osaka: from public tables, each row with its source (StationData.swift, docs/ic-card.md#stations). The table is
/// read the first time a station is looked up, so a command that names none never pays for it.
public enum StationTable {
    /// The station with this code, or nil when the table doesn't know it (show its code).
    public static func station(_ code: StationCode) -> Station? { index[key(code)] }

    /// How many stations the table knows.
    public static var count: Int { index.count }

    private static func key(_ code: StationCode) -> Int { code.area << 16 | code.line << 8 | code.station }

    private static let index: [Int: Station] = {
        var index: [Int: Station] = [:]
        for row in rows.split(separator: "\n") {
            let fields = row.split(separator: "|", omittingEmptySubsequences: false)
            guard fields.count == 7, let area = Int(fields[0]), let line = Int(fields[1]), let number = Int(fields[2]),
                let source = fields[6].first
            else { continue }
            let code = StationCode(area: area, line: line, station: number)
            index[key(code)] = Station(code: code, company: String(fields[3]), line: String(fields[4]), name: String(fields[5]), source: source)
        }
        return index
    }()
}
