import KakeiboStore
import KakeiboValues

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
    public func capabilities() -> Capabilities? {
        let request = HTTPRequest(method: .get, query: [.init(name: "op", value: "capabilities")], body: nil)
        guard let response = try? client.transport.send(request), response.status == 200,
            let answer = try? ChangeClient.envelope(response), answer["operations"]?.arrayValue?.contains(.string("changes")) == true
        else { return nil }
        return Capabilities(
            household: answer["household"]?.stringValue, token: answer["token"]?.stringValue ?? "missing", revision: answer["revision"]?.intValue)
    }

    /// The most rows one `since` takes in, over all its pages: ten years of a household are some 40,000.
    public static let maximumRows = 500_000

    /// Every row changed after `revision` (tombstones included), following `more` until the answer is complete.
    /// `skip`: revisions this store's own requests wrote, which the server leaves out (script 1.3.0 and later; an
    /// older one sends them, and they change nothing here).
    public func since(_ revision: Int, skip: [ClosedRange<Int>] = []) throws(ChangeProtocolError) -> SinceAnswer {
        var all = SinceAnswer(rows: [], revision: 0, through: revision, more: true, setAside: [])
        while all.more {
            var fields: [(String, JSONValue)] = [("revision", .integer(all.through))]
            if !skip.isEmpty { fields.append(("skip", ChangeClient.ranges(skip))) }
            let answer = try post("since", fields)
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

    /// The current rows of a year, or of one month (`op: pull`), and the server's counter: one request.
    public func pull(year: Int, month: Int?) throws(ChangeProtocolError) -> (rows: [ServerRow], setAside: [SetAsideRow], revision: Int) {
        var fields: [(String, JSONValue)] = [("year", .integer(year))]
        if let month { fields.append(("month", .integer(month))) }
        let answer = try post("pull", fields)
        guard let rows = answer["rows"]?.arrayValue, let revision = answer["revision"]?.intValue else {
            throw .malformed(op: "pull", host: client.host)
        }
        let read = ChangeClient.rows(rows)
        return (read.rows, read.setAside, revision)
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
    /// server answers it, what the other members changed after that revision (nil from an older script); the
    /// limits the next request must keep (nil: the older script's 500); and the revisions the request itself wrote
    /// (nil from a script before 1.3.0, which doesn't say).
    public struct Sent: Sendable {
        public var results: [ChangeResult] = []
        public var since: SinceAnswer?
        public var limits: Limits?
        public var wrote: ClosedRange<Int>?
    }

    /// Sends changes in one request (at most what `Limits` allows); returns the server's result for each. With
    /// `since`, the answer also brings what others changed after that revision, without this request's own rows, so
    /// that no `since` needs asking apart (and this store's own changes never come back).
    /// `skip`: as `since` takes it. `retried`: the change ids this store may have sent before (an answer lost): the
    /// server looks only those up among the changes it remembers (script 1.3.0), so a request of new changes reads
    /// none of them.
    public func send(
        _ batch: [OutgoingChange], since: Int? = nil, skip: [ClosedRange<Int>] = [], retried: Set<String> = []
    ) throws(ChangeProtocolError) -> Sent {
        var sent = Sent()
        var fields: [(String, JSONValue)] = [
            ("changes", .array(batch.map(ChangeClient.json))),
            ("retried", .array(batch.map(\.changeID).filter(retried.contains).map(JSONValue.string))),
        ]
        if let since {
            fields.append(("since", .integer(since)))
            if !skip.isEmpty { fields.append(("skip", ChangeClient.ranges(skip))) }
        }
        let answer = try post("changes", fields)
        guard let list = answer["results"]?.arrayValue, list.count == batch.count else {
            throw .malformed(op: "changes", host: client.host)
        }
        // The revisions after `start` up to the counter are this request's own writes.
        if let start = answer["start"]?.intValue, let revision = answer["revision"]?.intValue, start >= 0, start < revision {
            sent.wrote = (start + 1)...revision
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
    /// The most settings one request sends (the server's `MAX_SETTINGS`).
    public static let settingsPerRequest = 20

    /// Sends the household settings changed here and answers every setting the server holds (`op: settings`), in one
    /// request. Nil when the server's script is older and has no such op.
    public func settings(_ changes: [SettingChange]) throws(ChangeProtocolError) -> SettingsAnswer? {
        let list: [JSONValue] = changes.map {
            .object([("key", .string($0.setting.rawValue)), ("base", .integer($0.base)), ("value", .string($0.value))])
        }
        let answer: JSONValue
        do {
            answer = try post("settings", [("changes", .array(list))])
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

    private func post(_ op: String, _ fields: [(String, JSONValue)]) throws(ChangeProtocolError) -> JSONValue {
        var members: [(String, JSONValue)] = [("protocol", .integer(1)), ("op", .string(op))]
        if let token { members.append(("token", .string(token))) }
        var writer = JSONWriter()
        JSONValue.object(members + fields).write(to: &writer)
        let request = HTTPRequest(method: .post, query: [], body: writer.bytes)
        let response: HTTPResponse
        do throws(ServerProblem) {
            response = try client.transport.send(request)
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
}
