import Foundation
import Testing

/// A store synced with one server, whose endpoint then names another (another household's shipped server, or the
/// app's endpoint): the new one lacks the items, so kakeibo says so, `sync --all` sends them, and no pull or advice
/// of `check` takes them away here.
@Suite struct EndpointChangeTests {
    func member(_ endpoint: String) throws -> Sandbox {
        let box = try Sandbox()
        box.environment["KAKEIBO_ENDPOINT"] = endpoint
        box.environment["KAKEIBO_TOKEN"] = ShippedServer.token
        return box
    }

    /// The ids of the store's items of November 2024.
    func ids(_ box: Sandbox) throws -> Set<String> {
        let json = try #require(try box.run("month", "2024", "11", "--format", "json").json() as? [String: Any])
        return Set(try #require(json["items"] as? [[String: Any]]).compactMap { $0["id"] as? String })
    }

    func three(_ box: Sandbox) throws -> Set<String> {
        [
            try box.add("牛乳", 178, date: "2024-11-03", category: "food/drink"), try box.add("卵", 260, date: "2024-11-04", category: "food/drink"),
            try box.add("パン", 320, date: "2024-11-05", category: "food/drink"),
        ]
    }

    /// `box`'s items were synced elsewhere; its endpoint now names `second`, where `other` syncs too.
    func expectMovedToNewHousehold(_ box: Sandbox, ours: Set<String>, _ second: ShippedServer) throws {
        box.environment["KAKEIBO_ENDPOINT"] = second.endpoint
        box.environment["KAKEIBO_TOKEN"] = ShippedServer.token
        let other = try member(second.endpoint)
        let sync = try box.run("sync", "--format", "json")
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stderr.contains("kakeibo sync --all"), "the sync says what sends them: \(sync.stderr)")
        #expect((try sync.json() as? [String: Any])?["onlyHere"] as? Int == 3)
        #expect(try other.run("sync").status == 0)
        #expect(try ids(other).isDisjoint(with: ours), "nothing goes to a new household unasked")

        let check = try box.run("check")
        #expect(check.status == 1)
        #expect((check.stdout + check.stderr).contains("sync --all"), "\(check.stdout)\(check.stderr)")
        #expect(!(check.stdout + check.stderr).contains("kakeibo pull"), "check never advises the pull that would remove them")
        // A pull of the month, as check advised before: the items exist only here, and stay.
        #expect(try box.run("pull", "2024", "11").status == 0)
        #expect(try ids(box).isSuperset(of: ours))

        let dry = try box.run("sync", "--all", "--dry-run")
        #expect(dry.stdout.contains("Would send 3 changes (3 new)"), "\(dry.stdout)")
        let all = try box.run("sync", "--all", "--format", "json")
        #expect(all.status == 0, "\(all.stderr)")
        #expect((try all.json() as? [String: Any])?["pushed"] as? Int == 3)
        #expect(try other.run("sync").status == 0)
        #expect(try ids(other).isSuperset(of: ours))
        #expect(try box.run("check").status == 0)
    }

    @Test func itemsSyncedWithAnotherHouseholdServerReachTheNewOneBySyncAllAndNoPullRemovesThem() throws {
        let (first, second) = (try ShippedServer(), try ShippedServer())
        let box = try member(first.endpoint)
        let ours = try three(box)
        #expect(try box.run("sync").status == 0)
        try expectMovedToNewHousehold(box, ours: ours, second)
    }

    @Test func atATerminalSyncOffersToSendWhatTheNewHouseholdNeverHad() throws {
        let (first, second) = (try ShippedServer(), try ShippedServer())
        let box = try member(first.endpoint)
        let ours = try three(box)
        #expect(try box.run("sync").status == 0)
        box.environment["KAKEIBO_ENDPOINT"] = second.endpoint
        let (no, asked) = try box.runWithTerminalStderr(["sync"], typing: "n\n")
        #expect(no.status == 0 && asked.contains("Send them to it now"), "\(asked)")
        let other = try member(second.endpoint)
        #expect(try other.run("sync").status == 0)
        #expect(try ids(other).isDisjoint(with: ours), "no: nothing sent")
        let (yes, _) = try box.runWithTerminalStderr(["sync"], typing: "y\n")
        #expect(yes.status == 0)
        #expect(try other.run("sync").status == 0)
        #expect(try ids(other).isSuperset(of: ours))
        // Not a terminal: nothing asked, nothing waited for.
        let piped = try box.run("sync")
        #expect(!piped.stderr.contains("[y/N]"))
    }

    @Test func itemsPushedToTheAppReachTheHouseholdServerBySyncAllAndNoPullRemovesThem() throws {
        let (app, second) = (try AppServer(), try ShippedServer())
        let box = try member(app.endpoint)
        box.environment["KAKEIBO_TOKEN"] = nil // the app's protocol has none
        let ours = try three(box)
        #expect(try box.run("push").status == 0)
        try expectMovedToNewHousehold(box, ours: ours, second)
    }

    @Test func aPullFromTheAppAtANewEndpointIsRefusedUntilSyncAllSendsItWhatItLacks() throws {
        let (first, app) = (try ShippedServer(), try AppServer())
        let box = try member(first.endpoint)
        let ours = try three(box)
        #expect(try box.run("sync").status == 0)
        box.environment["KAKEIBO_ENDPOINT"] = app.endpoint
        box.environment["KAKEIBO_TOKEN"] = nil
        let before = try box.run("pull", "2024", "11")
        #expect(before.status == 1)
        #expect(before.stderr.contains("kakeibo sync --all"), "\(before.stderr)")
        #expect(try ids(box) == ours, "nothing changed here")
        // A push of the month finds the synced items missing there too, and sends nothing.
        let butter = try box.add("バター", 400, date: "2024-11-06", category: "food/drink")
        #expect(try box.run("push").status == 1)
        #expect(try app.state().ids("2024-11").isEmpty)

        let dry = try box.run("sync", "--all", "--dry-run")
        #expect(dry.stdout.contains("4 items would be sent"), "\(dry.stdout)\(dry.stderr)")
        let all = try box.run("sync", "--all")
        #expect(all.status == 0, "\(all.stderr)")
        #expect(Set(try app.state().ids("2024-11")) == ours.union([butter]))
        #expect(try box.run("pull", "2024", "11").status == 0)
        #expect(try ids(box) == ours.union([butter]))
    }
}
