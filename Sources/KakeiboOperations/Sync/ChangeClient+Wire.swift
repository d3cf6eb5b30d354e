import KakeiboStore
import KakeiboValues

/// The change protocol's JSON: what a request carries, and the rows and envelope of an answer.
extension ChangeClient {
    /// Revision ranges on the wire: `[[from, through], …]`, both included.
    static func ranges(_ ranges: [ClosedRange<Int>]) -> JSONValue {
        .array(ranges.map { .array([.integer($0.lowerBound), .integer($0.upperBound)]) })
    }

    /// A change as a `changes` request carries it.
    static func json(_ change: OutgoingChange) -> JSONValue {
        var fields: [(String, JSONValue)] = [("changeId", .string(change.changeID)), ("kind", .string(change.kind.rawValue))]
        if let base = change.base { fields.append(("base", .integer(base))) }
        fields.append(("id", .string(change.id)))
        if let item = change.item {
            var value = WireJSON.value(item)
            // An update says its tags even when there are none: the server keeps a row's tags only for an update
            // without the key, as a kakeibo from before tags sends (which would otherwise take them off).
            if change.kind == .update, case .object(let members) = value, !members.contains(where: { $0.0 == "tags" }) {
                value = .object(members + [("tags", .array([]))])
            }
            // So do a merge, a transfer and a purchase's legs: an update without them (from a kakeibo before accounts,
            // or before legs) keeps the row's.
            if change.kind == .update, case .object(let members) = value {
                let missing: [(String, JSONValue)] = [("transfer", .null), ("merged", .null), ("apart", .bool(false)), ("legs", .array([]))]
                value = .object(members + missing.filter { key, _ in !members.contains { $0.0 == key } })
            }
            fields.append(("item", value))
        }
        return .object(fields)
    }

    static func rows(_ values: [JSONValue]) -> (rows: [ServerRow], setAside: [SetAsideRow]) {
        var rows: [ServerRow] = []
        var setAside: [SetAsideRow] = []
        for value in values {
            // Liberally, as a month's answer is: a row typed into the sheet that only breaks kakeibo's input rules
            // (a long name, a long tag) is taken as the sheet has it, never set aside (and then pulled away).
            guard let itemValue = value["item"], let item = ServerRows.item(itemValue) else {
                setAside.append(unreadable(value["item"]))
                continue
            }
            rows.append(ServerRow(revision: value["revision"]?.intValue ?? 0, deleted: value["deleted"] == .bool(true), item: item))
        }
        return (rows, setAside)
    }

    /// Why a row can't be read, as a month's answer says it (the same reader, `ServerRows`), and the month its date
    /// names when it names one.
    static func unreadable(_ item: JSONValue?) -> SetAsideRow {
        var writer = JSONWriter()
        JSONValue.array([item ?? .null]).write(to: &writer)
        var row =
            (try? ServerRows.decode(writer.bytes))?.setAside.first
            ?? SetAsideRow(id: item?["id"]?.stringValue, reason: .unreadable(field: nil, .missing))
        if let date = item?["date"]?.stringValue {
            row.month = ((try? CalendarDate.parseCompact(date)) ?? (try? CalendarDate.parseISO(date)))?.yearMonth
        }
        return row
    }

    /// The answer object, checked to be the household server's; its error as a `ChangeProtocolError.refused`.
    static func envelope(_ response: HTTPResponse) throws -> JSONValue {
        let answer = try JSONValue.parse(response.body)
        guard answer["service"] == .string("kakeibo-household") else { throw ChangeProtocolError.notTheService }
        guard answer["ok"] == .bool(true) else {
            throw ChangeProtocolError.refused(
                code: answer["error"]?["code"]?.stringValue ?? "?", message: answer["error"]?["message"]?.stringValue ?? "")
        }
        return answer
    }
}
