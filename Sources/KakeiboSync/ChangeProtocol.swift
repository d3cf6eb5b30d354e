import KakeiboKit

/// What `capabilities` said: the server speaks the change protocol, for this household.
public struct Capabilities: Sendable, Equatable {
    public var household: String?
    /// `ok`, `wrong`, `missing` or `not_configured`.
    public var token: String
    public var revision: Int?
}

/// An answer to `since`.
public struct SinceAnswer: Sendable, Equatable {
    public var rows: [ServerRow]
    public var revision: Int
    public var through: Int
    public var more: Bool
    /// Rows that can't be understood (set aside), with the reason.
    public var setAside: [SetAsideRow]
    /// When a household setting last changed on the server; nil from a script that keeps no settings.
    public var settingsRevision: Int? = nil
}

/// The household server's change protocol (docs/sync-protocol.md) over the client's transport: every request a POST
/// of a JSON object carrying the token in its body (never in the URL, never in a header: the script sees neither).
public struct ChangeClient: Sendable {
    public let client: HouseholdClient
    let token: String?

    public init(client: HouseholdClient, token: String?) {
        self.client = client
        self.token = token
    }

    /// Asks whether the endpoint speaks the change protocol (`GET ?op=capabilities`, no token). Nil for anything but
    /// the household server's answer (a plain app server, an HTML page, no answer at all): the caller falls back to
    /// the app's protocol, whose own requests then report what is wrong.
    public func capabilities() async -> Capabilities? {
        let request = HTTPRequest(method: .get, query: [.init(name: "op", value: "capabilities")], body: nil)
        guard let response = try? await client.transport.send(request), response.status == 200,
            let answer = try? ChangeClient.envelope(response), answer["operations"]?.arrayValue?.contains(.string("changes")) == true
        else { return nil }
        return Capabilities(
            household: answer["household"]?.stringValue, token: answer["token"]?.stringValue ?? "missing", revision: answer["revision"]?.intValue)
    }

    /// The most rows one `since` takes in, over all its pages: ten years of a household are some 40,000.
    public static let maximumRows = 500_000

    /// Every row changed after `revision` (tombstones included), following `more` until the answer is complete.
    public func since(_ revision: Int) async throws(ChangeProtocolError) -> SinceAnswer {
        var all = SinceAnswer(rows: [], revision: 0, through: revision, more: true, setAside: [])
        while all.more {
            let answer = try await post("since", [("revision", .integer(all.through))])
            try add(answer, to: &all, op: "since")
        }
        return all
    }

    /// Adds a page of `since` (an answer to it, or what a `changes` answer carried) to what came before it.
    func add(_ page: JSONValue, to all: inout SinceAnswer, op: String) throws(ChangeProtocolError) {
        guard let current = page["revision"]?.intValue, let through = page["through"]?.intValue, let changes = page["changes"]?.arrayValue
        else { throw .malformed(op: op, host: client.host) }
        let (rows, setAside) = ChangeClient.rows(changes)
        guard all.rows.count + rows.count <= ChangeClient.maximumRows else {
            throw .tooManyRows(host: client.host, limit: ChangeClient.maximumRows)
        }
        all.rows += rows
        all.setAside += setAside
        all.revision = current
        all.more = page["more"] == .bool(true) && through > all.through
        all.through = through
        all.settingsRevision = page["settingsRevision"]?.intValue
    }

    /// The current rows of a year, or of one month (`op: pull`): one request.
    public func pull(year: Int, month: Int?) async throws(ChangeProtocolError) -> (rows: [ServerRow], setAside: [SetAsideRow]) {
        var fields: [(String, JSONValue)] = [("year", .integer(year))]
        if let month { fields.append(("month", .integer(month))) }
        let answer = try await post("pull", fields)
        guard let rows = answer["rows"]?.arrayValue else { throw .malformed(op: "pull", host: client.host) }
        return ChangeClient.rows(rows)
    }

    /// How many changes the server takes in one request, and how many of them may be updates and deletes: 500 of any
    /// kind until an answer says (what every script takes), then what it says, up to `largest`.
    public struct Limits: Sendable, Equatable {
        public var changes = 500
        public var rewrites = 500
        public static let largest = 2000

        public init() {}

        /// The limits an answer states, within 1…`largest`; nil when it states none (a script before 1.1.0).
        init?(_ answer: JSONValue?) {
            guard let most = answer?["changesPerRequest"]?.intValue else { return nil }
            changes = min(max(most, 1), Limits.largest)
            rewrites = min(max(answer?["rewritesPerRequest"]?.intValue ?? changes, 1), changes)
        }

        /// Where the request that starts at `start` ends: as many changes as the limits allow.
        public func end(of changes: [OutgoingChange], from start: Int) -> Int {
            var end = start
            var rewrites = 0
            while end < changes.count && end - start < self.changes {
                if changes[end].kind != .create {
                    if rewrites == self.rewrites { break }
                    rewrites += 1
                }
                end += 1
            }
            return end
        }
    }

    /// What one `changes` request brought back: the server's result for each change; when `since` was asked and the
    /// server answers it, what the other members changed after that revision (nil from an older script); and the
    /// limits the next request must keep (nil: the older script's 500).
    public struct Sent: Sendable {
        public var results: [ChangeResult] = []
        public var since: SinceAnswer?
        public var limits: Limits?
    }

    /// Sends changes in one request (at most what `Limits` allows); returns the server's result for each. With
    /// `since`, the answer also brings what others changed after that revision, without this request's own rows, so
    /// that no `since` needs asking apart (and this store's own changes never come back).
    public func send(_ batch: [OutgoingChange], since: Int? = nil) async throws(ChangeProtocolError) -> Sent {
        var sent = Sent()
        var fields: [(String, JSONValue)] = [("changes", .array(batch.map(ChangeClient.json)))]
        if let since { fields.append(("since", .integer(since))) }
        let answer = try await post("changes", fields)
        guard let list = answer["results"]?.arrayValue, list.count == batch.count else {
            throw .malformed(op: "changes", host: client.host)
        }
        if let since, let page = answer["since"] {
            var carried = SinceAnswer(rows: [], revision: 0, through: since, more: true, setAside: [])
            try add(page, to: &carried, op: "changes")
            sent.since = carried
        }
        sent.limits = Limits(answer["limits"])
        for entry in list {
            guard let changeID = entry["changeId"]?.stringValue, let status = entry["status"]?.stringValue.flatMap(ChangeResult.Status.init)
            else { throw .malformed(op: "changes", host: client.host) }
            let row = entry["row"].flatMap { ChangeClient.rows([$0]).rows.first }
            sent.results.append(
                ChangeResult(
                    changeID: changeID, status: status, row: row, code: entry["error"]?["code"]?.stringValue,
                    message: entry["error"]?["message"]?.stringValue.map { String($0.prefix(300)) }))
        }
        return sent
    }

    /// The most settings one answer may hold, and the longest value (a spreadsheet cell holds 50,000 characters).
    public static let maximumSettings = 50
    public static let maximumSettingCharacters = 50_000

    /// Sends the household settings changed here and answers every setting the server holds (`op: settings`), in one
    /// request. Nil when the server's script is older and has no such op.
    public func settings(_ changes: [SettingChange]) async throws(ChangeProtocolError) -> SettingsAnswer? {
        let list: [JSONValue] = changes.map {
            .object([("key", .string($0.setting.rawValue)), ("base", .integer($0.base)), ("value", .string($0.value))])
        }
        let answer: JSONValue
        do {
            answer = try await post("settings", [("changes", .array(list))])
        } catch .refused(code: "bad_request", let message) where message.hasPrefix("unknown op") {
            return nil
        }
        guard let results = answer["results"]?.arrayValue, let held = answer["settings"]?.arrayValue, results.count == changes.count,
            held.count <= ChangeClient.maximumSettings
        else { throw .malformed(op: "settings", host: client.host) }
        var settings: [String: SyncedSetting] = [:]
        for entry in held {
            guard let key = entry["key"]?.stringValue, let revision = entry["revision"]?.intValue, let value = entry["value"]?.stringValue,
                value.count <= ChangeClient.maximumSettingCharacters
            else { throw .malformed(op: "settings", host: client.host) }
            settings[key] = SyncedSetting(revision: revision, value: value)
        }
        var parsed: [SettingsAnswer.Result] = []
        for entry in results {
            guard let key = entry["key"]?.stringValue, let status = entry["status"]?.stringValue.flatMap(ChangeResult.Status.init),
                let revision = entry["revision"]?.intValue
            else { throw .malformed(op: "settings", host: client.host) }
            parsed.append(SettingsAnswer.Result(key: key, status: status, revision: revision))
        }
        return SettingsAnswer(results: parsed, settings: settings)
    }

    // MARK: Wire

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
            // So do a merge and a transfer: an update without them (from a kakeibo before accounts) keeps the row's.
            if change.kind == .update, case .object(let members) = value {
                let missing: [(String, JSONValue)] = [("transfer", .null), ("merged", .null), ("apart", .bool(false))]
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

    private func post(_ op: String, _ fields: [(String, JSONValue)]) async throws(ChangeProtocolError) -> JSONValue {
        var members: [(String, JSONValue)] = [("protocol", .integer(1)), ("op", .string(op))]
        if let token { members.append(("token", .string(token))) }
        var writer = JSONWriter()
        JSONValue.object(members + fields).write(to: &writer)
        let request = HTTPRequest(method: .post, query: [], body: writer.bytes)
        let response: HTTPResponse
        do throws(ServerProblem) {
            response = try await client.transport.send(request)
            if (300..<400).contains(response.status) { throw ServerProblem.redirect(status: response.status, location: response.location) }
            guard response.status == 200 else { throw ServerProblem.status(response.status) }
            if HouseholdAPI.isHTML(response) { throw ServerProblem.htmlPage(title: HouseholdAPI.title(response.body)) }
        } catch {
            throw .exchange(op: op, host: client.host, error)
        }
        do { return try ChangeClient.envelope(response) } catch let error as ChangeProtocolError {
            throw error
        } catch {
            throw .malformed(op: op, host: client.host)
        }
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

/// An exchange of the change protocol that failed: exit 1, nothing written here (or, `afterProgress`, only what the
/// exchanges before it answered).
public enum ChangeProtocolError: KakeiboFailure, Equatable {
    case exchange(op: String, host: String, ServerProblem)
    case malformed(op: String, host: String)
    case notTheService
    case refused(code: String, message: String)
    /// `since` kept listing rows past what any household holds.
    case tooManyRows(host: String, limit: Int)
    /// An exchange failed after others were answered and recorded here (changes sent, rows received), or after
    /// changes were sent whose answer did not come (`awaiting`: kept with their ids for the next sync).
    indirect case afterProgress(ChangeProtocolError, sent: Int, received: Int, awaiting: Int)

    public var kind: FailureKind { .runtime }

    public func message(in language: Language) -> String {
        let unchanged = language.pick("; nothing changed here", "。ここでは何も変更していません")
        guard case .afterProgress(let failure, let sent, let received, let awaiting) = self else { return problem(in: language) + unchanged }
        var text = failure.problem(in: language)
        if sent + received > 0 {
            text += language.pick(
                "; what came before it is recorded here (\(ChangeProtocolError.changes(sent)) sent, \(Labels.count(received, .en)) received)",
                "。それまでの分（送信 \(sent) 件・受信 \(received) 件）はここに記録しました")
        }
        if awaiting > 0 {
            text += language.pick(
                "; the server may have applied the \(ChangeProtocolError.changes(awaiting)) whose answer did not come: they are kept here with their ids, and the next sync sends them again for the server to apply once",
                "。応答のなかった \(awaiting) 件の変更はサーバーが反映した可能性があります。ID とともにここに残したので、次の sync で送り直し、サーバーは一度だけ反映します")
        }
        return text
    }

    private static func changes(_ count: Int) -> String { count == 1 ? "1 change" : "\(Yen(count).grouped) changes" }

    /// Whether the server surely never received the request that failed (see `ServerProblem.surelyNotReceived`); a
    /// refusal, or an answer from something that is not the household server, means it wrote nothing.
    public var surelyNotReceived: Bool {
        switch self {
        case .exchange(_, _, let problem): return problem.surelyNotReceived
        case .refused, .notTheService: return true
        case .malformed, .tooManyRows, .afterProgress: return false
        }
    }

    /// What went wrong, without what it left here.
    private func problem(in language: Language) -> String {
        switch self {
        case .afterProgress(let failure, _, _, _):
            return failure.problem(in: language)
        case .exchange(let op, let host, let problem):
            return language.pick("\(op) with \(host) failed: ", "\(host) との \(op) に失敗しました: ") + problem.message(in: language)
        case .malformed(let op, let host):
            return language.pick(
                "\(host) answered \(op) with something that is not the household server's answer (truncated?)",
                "\(host) の \(op) への応答が家計簿サーバーの形式ではありません（途中で切れた？）")
        case .notTheService:
            return language.pick(
                "the answer is not from the household server (no \"service\": is the endpoint right?)", "応答が家計簿サーバーからではありません（エンドポイントを確認してください）")
        case .tooManyRows(let host, let limit):
            return language.pick(
                "\(host) listed more than \(limit) changed rows, more than any household's history: not read",
                "\(host) が \(limit) 行を超える変更を返しました（家計簿の履歴としては多すぎます）。読み込んでいません")
        case .refused(let code, let message):
            let hint: String
            switch code {
            case "bad_token": hint = language.pick(" (check 'kakeibo config set token')", "（'kakeibo config set token' を確認してください）")
            case "not_configured": hint = language.pick(" (run setup in the Apps Script editor)", "（Apps Script エディタで setup を実行してください）")
            case "busy": hint = language.pick(" (retry later; nothing was written)", "（後でやり直してください。何も書き込まれていません）")
            default: hint = ""
            }
            return language.pick("the household server refused: ", "家計簿サーバーが拒否しました: ") + "\(code): \(terminalSafe(String(message.prefix(200))))"
                + hint
        }
    }
}
