import Foundation
import KakeiboStore
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboOperations

/// The sync state file's bytes: what an earlier kakeibo wrote for the same state, so that a store synced before reads
/// and writes the same file.
@Suite struct SyncStateBytesTests {
    static func wire(_ id: String, _ price: Int) -> WireItem {
        WireItem(id: id, date: try! CalendarDate.parseISO("2024-12-03"), name: "牛乳", price: Yen(price), category: CategoryCode(0, 1))
    }

    /// A sync state with every field the file holds.
    static var everyField: SyncJournal {
        var journal = SyncJournal()
        journal.server = "script.google.com/macros/s/…/exec"
        journal.household = "h1"
        journal.home = "script.google.com/macros/s/…/exec"
        journal.changeProtocol = true
        journal.endpoints = [
            "script.google.com/macros/s/…/exec": EndpointVerdict(speaksChanges: true, checked: Timestamp(milliseconds: 1_800_000_000_000)),
            "example.com/app": EndpointVerdict(speaksChanges: false, checked: Timestamp(milliseconds: 1_700_000_000_000)),
        ]
        journal.revision = 42
        journal.own = [44...46, 50...50]
        journal.revisions = ["a": 3, "b": 0, "e": 8]
        journal.deleted = ["c": 7, "d": SyncJournal.awaitingCreate]
        journal.outbox = [
            OutgoingChange(changeID: "k-1", kind: .update, base: 3, id: "a", item: wire("a", 100)),
            OutgoingChange(changeID: "k-2", kind: .delete, base: 7, id: "c", item: nil),
            OutgoingChange(changeID: "k-3", kind: .create, base: nil, id: "f", item: wire("f", -40)),
        ]
        journal.conflicts = [
            Conflict(id: "e", theirs: wire("e", 5), theirsRevision: 9, theirsDeleted: false, code: "stale"),
            Conflict(id: "g", theirs: nil, theirsRevision: 11, theirsDeleted: true, code: "deleted"),
        ]
        journal.settings = ["rules": SyncedSetting(revision: 12, value: "[]"), "notes-2024": SyncedSetting(revision: 13, value: "{\"12\":\"x\"}")]
        journal.settingConflicts = ["accounts": SyncedSetting(revision: 14, value: "[\"a\"]")]
        journal.digests = ["a": 0x0123_4567_89AB_CDEF, "b": 7]
        journal.refused = ["h": "bad_change: the price is 0"]
        journal.dismissed = ["i", "j"]
        return journal
    }

    /// What kakeibo before the sync state's codec moved to SyncJournalFile wrote for `everyField` (checked against
    /// that encoder, byte for byte).
    static let written = #"""
        {
          "changeProtocol": true,
          "server": "script.google.com/macros/s/…/exec",
          "household": "h1",
          "home": "script.google.com/macros/s/…/exec",
          "revision": 42,
          "own": [
            [
              44,
              46
            ],
            [
              50,
              50
            ]
          ],
          "endpoints": {
            "example.com/app": {
              "protocol": "app",
              "checked": 1700000000000
            },
            "script.google.com/macros/s/…/exec": {
              "protocol": "changes",
              "checked": 1800000000000
            }
          },
          "revisions": {
            "a": 3,
            "b": 0,
            "e": 8
          },
          "deleted": {
            "c": 7,
            "d": -1
          },
          "outbox": [
            {
              "changeId": "k-1",
              "kind": "update",
              "id": "a",
              "base": 3,
              "item": {
                "id": "a",
                "date": "20241203",
                "name": "牛乳",
                "price": 100,
                "category": 0,
                "categorySub": 1
              }
            },
            {
              "changeId": "k-2",
              "kind": "delete",
              "id": "c",
              "base": 7
            },
            {
              "changeId": "k-3",
              "kind": "create",
              "id": "f",
              "item": {
                "id": "f",
                "date": "20241203",
                "name": "牛乳",
                "price": -40,
                "category": 0,
                "categorySub": 1
              }
            }
          ],
          "conflicts": [
            {
              "id": "e",
              "code": "stale",
              "theirsRevision": 9,
              "theirsDeleted": false,
              "theirs": {
                "id": "e",
                "date": "20241203",
                "name": "牛乳",
                "price": 5,
                "category": 0,
                "categorySub": 1
              }
            },
            {
              "id": "g",
              "code": "deleted",
              "theirsRevision": 11,
              "theirsDeleted": true
            }
          ],
          "dismissed": [
            "i",
            "j"
          ],
          "digests": {
            "a": "0123456789abcdef",
            "b": "0000000000000007"
          },
          "refused": {
            "h": "bad_change: the price is 0"
          },
          "settings": {
            "notes-2024": {
              "revision": 13,
              "value": "{\"12\":\"x\"}"
            },
            "rules": {
              "revision": 12,
              "value": "[]"
            }
          },
          "settingConflicts": {
            "accounts": {
              "revision": 14,
              "value": "[\"a\"]"
            }
          }
        }
        """# + "\n"

    @Test func theFileHoldsTheBytesAnEarlierKakeiboWrote() {
        #expect(SyncJournalFile.encode(SyncStateBytesTests.everyField) == Array(SyncStateBytesTests.written.utf8))
    }

    @Test func theBytesReadBackAsTheStateTheyHold() throws {
        #expect(try SyncJournalFile.decode(Array(SyncStateBytesTests.written.utf8)) == SyncStateBytesTests.everyField)
    }
}
