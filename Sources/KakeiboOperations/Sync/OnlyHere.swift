import KakeiboStore
import KakeiboValues

/// Items this store holds as synced that the household server it syncs with now has never had: they were synced with
/// another server (the app's, another household's) or before the server's sheet was replaced. Nothing sends them by
/// itself, since the server may be the wrong one; `sync --all` sends them, and no pull removes them meanwhile.
extension SyncJournal {
    /// Whether `item` is marked synced here but the change protocol's server never listed it. Known only once a `since`
    /// has read the server's history (`revision` set): before that no item has a revision yet.
    public func isOnlyHere(_ item: Item) -> Bool {
        changeProtocol && revision != nil && item.sync == .synced && revisions[item.id] == nil && !isHeld(item.id)
    }

    /// Whether a pull may remove `item` when the server doesn't list it: only an item the server had (a revision of it
    /// is known here). One it never had exists only here, and removing it would lose it.
    func serverHad(_ item: Item) -> Bool { revisions[item.id] != nil }
}

extension Household {
    /// Marks every item the server never had pending (`sync --all`), so the next round sends it as a new item;
    /// returns how many.
    func claimOnlyHere() throws -> Int {
        try changeWithJournal { index, journal in
            let ids = index.all.filter { journal.isOnlyHere($0) }.map(\.id)
            for id in ids { index.mark(id, .pending) }
            return ids.count
        }.result
    }

    /// How many items the server never had (for the report and `check`).
    func onlyHereCount(_ journal: SyncJournal) throws -> Int {
        guard journal.changeProtocol, journal.revision != nil else { return 0 }
        var count = 0
        for month in try store.months() { count += try store.items(in: month).filter { journal.isOnlyHere($0) }.count }
        return count
    }
}

extension SyncJournal {
    /// The endpoint this store's synced items were last synced with: `home`, or for a state written before it, the
    /// change protocol's server, else the one plain app server it used.
    var lastHome: String? {
        if let home { return home }
        if changeProtocol, let server { return server }
        let plain = endpoints.filter { !$0.value.speaksChanges }.map(\.key)
        return plain.count == 1 ? plain[0] : nil
    }
}

extension Household {
    /// Records that this store's items were synced with `server` (after a command with it succeeded).
    func settleHome(_ server: String) throws {
        guard store.exists, try journal().home != server else { return }
        _ = try changeWithJournal { _, journal in journal.home = server }
    }

    /// The endpoint this store last synced with, when it is not `server` and items here were synced with it: a plain
    /// app server lacks them, and a pull there would take them away here.
    func movedFrom(_ server: String, _ journal: SyncJournal) throws -> String? {
        guard let home = journal.lastHome, home != server else { return nil }
        return try syncedItems().isEmpty ? nil : home
    }
}

/// A pull, push or plain sync with a plain app server other than the one this store's items were synced with: the
/// new one lacks them, and its pull would remove them here. `sync --all` sends it what it lacks first.
public struct EndpointChanged: KakeiboFailure, Equatable {
    public var before: String
    public var now: String
    /// Items marked synced here that the months read at the new endpoint lack.
    public var missing: Int

    public var kind: FailureKind { .runtime }

    public func message(in language: Language) -> String {
        language.pick(
            "this store's items were synced with \(terminalSafe(before)); the endpoint is now \(terminalSafe(now)), which lacks \(itemCount(missing, .en)) synced here (a pull from it would remove them here): run 'kakeibo sync --all' to send it what it lacks, or set the endpoint back; nothing changed here",
            "このストアのデータは \(terminalSafe(before)) と同期していました。いまのエンドポイント \(terminalSafe(now)) には、ここで同期済みの \(itemCount(missing, .ja))がありません（そこから pull するとここから消えます）。'kakeibo sync --all' で足りないデータを送るか、エンドポイントを元に戻してください。ここでは何も変更していません"
        )
    }
}
