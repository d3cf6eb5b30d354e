import Foundation
import Testing

/// pull, push and sync run as a user would: the real binaries against a real HTTP server on 127.0.0.1
/// (Support/household_server.py) that redirects every request, as the household service does, and fails on demand.
@Suite struct SyncTests {
    /// A sandbox whose endpoint is the server.
    func sandbox(_ server: HouseholdServer) throws -> Sandbox {
        let box = try Sandbox()
        box.environment["KAKEIBO_ENDPOINT"] = server.endpoint
        return box
    }

    func items(_ box: Sandbox, _ year: String = "2024", _ month: String = "12") throws -> [[String: Any]] {
        let json = try #require(try box.run("month", year, month, "--format", "json").json() as? [String: Any])
        return try #require(json["items"] as? [[String: Any]])
    }

    func summary(_ run: Run) throws -> [String: Any] {
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try run.json() as? [String: Any])
    }

    @Test func pullFollowsTheRedirectAndReplacesOnlyWhatCameFromTheServer() throws {
        let server = try HouseholdServer()
        try server.seed([
            "2024-12": [
                wire("s1", "20241201", "りんご", 300, sub: 0), wire("s2", "20241202", "電車", 220, category: 1, sub: ""),
                wire("s3", "20241203", "弁当", 500, sub: NSNull()), wire("s4", "2024-12-04", "牛乳", 198),
            ]
        ])
        let box = try sandbox(server)
        let mine = try box.add("コーヒー", 178, date: "2024-12-05")

        let pulled = try summary(try box.run("pull", "2024", "12", "--format", "json"))
        #expect(pulled["pulled"] as? Int == 4)
        #expect(pulled["pushed"] as? Int == 0)
        #expect(pulled["pending"] as? Int == 1)
        #expect(pulled["months"] as? [String] == ["2024-12"])
        var list = try items(box)
        #expect(Set(list.compactMap { $0["id"] as? String }) == ["s1", "s2", "s3", "s4", mine])
        #expect(list.first { $0["id"] as? String == mine }?["synced"] as? Bool == false)
        #expect(list.first { $0["id"] as? String == "s2" }?["subcategory"] is NSNull)
        #expect(list.filter { $0["synced"] as? Bool == true }.count == 4)

        // The protocol: month without a leading zero, a 302 to the other loopback name, Accept on every request.
        let requests = try server.requests()
        #expect(requests.map(\.method) == ["GET", "GET"])
        #expect(requests[0].path == "/exec" && requests[0].query == "year=2024&month=12")
        #expect(requests[1].path.hasPrefix("/answer/") && requests[1].host.hasPrefix("localhost:"))
        #expect(requests.allSatisfy { $0.accept == "application/json" })
        #expect(try server.probes() == 1) // a plain app server: asked once, then remembered for this endpoint

        // Pulling again changes nothing and asks nothing more than the month; after the server loses an item, the
        // next pull follows it, pending kept.
        let before = try box.snapshot()
        #expect(try box.run("pull", "2024", "12").status == 0)
        #expect(try box.snapshot() == before)
        #expect(try server.probes() == 1)
        try server.seed(["2024-12": [wire("s1", "20241201", "りんご", 350, sub: 0)]])
        let table = try box.run("pull", "2024", "12")
        #expect(table.stdout.contains("Pulled 1 item for December 2024"))
        list = try items(box)
        #expect(list.compactMap { $0["id"] as? String }.sorted() == [mine, "s1"].sorted())
        #expect(list.first { $0["id"] as? String == "s1" }?["price"] as? Int == 350)
    }

    /// What an endpoint speaks is remembered per endpoint (scheme, host, port and path) once a command with it
    /// succeeded: each spelling is asked once, a failed command remembers nothing, and a plain app server is asked
    /// again after a week.
    @Test func whatEachEndpointSpeaksIsRememberedApartAndOnlyAfterASuccess() throws {
        let server = try HouseholdServer()
        try server.seed(["2024-12": [wire("s1", "20241201", "りんご", 300, sub: 0)]])
        let box = try sandbox(server)
        let other = "http://localhost:\(server.port)/exec"
        #expect(try box.run("pull", "2024", "12").status == 0)
        #expect(try box.run("pull", "2024", "12").status == 0)
        #expect(try server.probes() == 1)

        // Another spelling, whose first command fails: nothing is written, so the next one asks again.
        try server.fail("status500")
        let before = try box.snapshot()
        let failed = try box.run("pull", "2024", "12", "--endpoint", other)
        #expect(failed.status == 1, "\(failed.stderr)")
        #expect(try box.snapshot() == before)
        #expect(try server.probes() == 2)
        for _ in 0..<2 { #expect(try box.run("pull", "2024", "12", "--endpoint", other).status == 0) }
        #expect(try box.run("pull", "2024", "12").status == 0)
        #expect(try server.probes() == 3)

        // A week on, each is asked once more.
        box.environment["KAKEIBO_NOW"] = "2024-12-23T09:00:00Z"
        for _ in 0..<2 { #expect(try box.run("pull", "2024", "12").status == 0) }
        #expect(try server.probes() == 4)
    }

    @Test func pullOfAYearFetchesTwelveMonthsAndFilesMisdatedItemsUnderTheirOwnMonth() throws {
        let server = try HouseholdServer()
        var sheets: [String: [[String: Any]]] = [:]
        for month in 1...12 {
            let key = String(format: "2024-%02d", month)
            sheets[key] = [wire("m\(month)", String(format: "2024%02d15", month), "品\(month)", 100 * month)]
        }
        sheets["2024-12"]?.append(wire("late", "20241130", "遅れ", 999, category: 1, sub: 2))
        try server.seed(sheets)
        let box = try sandbox(server)
        let run = try box.run("pull", "2024", "--format", "json")
        let pulled = try summary(run)
        #expect(pulled["pulled"] as? Int == 13)
        #expect((pulled["months"] as? [String])?.count == 12)
        #expect(run.stderr.contains("late (遅れ) came with 2024-12 but is dated 2024-11-30: filed under 2024-11"))
        let gets = try server.requests().filter { $0.path == "/exec" }.map(\.query)
        #expect(Set(gets) == Set((1...12).map { "year=2024&month=\($0)" }))
        let year = try #require(try box.run("year", "2024", "--format", "json").json() as? [String: Any])
        #expect(year["total"] as? Int == (1...12).map { 100 * $0 }.reduce(0, +) + 999)
        #expect(try items(box, "2024", "11").compactMap { $0["id"] as? String }.sorted() == ["late", "m11"])
    }

    @Test func addWorksOfflineThenPushRegistersEachItemOnceAndSyncPullsBack() throws {
        let box = try Sandbox() // no endpoint at all: add needs no network
        let coffee = try box.add("コーヒー", 178, date: "2024-12-03", category: "food/drink")
        let train = try box.add("電車", 220, date: "2024-11-30", category: "entertainment/traffic")
        let server = try HouseholdServer()
        box.environment["KAKEIBO_ENDPOINT"] = server.endpoint

        let pushed = try summary(try box.run("push", "--format", "json"))
        #expect(pushed["pushed"] as? Int == 2)
        #expect(pushed["pending"] as? Int == 0)
        #expect(try server.ids().sorted() == [coffee, train].sorted())
        #expect(try server.sheets()["2024-11"]?.first?["categorySub"] as? Int == 1)
        // The POST is redirected and the answer fetched with a GET, without the body.
        let requests = try server.requests()
        let post = try #require(requests.firstIndex { $0.method == "POST" })
        #expect(requests[post].path == "/exec" && requests[post].body?.contains(coffee) == true)
        #expect(requests[post + 1].method == "GET" && requests[post + 1].path.hasPrefix("/answer/"))
        #expect(requests[post + 1].body == nil)
        #expect(try items(box).allSatisfy { $0["synced"] as? Bool == true })

        let again = try box.run("push")
        #expect(again.stdout == "Nothing to push\n")
        #expect(try server.requests().filter { $0.method == "POST" }.count == 1)

        let bread = try box.add("パン", 250, date: "2024-12-15")
        try server.seed(["2024-12": (try server.sheets()["2024-12"] ?? []) + [wire("other", "20241210", "家族の分", 800)]])
        let synced = try summary(try box.run("sync", "--format", "json"))
        #expect(synced["pushed"] as? Int == 1)
        #expect(synced["pulled"] as? Int == 3)
        #expect(synced["pending"] as? Int == 0)
        #expect(Set(try items(box).compactMap { $0["id"] as? String }) == [coffee, bread, "other"])
        #expect(try server.ids().count == 4)
    }

    @Test(arguments: ["drop", "delay"])
    func aLostAnswerIsRetriedWithoutRegisteringTwice(_ how: String) throws {
        let server = try HouseholdServer()
        let box = try sandbox(server)
        let id = try box.add("コーヒー", 178, date: "2024-12-03")
        try server.fail(how, method: "POST")
        let before = try box.snapshot()

        let lost = try box.run("push", "--timeout", "1")
        #expect(lost.status == 1)
        #expect(lost.stderr.contains("cannot push 1 item to 127.0.0.1"))
        #expect(lost.stderr.contains(how == "drop" ? "the connection closed before the answer came" : "no answer within 1 s"))
        #expect(lost.stdout.isEmpty)
        #expect(try box.snapshot() == before)
        #expect(try server.ids() == [id]) // the server stored it; the answer was lost

        let retry = try summary(try box.run("push", "--format", "json"))
        #expect(retry["pushed"] as? Int == 1)
        #expect(try server.ids() == [id])
        #expect(try server.requests().filter { $0.method == "POST" }.count == 1)
        #expect(try items(box).first?["synced"] as? Bool == true)
    }

    /// A plain app server only appends: an item deleted here after a push whose answer was lost (the server may hold
    /// it) stays deleted here, and no pull brings it back.
    @Test func aDeleteAfterALostAnswerStaysDeleted() throws {
        let server = try HouseholdServer()
        let box = try sandbox(server)
        let id = try box.add("コーヒー", 178, date: "2024-12-03")
        let kept = try box.add("パン", 240, date: "2024-12-04")
        try server.fail("drop", method: "POST")
        #expect(try box.run("push", "--timeout", "1").status == 1)
        #expect(try server.ids().sorted() == [id, kept].sorted()) // the server stored them; the answer was lost

        let deleted = try box.run("delete", id)
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(deleted.stdout.hasPrefix("Deleted"))
        #expect(try box.run("sync", "2024", "12").status == 0)
        #expect(try box.run("pull", "2024", "12").status == 0)
        #expect(try items(box).compactMap { $0["id"] as? String } == [kept])
        // The same id imported again is this store's again: pulled and kept like any other.
        let file = try box.write("again.json", #"[{"id":"\#(id)","date":"20241203","name":"コーヒー","price":178,"category":0}]"#)
        #expect(try box.run("import", file).status == 0)
        #expect(try box.run("sync", "2024", "12").status == 0)
        #expect(Set(try items(box).compactMap { $0["id"] as? String }) == [id, kept])
    }

    struct Failure: CustomTestStringConvertible, Sendable {
        var how: String
        var mentions: [String]
        var testDescription: String { how }
    }

    static let pullFailures: [Failure] = [
        Failure(how: "status500", mentions: ["HTTP 500"]),
        Failure(how: "html", mentions: ["HTML page (\"Error\")", "not JSON"]),
        Failure(how: "truncated", mentions: ["not a list of items", "not valid JSON"]),
        Failure(how: "delay", mentions: ["no answer within 1 s"]),
        Failure(how: "drop", mentions: ["the connection closed before the answer came"]),
        Failure(how: "refused", mentions: ["cannot connect"]),
    ]

    /// One bad month out of twelve: exit 1, the month and the reason named, and nothing written — not even the
    /// eleven good months.
    @Test(arguments: pullFailures)
    func aFailedPullNamesTheMonthAndChangesNothing(_ failure: Failure) throws {
        let server = try HouseholdServer()
        let box = try sandbox(server)
        try server.seed(["2024-01": [wire("old", "20240105", "古い", 100)]])
        #expect(try box.run("pull", "2024", "1").status == 0)
        _ = try box.add("未送信", 500, date: "2024-03-03")
        try server.seed(["2024-01": [wire("new", "20240106", "新しい", 200)], "2024-03": [wire("mar", "20240301", "三月", 300)]])
        if failure.how == "refused" {
            box.environment["KAKEIBO_ENDPOINT"] = "http://127.0.0.1:1/exec"
        } else {
            try server.fail(failure.how, month: "2024-03")
        }
        let before = try box.snapshot()

        let run = try box.run("pull", "2024", "--timeout", "1")
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        // With no server at all every month fails: the earliest is named.
        let month = failure.how == "refused" ? "2024-01" : "2024-03"
        #expect(run.stderr.hasPrefix("kakeibo: cannot fetch \(month) from 127.0.0.1: "), "\(run.stderr)")
        for text in failure.mentions { #expect(run.stderr.contains(text), "\(run.stderr)") }
        #expect(run.stderr.contains("nothing changed here"))
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(try box.snapshot() == before)
        #expect(!run.signalled)
    }

    static let pushFailures: [Failure] = [
        Failure(how: "status500", mentions: ["HTTP 500"]),
        Failure(how: "html", mentions: ["HTML page"]),
        Failure(how: "truncated", mentions: ["not valid JSON"]),
        Failure(how: "refused", mentions: ["cannot fetch 2024-12", "cannot connect"]),
    ]

    @Test(arguments: pushFailures)
    func aFailedPushChangesNothingAndTheRetryDoesNotDuplicate(_ failure: Failure) throws {
        let server = try HouseholdServer()
        let box = try sandbox(server)
        let ids = [try box.add("a", 100, date: "2024-12-01"), try box.add("b", 200, date: "2024-12-02")]
        if failure.how == "refused" {
            box.environment["KAKEIBO_ENDPOINT"] = "http://127.0.0.1:1/exec"
        } else {
            try server.fail(failure.how, method: "POST")
        }
        let before = try box.snapshot()
        let run = try box.run("push")
        #expect(run.status == 1)
        for text in failure.mentions { #expect(run.stderr.contains(text), "\(run.stderr)") }
        #expect(try box.snapshot() == before)

        box.environment["KAKEIBO_ENDPOINT"] = server.endpoint
        #expect(try box.run("push").status == 0)
        #expect(try server.ids().sorted() == ids.sorted())
    }

    /// The server only appends: an edit of a synced item is kept here (never overwritten by a pull, never sent
    /// twice), and deleting one is refused with a pointer to where it can be deleted.
    @Test func editingASyncedItemKeepsTheChangeAndDeletingOneIsRefused() throws {
        let server = try HouseholdServer()
        try server.seed(["2024-12": [wire("s1", "20241201", "りんご", 300, sub: 0)]])
        let box = try sandbox(server)
        #expect(try box.run("pull", "2024", "12").status == 0)

        #expect(try box.run("edit", "s1", "--price", "320").status == 0)
        #expect(try items(box).first?["synced"] as? Bool == false)
        let table = try box.run("month", "2024", "12")
        #expect(table.stdout.contains("s1 !"))
        #expect(table.stdout.contains("! changed here; the server keeps its older copy"))

        #expect(try box.run("pull", "2024", "12").status == 0)
        #expect(try items(box).first?["price"] as? Int == 320)
        let push = try box.run("push")
        #expect(push.status == 0)
        #expect(push.stderr.contains("1 item changed here after the server had them not sent"))
        #expect(try server.ids() == ["s1"])

        let before = try box.snapshot()
        let delete = try box.run("delete", "s1")
        #expect(delete.status == 1)
        #expect(delete.stderr.contains("is on the household server, which only appends: delete it there"))
        #expect(try box.snapshot() == before)

        // Once the server's copy says the same, the item is synced again.
        try server.seed(["2024-12": [wire("s1", "20241201", "りんご", 320, sub: 0)]])
        #expect(try box.run("pull", "2024", "12").status == 0)
        #expect(try items(box).first?["synced"] as? Bool == true)

        // An import that changes a synced item is an edit too.
        #expect(try box.run(["import", "-"], stdin: #"[{"id":"s1","date":"20241201","name":"りんご","price":330,"category":0}]"#).status == 0)
        #expect(try items(box).first?["synced"] as? Bool == false)
        #expect(try box.run("pull", "2024", "12").status == 0)
        #expect(try items(box).first?["price"] as? Int == 330)
    }

    @Test func theTokenGoesOnlyToTheEndpointAndIsNeverPrinted() throws {
        let server = try HouseholdServer()
        let box = try sandbox(server)
        let secret = "s3cret-Token_42"
        let set = try box.run(["config", "set", "token"], stdin: secret + "\n")
        #expect(set.status == 0)
        _ = try box.add("a", 100, date: "2024-12-01")
        var outputs = [set]
        outputs.append(try box.run("sync"))
        outputs.append(try box.run("config", "list"))
        outputs.append(try box.run("config", "get", "token"))
        outputs.append(try box.run("pull", "2024", "12", "--timeout", "1", "--endpoint", "http://127.0.0.1:1/exec"))
        for run in outputs { #expect(!run.stdout.contains(secret) && !run.stderr.contains(secret)) }
        // A plain app server can't take a token (the app's protocol has none): refused with the reason, not dropped.
        #expect(outputs[1].status == 2 && outputs[1].stderr.contains("speaks the ExpenseLog app's protocol"), "\(outputs[1].stderr)")
        #expect(outputs[2].stdout.contains("token=set"))
        #expect(outputs[3].stdout == "set\n")
        let requests = try server.allRequests()
        #expect(!requests.isEmpty && requests.allSatisfy { $0.authorization == nil && !($0.body ?? "").contains(secret) })
        #expect(requests.allSatisfy { !$0.query.contains(secret) && !$0.path.contains(secret) })
        let file = try FileManager.default.attributesOfItem(atPath: box.config.appendingPathComponent("config.json").path)
        #expect((file[.posixPermissions] as? Int) == 0o600)
    }

    @Test func theEndpointComesFromTheOptionThenTheEnvironmentThenTheFile() throws {
        let server = try HouseholdServer()
        let box = try Sandbox()
        let dead = "http://127.0.0.1:1/exec"
        #expect(try box.run("config", "set", "endpoint", server.endpoint).status == 0)
        #expect(try box.run("config", "get", "endpoint").stdout == server.endpoint + "\n")
        #expect(try box.run("pull", "2024", "12").status == 0)
        box.environment["KAKEIBO_ENDPOINT"] = dead
        #expect(try box.run("pull", "2024", "12").status == 1)
        #expect(try box.run("pull", "2024", "12", "--endpoint", server.endpoint).status == 0)
        #expect(try box.run("config", "get", "endpoint").stderr.contains("KAKEIBO_ENDPOINT is set"))
        box.environment["KAKEIBO_ENDPOINT"] = nil
        #expect(try box.run("config", "unset", "endpoint").status == 0)
        let none = try box.run("pull", "2024", "12")
        #expect(none.status == 2)
        #expect(none.stderr.contains("no endpoint"))
        #expect(try box.run("config", "get", "endpoint").status == 1)
    }

    static let badSettings: [BadInputTests.Case] = [
        .init(
            arguments: ["config", "set", "endpoint", "http://example.com/exec"], status: 2,
            mentions: ["https://", "example.com", "127.0.0.1, ::1, localhost"]),
        .init(arguments: ["config", "set", "endpoint", "ftp://example.com"], status: 2, mentions: ["must start with https://"]),
        .init(arguments: ["config", "set", "token", "abc"], status: 2, mentions: ["never taken on the command line"]),
        .init(arguments: ["config", "set", "colour", "red"], status: 2, mentions: ["unknown setting 'colour'", "endpoint, token, timeout"]),
        .init(arguments: ["config", "set", "timeout", "0"], status: 2, mentions: ["--timeout", "'0'"]),
        .init(arguments: ["config", "frob"], status: 2, mentions: ["set, get, unset, list"]),
        .init(arguments: ["pull", "2024", "12", "--endpoint", "http://192.168.1.2/exec"], status: 2, mentions: ["https://", "192.168.1.2"]),
        .init(arguments: ["pull", "2024", "12", "--endpoint", "https://me:pw@x.example/"], status: 2, mentions: ["user or password"]),
        .init(
            arguments: ["pull", "2024", "12", "--endpoint", "http://127.0.0.1:1/", "--timeout", "soon"], status: 2, mentions: ["--timeout", "'soon'"]),
        .init(arguments: ["pull", "2024", "12", "--endpoint", "http://127.0.0.1:1/", "--timeout", "-1"], status: 2, mentions: ["--timeout"]),
        .init(arguments: ["pull", "2024", "13"], status: 2, mentions: ["month must be 1–12"]),
        .init(arguments: ["pull"], status: 2, mentions: ["pull needs PERIOD"]),
        .init(arguments: ["pull", "2024", "12"], status: 2, mentions: ["no endpoint"]),
        .init(arguments: ["push", "extra"], status: 2, mentions: ["unexpected argument 'extra'"]),
        .init(arguments: ["sync", "--token", "x"], status: 2, mentions: ["unknown option '--token'"]),
    ]

    @Test(arguments: badSettings)
    func badSettingsAreUsageErrors(_ bad: BadInputTests.Case) throws {
        let box = try Sandbox()
        _ = try box.add("seed", 100, date: "2024-12-01")
        let before = try box.snapshot()
        let run = try box.run(bad.arguments)
        #expect(run.status == bad.status, "\(run.stderr)")
        for text in bad.mentions { #expect(run.stderr.contains(text), "\(run.stderr)") }
        #expect(run.stdout.isEmpty)
        #expect(try box.snapshot() == before)
        #expect(!FileManager.default.fileExists(atPath: box.config.appendingPathComponent("config.json").path))
    }

    @Test func monthMarksPendingItemsOnlyWhenTheHouseholdSyncs() throws {
        let box = try Sandbox()
        _ = try box.add("コーヒー", 178, date: "2024-12-03")
        #expect(!(try box.run("month", "2024", "12").stdout.contains("*")))
        box.environment["KAKEIBO_ENDPOINT"] = "https://household.example/exec"
        let marked = try box.run("month", "2024", "12")
        #expect(marked.stdout.contains(" *\n"))
        #expect(marked.stdout.contains("* not on the household server yet (kakeibo push)"))
        #expect(try box.run("month", "2024", "12", "--lang", "ja").stdout.contains("まだ家計簿サーバーにありません"))
    }

    /// `kakeibo` carries the sync commands' declarations: their help needs no companion.
    @Test func helpForSyncCommandsComesFromTheirDeclaration() throws {
        let box = try Sandbox()
        let help = try box.run("help", "pull")
        #expect(help.status == 0)
        #expect(help.stdout.contains("kakeibo pull PERIOD [--endpoint URL]"))
        #expect(help.stdout.contains("2024-12"))
        #expect(try box.run("push", "--help").stdout.contains("--timeout SECONDS"))
        #expect(try box.run("--help").stdout.contains("sync"))
    }
}

/// pull and sync read their period through the grammar `month` uses.
@Suite struct SyncPeriodTests {
    @Test func pullAndSyncTakeEveryMonthForm() throws {
        let server = try HouseholdServer()
        try server.seed(["2024-12": [wire("s1", "20241201", "りんご", 300, sub: 0)]])
        let box = try Sandbox()
        box.environment["KAKEIBO_ENDPOINT"] = server.endpoint
        box.environment["KAKEIBO_NOW"] = "2025-01-15T09:00:00Z"
        for words in [["2024-12"], ["2024", "12"], ["prev"], ["先月"], ["-1"]] {
            let run = try box.run(["pull"] + words + ["--format", "json"])
            #expect(run.status == 0, "\(words): \(run.stderr)")
            #expect((try run.json() as? [String: Any])?["months"] as? [String] == ["2024-12"], "\(words)")
        }
        let synced = try box.run("sync", "prev", "--format", "json")
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect((try synced.json() as? [String: Any])?["months"] as? [String] == ["2024-12"])
        let bad = try box.run("sync", "someday")
        #expect(bad.status == 2)
        #expect(bad.stderr.split(separator: "\n").count == 1)
        #expect(bad.stderr.contains("'someday'"))
    }

    /// The sync lock waits as the store's lock does, for pull, push and sync alike: `--lock-timeout` gives up with
    /// exit 1, naming who holds it, having sent nothing and changed nothing.
    @Test func theSyncLockHonoursTheLockTimeoutAndNamesItsHolder() throws {
        let server = try HouseholdServer()
        let box = try Sandbox()
        box.environment["KAKEIBO_ENDPOINT"] = server.endpoint
        _ = try box.add("コーヒー", 178, date: "2024-12-03")
        let path = box.store.appendingPathComponent(".push-lock").path
        let fd = open(path, O_RDWR | O_CREAT, 0o600)
        try #require(fd >= 0 && flock(fd, LOCK_EX) == 0)
        defer { close(fd) }
        let holder = Array("\(getpid()) kakeibo sync\n".utf8)
        #expect(write(fd, holder, holder.count) == holder.count)
        let before = try box.snapshot()
        for command in [["push"], ["pull", "2024", "12"], ["sync"]] {
            let run = try box.run(command + ["--lock-timeout", "1"])
            #expect(run.status == 1, "\(command): \(run.stderr)")
            #expect(run.stderr.contains("held by process \(getpid()) kakeibo sync"), "\(command): \(run.stderr)")
            #expect(run.stderr.contains(".push-lock"), "\(command): \(run.stderr)")
            #expect(try box.snapshot() == before, "\(command)")
        }
        #expect(try server.requests().filter { $0.method == "POST" }.isEmpty)
    }
}
