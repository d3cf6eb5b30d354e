import KakeiboOperations
import KakeiboStore
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboRender

/// The sync summary, one shape for both protocols: a line per phase, the notes for stderr in order, and the JSON.
@Suite struct SyncRendererTests {
    let november = YearMonth(year: 2024, month: 11)!
    let january = YearMonth(year: 2025, month: 1)!

    @Test func aPullOfAMonthSaysWhatCameAndWhatIsStillHere() {
        let report = SyncReport(pushed: nil, period: [december], listed: 4, pending: 1, months: [december])
        #expect(SyncRenderer.text(report, .en) == "Pulled 4 items for December 2024\n1 item here not on the household server yet (kakeibo push)\n")
        #expect(SyncRenderer.text(report, .ja).hasPrefix("2024年12月の 4件を取得しました\n"))
    }

    @Test func aSyncSaysWhatWasSentReceivedAndLeftToResolve() {
        let report = SyncReport(
            pushed: 2, period: nil, received: [november: 8, december: 4, january: 1], receivedChanges: true, pending: 0, months: [december],
            conflicts: ["a1"], notes: [.conflict(id: "a1", code: "stale")])
        #expect(
            SyncRenderer.text(report, .en)
                == "Pushed 2 items\nReceived 13 items changed by others (November 2024: 8, December: 4, January 2025: 1)\n"
                + "1 conflict to resolve (kakeibo conflicts)\n")
        #expect(SyncRenderer.text(report, .ja).contains("ほかのメンバーが変更した 13件を受け取りました（2024年11月: 8件、12月: 4件、2025年1月: 1件）\n"))
        #expect(SyncRenderer.text(SyncReport(pushed: 0, period: nil, pending: 0, months: []), .en) == "Nothing to push\n")
    }

    @Test func manyMonthsReceivedAreSaidAsTheirSpan() {
        let months = (1...12).map { YearMonth(year: 2024, month: $0)! }
        let report = SyncReport(
            pushed: nil, period: nil, received: Dictionary(uniqueKeysWithValues: months.map { ($0, 2) }), receivedChanges: true, pending: 0,
            months: months)
        #expect(SyncRenderer.text(report, .en) == "Received 24 items changed by others (12 months, January 2024 to December 2024)\n")
    }

    @Test func theTextAndTheJSONSayTheSameNumbers() throws {
        let report = SyncReport(
            pushed: 0, sentKinds: [:], period: nil, received: [november: 8, december: 4], receivedChanges: true, pending: 0,
            months: [november, december])
        #expect(SyncRenderer.text(report, .en).contains("Received 12 items changed by others (November 2024: 8, December: 4)\n"))
        let json = try JSONValue.parse(Array(SyncRenderer.json(report).utf8))
        #expect(json["pulled"] == .integer(12))
        #expect(json["months"] == .array([.string("2024-11"), .string("2024-12")]))
        #expect(
            json["received"]
                == .array([
                    .object([("month", .string("2024-11")), ("items", .integer(8))]),
                    .object([("month", .string("2024-12")), ("items", .integer(4))]),
                ]))
    }

    @Test func theChangeProtocolSaysWhatKindsWereSentAndWhatSettingsTravelled() throws {
        var settings = SettingsOutcome()
        settings.sent = [.budgets]
        settings.received = [.categories]
        func report(_ kinds: [OutgoingChange.Kind: Int]) -> SyncReport {
            SyncReport(
                pushed: 2, sentKinds: kinds, period: nil, received: [december: 1], receivedChanges: true, pending: 0, months: [december],
                conflicts: [], notes: [.refused(id: "b", code: "bad_change"), .refused(id: "b", code: "bad_change")], settings: settings,
                settingConflicts: ["split"])
        }
        #expect(
            SyncRenderer.text(report([.update: 1, .delete: 1]), .en)
                == "Sent 2 changes (1 edited, 1 deleted)\nReceived 1 item changed by others (December 2024: 1)\n"
                + "Household settings: sent budgets; took categories from others\n"
                + "1 change refused by the server, kept here (see the messages above)\n1 conflict to resolve (kakeibo conflicts)\n")
        #expect(SyncRenderer.text(report([:]), .en).hasPrefix("Nothing to send\n"))
        let stopped = SyncReport(
            pushed: 0, sentKinds: [:], period: nil, receivedChanges: true, pending: 0, months: [], conflicts: ["a1"],
            notes: [.conflict(id: "a1", code: "stale")])
        #expect(SyncRenderer.text(stopped, .en) == "Nothing sent\n1 conflict to resolve (kakeibo conflicts)\n", "the edit met a newer version")
        #expect(SyncRenderer.notes(report([:]), .en).filter { $0.contains("refused") }.count == 1, "a refusal is said once")
        let json = try #require(try JSONValue.parse(Array(SyncRenderer.json(report([:])).utf8)).objectValue)
        let keys = json.map(\.0)
        #expect(keys.starts(with: ["pulled", "pushed", "pending", "months", "conflicts", "rejected"]))
        #expect(json.first { $0.0 == "conflictCount" }?.1 == .integer(1))
        #expect(json.first { $0.0 == "refused" }?.1 == .integer(1))
        #expect(json.first { $0.0 == "settingConflicts" }?.1 == .array([.string("split")]))
    }

    @Test func notesComeConflictsFirstThenRowsSetAsideThenTheRest() {
        let rows = (1...7).map { SetAsideRow(id: "r\($0)", month: december, reason: .differentCopies(count: 2)) }
        let report = SyncReport(
            pushed: 1, period: nil, pending: 1, months: [], rejected: rows, folded: 2,
            notes: [.heldBack(count: 1), .refused(id: "b", code: "bad_change"), .conflict(id: "a", code: "stale")])
        let notes = SyncRenderer.notes(report, .en)
        #expect(notes.count == 1 + 1 + 5 + 1 + 1 + 1)
        #expect(notes[0].hasPrefix("conflict: a was changed on the server too (stale)"))
        #expect(notes[1].hasPrefix("the server refused the change to b (bad_change)"))
        #expect(notes[2].hasPrefix("set aside id r1 of 2024-12 on the server"))
        #expect(notes[7].hasPrefix("set aside 2 more rows"))
        #expect(notes[8].hasPrefix("2 rows on the server repeat another row exactly"))
        #expect(notes[9].hasPrefix("1 item changed here after the server had them not sent"))
    }

    /// What a push to a plain app server leaves here, once, in the taxonomy's order: a category the app lacks by its
    /// name, a subcategory of one it has with both.
    @Test func whatStaysIsSaidOnceByWhatTheAppLacks() {
        let stayed = [CategoryCode(90), CategoryCode(2), CategoryCode(0, 4), CategoryCode(2)]
        #expect(
            SyncRenderer.stayed(stayed, taxonomy: .household, .en)
                == "4 items stay here: the app has no category for Food › Eating out, Housing, Income — see docs/sync.md")
        #expect(SyncRenderer.stayed([CategoryCode(2)], taxonomy: .household, .ja)?.hasPrefix("1件はここに残します: アプリに項目がありません（住居費）") == true)
        #expect(SyncRenderer.stayed([], taxonomy: .household, .en) == nil)
        let plain = SyncPreview(send: [.create: 3], changes: false, known: 1, stayed: stayed)
        #expect(SyncRenderer.preview(plain, .en) == "3 items would be sent (1 item already on the server)\n")
        let changes = SyncPreview(send: [.create: 2, .update: 1], changes: true)
        #expect(SyncRenderer.preview(changes, .en) == "Would send 3 changes (2 new, 1 edited)\n")
        #expect(SyncRenderer.preview(SyncPreview(send: [:], changes: true), .en) == "Nothing would be sent\n")
    }

    @Test func theJSONHasTheSameKeysForBothProtocols() throws {
        let report = SyncReport(
            pushed: nil, period: [december], listed: 1, pending: 0, months: [december],
            rejected: [SetAsideRow(id: nil, month: december, reason: .differentCopies(count: 2))])
        let json = try JSONValue.parse(Array(SyncRenderer.json(report).utf8))
        // Keys once published stay; the newer ones come after them.
        #expect(
            json.objectValue?.map(\.0) == [
                "pulled", "pushed", "pending", "months", "conflicts", "rejected", "conflictCount", "refused", "settingConflicts", "settingsSent",
                "settingsReceived", "received", "older", "stayed", "merges", "splits", "transfersFound", "onlyHere",
            ])
        #expect(json["pushed"] == .integer(0) && json["conflicts"] == .array([]))
        #expect(json["rejected"]?.arrayValue?.first?["id"] == .null)
    }

    @Test func theMonthLegendSaysWhatEachServerDoesWithAnEdit() {
        #expect(TableRenderer.syncLegend([.edited], changeProtocol: true, .en) == "! changed here; the next sync sends the change\n")
        #expect(TableRenderer.syncLegend([.edited], changeProtocol: false, .en).contains("the server keeps its older copy"))
        #expect(TableRenderer.syncLegend([.edited], changeProtocol: true, .ja).contains("次の同期で変更を送ります"))
    }
}
