import Foundation
import KakeiboTestSupport
import KakeiboValues

@testable import KakeiboOperations
@testable import KakeiboStore

/// The household server's change protocol kept in memory, for the operations layer's tests: one counter, one row per
/// id, change ids remembered with their results, `since` (paged, `skip`), `pull`, `changes` (with `since` carried
/// and `start` stated), as docs/sync-protocol.md describes them. A test can act while a request is in flight
/// (`during`), make a request fail before or after the server applied it, and rewrite an answer.
final class ScriptedServer: HTTPTransport, @unchecked Sendable {
    struct Row {
        var revision: Int
        var deleted: Bool
        var item: WireItem
    }

    private(set) var rows: [String: Row] = [:]
    private(set) var revision = 0
    /// The household settings, by key: each value with its revision from the same counter (`settings`).
    private(set) var settings: [String: (revision: Int, value: String)] = [:]
    private var settingsRevision = 0
    private var remembered: [String: JSONValue] = [:]
    /// The body of each request (`capabilities` is a GET: its op only).
    private(set) var bodies: [JSONValue] = []
    /// The most rows one `since` page holds.
    var sinceLimit = 2000
    /// The changes a request may carry, as answers state it.
    var changesPerRequest = 2000
    /// Whether answers say the revisions a `changes` request wrote (`start`: script 1.3.0).
    var statesWrites = true
    /// Called as each request arrives, before it is applied (`op`: its op).
    /// Ids whose changes it refuses, as a server with a stricter limit than this client's would.
    var refusing: Set<String> = []
    var during: ((String) -> Void)?
    /// The next request of `op` fails with `problem`, before the server applied it (`applied` false) or after.
    var failNext: (op: String, problem: ServerProblem, applied: Bool)?
    /// Rewrites an answer before it is sent (a hostile server).
    var rewrite: ((String, JSONValue) -> JSONValue)?

    /// The ops asked, in order.
    var ops: [String] { bodies.map { $0["op"]?.stringValue ?? "?" } }

    /// Another member's change, written straight into the server: its revision.
    @discardableResult
    func write(_ item: WireItem, deleted: Bool = false) -> Int {
        revision += 1
        rows[item.id] = Row(revision: revision, deleted: deleted, item: item)
        return revision
    }

    func send(_ request: HTTPRequest) throws(ServerProblem) -> HTTPResponse {
        let body: JSONValue
        if request.method == .get {
            body = .object([("op", .string(request.query.first { $0.name == "op" }?.value ?? "month"))])
        } else {
            body = (try? JSONValue.parse(request.body ?? [])) ?? .null
        }
        bodies.append(body)
        let op = body["op"]?.stringValue ?? "?"
        during?(op)
        var failure: ServerProblem?
        if let fail = failNext, fail.op == op {
            failNext = nil
            guard fail.applied else { throw fail.problem }
            failure = fail.problem
        }
        var answer = ScriptedServer.ok([])
        switch op {
        case "capabilities":
            answer = ScriptedServer.ok([
                ("household", .string("h1")), ("token", .string("ok")), ("revision", .integer(revision)),
                ("operations", .array(["capabilities", "since", "pull", "changes", "settings"].map(JSONValue.string))),
            ])
        case "settings":
            answer = ScriptedServer.ok(settings(body))
        case "since":
            answer = ScriptedServer.ok(since(after: body["revision"]?.intValue ?? 0, skip: ScriptedServer.spans(body["skip"]), upTo: revision))
        case "pull":
            answer = ScriptedServer.ok(pull(year: body["year"]?.intValue ?? 0, month: body["month"]?.intValue))
        case "changes":
            answer = ScriptedServer.ok(changes(body))
        default:
            answer = .object([
                ("ok", .bool(false)), ("service", .string("kakeibo-household")),
                ("error", .object([("code", .string("bad_request")), ("message", .string("unknown op \"\(op)\""))])),
            ])
        }
        if let failure { throw failure }
        if let rewrite { answer = rewrite(op, answer) }
        var writer = JSONWriter()
        answer.write(to: &writer)
        return HTTPResponse(status: 200, contentType: "application/json", body: writer.bytes)
    }

    static func ok(_ fields: [(String, JSONValue)]) -> JSONValue {
        .object([("ok", .bool(true)), ("service", .string("kakeibo-household")), ("protocol", .integer(1))] + fields)
    }

    static func spans(_ value: JSONValue?) -> [ClosedRange<Int>] {
        (value?.arrayValue ?? []).compactMap { pair in
            guard let bounds = pair.arrayValue, bounds.count == 2, let low = bounds[0].intValue, let high = bounds[1].intValue else { return nil }
            return low...high
        }
    }

    static func json(_ row: Row) -> JSONValue {
        .object([("revision", .integer(row.revision)), ("deleted", .bool(row.deleted)), ("item", WireJSON.value(row.item))])
    }

    /// `since`'s answer: the rows after `after` up to `upTo`, less `skip`, oldest first, cut at `sinceLimit`;
    /// complete, it ends at the counter.
    func since(after: Int, skip: [ClosedRange<Int>], upTo: Int) -> [(String, JSONValue)] {
        var changed = rows.values.filter { row in row.revision > after && row.revision <= upTo && !skip.contains { $0.contains(row.revision) } }
        changed.sort { $0.revision < $1.revision }
        let more = changed.count > sinceLimit
        if more { changed = Array(changed.prefix(sinceLimit)) }
        return [
            ("revision", .integer(revision)), ("through", .integer(more ? changed.last?.revision ?? after : revision)), ("more", .bool(more)),
            ("changes", .array(changed.map(ScriptedServer.json))), ("settingsRevision", .integer(settingsRevision)),
        ]
    }

    func pull(year: Int, month: Int?) -> [(String, JSONValue)] {
        let held = rows.values.filter { row in
            !row.deleted && row.item.date.year == year && (month.map { row.item.date.month == $0 } ?? true)
        }
        return [("revision", .integer(revision)), ("rows", .array(held.sorted { $0.revision < $1.revision }.map(ScriptedServer.json)))]
    }

    func changes(_ body: JSONValue) -> [(String, JSONValue)] {
        let start = revision
        var results: [JSONValue] = []
        for change in body["changes"]?.arrayValue ?? [] {
            let changeID = change["changeId"]?.stringValue ?? ""
            if let earlier = remembered[changeID] {
                results.append(earlier)
                continue
            }
            let result = apply(change)
            if result["status"] != .string("rejected") { remembered[changeID] = result }
            results.append(result)
        }
        var fields: [(String, JSONValue)] = [
            ("revision", .integer(revision)), ("results", .array(results)),
            ("limits", .object([("changesPerRequest", .integer(changesPerRequest)), ("rewritesPerRequest", .integer(500))])),
        ]
        if statesWrites { fields.append(("start", .integer(start))) }
        if let after = body["since"]?.intValue {
            fields.append(("since", .object(since(after: after, skip: ScriptedServer.spans(body["skip"]), upTo: start))))
        }
        return fields
    }

    /// `settings`' answer, as server/Code.gs gives it: a value the server holds already is unchanged whatever its
    /// base; one based on another revision than the server's is a conflict; else it is stored at a new revision.
    func settings(_ body: JSONValue) -> [(String, JSONValue)] {
        var results: [JSONValue] = []
        for change in body["changes"]?.arrayValue ?? [] {
            let key = change["key"]?.stringValue ?? ""
            let value = change["value"]?.stringValue ?? ""
            let held = settings[key]
            let status: String
            if let held, held.value == value {
                status = "unchanged"
            } else if (held?.revision ?? 0) != change["base"]?.intValue {
                status = "conflict"
            } else {
                revision += 1
                settingsRevision = revision
                settings[key] = (revision, value)
                status = "applied"
            }
            results.append(.object([("key", .string(key)), ("status", .string(status)), ("revision", .integer(settings[key]?.revision ?? 0))]))
        }
        let held = settings.keys.sorted().map { key in
            JSONValue.object([
                ("key", .string(key)), ("revision", .integer(settings[key]?.revision ?? 0)), ("value", .string(settings[key]?.value ?? "")),
            ])
        }
        return [("revision", .integer(revision)), ("results", .array(results)), ("settings", .array(held))]
    }

    private func apply(_ change: JSONValue) -> JSONValue {
        let changeID = change["changeId"] ?? .null
        let kind = change["kind"]?.stringValue ?? ""
        let item = change["item"].flatMap(WireJSON.item)
        guard let id = kind == "delete" ? change["id"]?.stringValue : item?.id else {
            return ScriptedServer.result(changeID, "rejected", nil, code: "bad_change")
        }
        if refusing.contains(id) { return ScriptedServer.result(changeID, "rejected", nil, code: "bad_change") }
        let held = rows[id]
        func write(_ item: WireItem, deleted: Bool) -> JSONValue {
            self.write(item, deleted: deleted)
            return ScriptedServer.result(changeID, "applied", rows[id])
        }
        switch kind {
        case "create":
            guard let held else { return write(item!, deleted: false) }
            if !held.deleted && held.item == item { return ScriptedServer.result(changeID, "unchanged", held) }
            return ScriptedServer.result(changeID, "conflict", held, code: held.deleted ? "deleted" : "exists")
        case "update":
            guard let held else { return ScriptedServer.result(changeID, "conflict", nil, code: "not_found") }
            if held.deleted { return ScriptedServer.result(changeID, "conflict", held, code: "deleted") }
            if held.revision != change["base"]?.intValue { return ScriptedServer.result(changeID, "conflict", held, code: "stale") }
            if held.item == item { return ScriptedServer.result(changeID, "unchanged", held) }
            return write(item!, deleted: false)
        default:
            guard let held else { return ScriptedServer.result(changeID, "unchanged", nil) }
            if held.deleted { return ScriptedServer.result(changeID, "unchanged", held) }
            if held.revision != change["base"]?.intValue { return ScriptedServer.result(changeID, "conflict", held, code: "stale") }
            return write(held.item, deleted: true)
        }
    }

    static func result(_ changeID: JSONValue, _ status: String, _ row: Row?, code: String? = nil) -> JSONValue {
        var fields: [(String, JSONValue)] = [("changeId", changeID), ("status", .string(status)), ("row", row.map(json) ?? .null)]
        if let code { fields.append(("error", .object([("code", .string(code)), ("message", .string(code))]))) }
        return .object(fields)
    }
}

/// A member's store in a temporary directory, syncing with a scripted server.
struct Member {
    let root: String
    let server: ScriptedServer

    /// `directory`: where the store goes (the temporary directory unless said).
    init(_ server: ScriptedServer, in directory: String = FileManager.default.temporaryDirectory.path) {
        root = directory + "/kakeibo-member-\(UUID().uuidString)"
        self.server = server
    }

    var household: Household { Household(store: LedgerStore(root: root), now: Timestamp(milliseconds: 1_800_000_000_000)) }

    var connection: SyncConnection {
        SyncConnection(
            settings: SyncSettings(endpoint: try! Endpoint.parse("https://script.example/exec"), token: "t", timeout: 30), app: server,
            changes: server)
    }

    /// The endpoint's server as the sync commands get it.
    func remote() throws -> any SyncServer {
        try household.server(connection, settings: SharedSettingFiles(store: household.store, configDirectory: nil), progress: Quiet())
    }

    func sync() throws -> SyncReport { try remote().sync(period: nil, thisMonth: december) }

    /// The sync state's file as it stands (nil: none).
    func state() -> [UInt8]? { FileManager.default.contents(atPath: root + "/" + SyncJournal.fileName).map(Array.init) }

    func item(_ id: String) throws -> Item? { try household.store.find(id: id).first { $0.item.id == id }?.item }

    func clean() { try? FileManager.default.removeItem(atPath: root) }
}

struct Quiet: SyncProgress {
    func begin(_ phase: SyncPhase, steps: Int) {}
    func step() {}
    func end() {}
}

func milk(_ id: String, _ price: Int, _ date: String = "2024-12-03") -> WireItem {
    WireItem(id: id, date: try! CalendarDate.parseISO(date), name: "牛乳", price: Yen(price), category: CategoryCode(0, 1))
}
