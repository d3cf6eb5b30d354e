import KakeiboStore
import KakeiboValues

/// A change refused as stale (or because the server's item was deleted or differs): the server's version, kept
/// beside this store's until the user picks one. This store's version is the item as it stands here (none if it
/// was deleted here).
public struct Conflict: Sendable, Equatable {
    public var id: String
    /// The server's version (its last content when it was deleted there).
    public var theirs: WireItem?
    public var theirsRevision: Int
    public var theirsDeleted: Bool
    /// The server's reason code (`stale`, `exists`, `deleted`, `not_found`).
    public var code: String

    public init(id: String, theirs: WireItem?, theirsRevision: Int, theirsDeleted: Bool, code: String) {
        self.id = id
        self.theirs = theirs
        self.theirsRevision = theirsRevision
        self.theirsDeleted = theirsDeleted
        self.code = code
    }
}

/// A conflict as `kakeibo conflicts` shows it: this store's version (nil: deleted here) beside the server's.
public struct ConflictView: Sendable, Equatable {
    public var conflict: Conflict
    public var mine: WireItem?

    public init(conflict: Conflict, mine: WireItem?) {
        self.conflict = conflict
        self.mine = mine
    }
}

/// Which side `resolve` keeps.
public enum ConflictSide: String, Sendable, CaseIterable {
    case mine, theirs
}

/// Why a conflict can't be resolved.
public enum ConflictError: KakeiboFailure, Equatable {
    case noSuchConflict(String)
    case ambiguous(String, count: Int)

    public var kind: FailureKind { .badInput }

    public func message(in language: Language) -> String {
        switch self {
        case .noSuchConflict(let id):
            return language.pick(
                "no conflict for id \(quotedInput(id)) (see the list of conflicts)", "ID \(quotedInput(id)) の競合はありません（競合の一覧を確認してください）")
        case .ambiguous(let id, let count):
            return language.pick(
                "id \(quotedInput(id)) starts \(count) conflicts' ids; give more of it",
                "ID \(quotedInput(id)) で始まる競合が \(count) 件あります。もっと長く指定してください")
        }
    }
}

extension Household {
    /// Every conflict, with this store's version beside the server's.
    public func conflicts() throws -> [ConflictView] {
        let journal = try journal()
        guard !journal.conflicts.isEmpty else { return [] }
        var views: [ConflictView] = []
        for conflict in journal.conflicts {
            let mine = try store.find(id: conflict.id).first { $0.item.id == conflict.id }.map { WireItem($0.item) }
            views.append(ConflictView(conflict: conflict, mine: mine))
        }
        return views
    }

    /// Keeps one side of a conflict. Mine: this store's version is sent again, based on the server's revision (an item
    /// the server deleted comes back under a new id, since the server never takes an id twice). Theirs: the server's
    /// version replaces this store's (or its delete removes it). Returns the conflict resolved.
    public func resolve(_ id: String, keep side: ConflictSide) throws -> ConflictView {
        try changeWithJournal { index, journal in
            // Named as `edit` names an item: the whole id, a unique start of it (the short id `conflicts` shows), or
            // an imported id without its source's prefix.
            let matches = TypedID.best(journal.conflicts.indices.compactMap { at in TypedID.match(id, journal.conflicts[at].id).map { ($0, at) } })
            guard let position = matches.first else { throw ConflictError.noSuchConflict(id) }
            guard matches.count == 1 else { throw ConflictError.ambiguous(id, count: matches.count) }
            let conflict = journal.conflicts.remove(at: position)
            let local = index.item(conflict.id)
            let view = ConflictView(conflict: conflict, mine: local.map(WireItem.init))
            switch side {
            case .theirs:
                journal.deleted[conflict.id] = nil
                if conflict.theirsDeleted || conflict.theirs == nil {
                    index.remove(conflict.id)
                    journal.revisions[conflict.id] = nil
                } else if let theirs = conflict.theirs {
                    try index.replace(theirs.item(added: local?.added ?? now, sync: .synced))
                    journal.revisions[conflict.id] = conflict.theirsRevision
                }
            case .mine:
                if let local {
                    if conflict.theirsDeleted || conflict.theirs == nil {
                        index.remove(local.id)
                        var copy = local
                        copy.id = ItemID.random()
                        copy.sync = .pending
                        try index.insert(copy)
                        journal.revisions[local.id] = nil
                    } else {
                        index.mark(local.id, .edited)
                        journal.revisions[local.id] = conflict.theirsRevision
                    }
                } else if !conflict.theirsDeleted {
                    journal.deleted[conflict.id] = conflict.theirsRevision
                }
            }
            return view
        }.result
    }
}

extension WireItem {
    /// This version and another of the same item that differ only in what matching records about it (`merged`,
    /// `transfer`, `apart`), as one: a split kept apart (`unmerge`) on either side stays apart, else this version's
    /// records, then the other's. Nil when they differ in anything a person sees.
    func settled(with other: WireItem) -> WireItem? {
        func seen(_ item: WireItem) -> WireItem {
            var copy = item
            copy.details.merged = nil
            copy.details.transfer = nil
            copy.details.apart = false
            return copy
        }
        guard seen(self) == seen(other) else { return nil }
        var settled = self
        settled.details.apart = details.apart || other.details.apart
        settled.details.merged = settled.details.apart ? nil : details.merged ?? other.details.merged
        settled.details.transfer = details.transfer ?? other.details.transfer
        return settled
    }
}
