import KakeiboStore
import KakeiboValues

/// Why a setting's conflict can't be resolved.
public enum SettingConflictError: KakeiboFailure, Equatable {
    case unusable(SharedSetting, String)

    public var kind: FailureKind { .runtime }

    public func message(in language: Language) -> String {
        switch self {
        case .unusable(let setting, let problem):
            return language.pick(
                "the server's \(setting.rawValue) can't be used here (\(terminalSafe(problem))); nothing changed",
                "サーバーの \(setting.rawValue) はここでは使えません（\(terminalSafe(problem))）。何も変更していません")
        }
    }
}

extension Household {
    /// The settings waiting in a conflict: this machine's value beside the server's.
    public func settingConflicts(_ files: SharedSettingFiles) throws -> [SettingConflictView] {
        let journal = try journal()
        guard !journal.settingConflicts.isEmpty else { return [] }
        let here = try files.read(known: journal.settingKeys)
        return SharedSetting.listed(journal.settingConflicts.keys).compactMap { setting in
            guard let theirs = journal.settingConflicts[setting.rawValue] else { return nil }
            let base = journal.settings[setting.rawValue]?.value ?? SharedSettingFiles.removed
            let entries = SettingEntryConflict.list(setting, base: base, mine: here[setting] ?? SharedSettingFiles.removed, theirs: theirs.value)
            return SettingConflictView(setting: setting, mine: here[setting], theirs: theirs, entries: entries ?? [])
        }
    }

    /// Keeps one side of one entry in a setting's conflict (`entry`: its key or its label, as `conflicts` shows it):
    /// theirs takes the server's version of that entry here, mine keeps this machine's; the other entries in conflict
    /// stay so. When none is left, the setting is synced at the server's revision and the next sync sends the merge.
    /// The entry's label (nil: the setting has no conflict on such an entry).
    public func resolveSettingEntry(
        _ setting: SharedSetting, entry: String, keep side: ConflictSide, _ files: SharedSettingFiles
    ) throws -> String? {
        try store.write { _ in
            var journal = try SyncJournalFile.read(store, memo: journalMemo)
            let key = setting.rawValue
            guard let theirs = journal.settingConflicts[key] else { return nil }
            let local = try files.read(known: journal.settingKeys)[setting] ?? SharedSettingFiles.removed
            let synced = journal.settings[key]
            let base = synced?.value ?? SharedSettingFiles.removed
            guard let conflicts = SettingEntryConflict.list(setting, base: base, mine: local, theirs: theirs.value),
                let conflict = conflicts.first(where: { $0.key == entry }) ?? conflicts.first(where: { $0.label == entry }),
                let merge = SettingMerge(
                    setting, base: base, mine: local, theirs: theirs.value, prefer: side, only: conflict.key, taxonomy: try files.taxonomy()),
                var was = SettingEntries(setting, base)
            else { return nil }
            if merge.value != local { try files.write(setting, merge.value) }
            // As if the server's version of the entry had been synced: only this machine's change of it is left.
            was.entries.removeAll { $0.key == conflict.key }
            if let their = conflict.theirs { was.entries.append((conflict.key, their)) }
            if merge.conflicts.count <= 1 {
                journal.settingConflicts[key] = nil
                journal.settings[key] = theirs
            } else if let value = was.value(setting, taxonomy: try files.taxonomy()) {
                journal.settings[key] = SyncedSetting(revision: synced?.revision ?? 0, value: value)
            } else {
                return nil
            }
            try SyncJournalFile.write(journal, store, memo: journalMemo)
            return conflict.label
        }
    }

    /// Keeps one side of a setting's conflict. Theirs: the server's value replaces this machine's. Mine: this
    /// machine's is sent again by the next sync, based on the server's revision. False when it has no conflict.
    public func resolveSetting(_ setting: SharedSetting, keep side: ConflictSide, _ files: SharedSettingFiles) throws -> Bool {
        try store.write { _ in
            var journal = try SyncJournalFile.read(store, memo: journalMemo)
            guard let theirs = journal.settingConflicts.removeValue(forKey: setting.rawValue) else { return false }
            let local = try files.read(known: journal.settingKeys)[setting] ?? SharedSettingFiles.removed
            let base = journal.settings[setting.rawValue]?.value ?? SharedSettingFiles.removed
            if SharedSettingFiles.mergesInParts(setting),
                let merge = try files.merge(setting, base: base, mine: local, theirs: theirs.value, prefer: side)
            {
                // Only the parts both changed take the side kept; the others keep the merge.
                if let problem = files.problem(setting, theirs.value) { throw SettingConflictError.unusable(setting, problem) }
                if merge.value != local { try files.write(setting, merge.value) }
            } else if side == .theirs {
                if let problem = files.problem(setting, theirs.value) { throw SettingConflictError.unusable(setting, problem) }
                try files.write(setting, theirs.value)
            }
            journal.settings[setting.rawValue] = theirs
            try SyncJournalFile.write(journal, store, memo: journalMemo)
            return true
        }
    }
}

/// A household setting in conflict: this machine's value beside the server's.
public struct SettingConflictView: Sendable, Equatable {
    public var setting: SharedSetting
    public var mine: String?
    public var theirs: SyncedSetting
    /// For a setting that merges entry by entry, the entries both changed: the conflict is on them alone.
    public var entries: [SettingEntryConflict]

    public init(setting: SharedSetting, mine: String?, theirs: SyncedSetting, entries: [SettingEntryConflict] = []) {
        self.setting = setting
        self.mine = mine
        self.theirs = theirs
        self.entries = entries
    }
}
