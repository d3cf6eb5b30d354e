import KakeiboStore
import KakeiboValues

/// A household setting sent to the server: its value here, based on the revision it was last synced at (0: never).
public struct SettingChange: Sendable, Equatable {
    public var setting: SharedSetting
    public var base: Int
    public var value: String
}

/// The server's answer to `settings`: a result for each setting sent, and every setting it holds.
public struct SettingsAnswer: Sendable, Equatable {
    public struct Result: Sendable, Equatable {
        public var key: String
        public var status: ChangeResult.Status
        public var revision: Int

        public init(key: String, status: ChangeResult.Status, revision: Int) {
            self.key = key
            self.status = status
            self.revision = revision
        }
    }

    public var results: [Result]
    public var settings: [String: SyncedSetting]

    public init(results: [Result], settings: [String: SyncedSetting]) {
        self.results = results
        self.settings = settings
    }
}

/// What a sync did to the household settings.
public struct SettingsOutcome: Sendable, Equatable {
    /// Sent and taken by the server.
    public var sent: [SharedSetting] = []
    /// Changed by another member and taken here.
    public var received: [SharedSetting] = []
    /// Changed here and on the server: both kept until `resolve`.
    public var conflicts: [SharedSetting] = []
    /// The server's value can't be used here (why, in English): left as it is here.
    public var unusable: [SharedSetting: String] = [:]
    /// What matching the store again did, when the household's accounts came.
    public var matched = MatchOutcome()

    public init() {}

    /// This outcome and a later round's of the same sync.
    public mutating func add(_ later: SettingsOutcome) {
        for setting in later.sent where !sent.contains(setting) { sent.append(setting) }
        for setting in later.received where !received.contains(setting) { received.append(setting) }
        for setting in later.conflicts where !conflicts.contains(setting) { conflicts.append(setting) }
        unusable.merge(later.unusable) { _, later in later }
        // What matching did after accounts came: a sync sends those changes before it ends (`ChangeServer.run`).
        matched += later.matched
    }
}

extension Household {
    /// The settings to send: each whose value here is not the one last synced (and not waiting in a conflict).
    public func settingsToSend(_ files: SharedSettingFiles) throws -> [SettingChange] { try settingsToSend(files, journal: journal()) }

    /// The household settings here that differ from what was last synced and are longer than the server keeps, by
    /// key, with their length: they can never be sent (a year of notes merged from two members' can grow past it),
    /// so sync and `check` say so, never "Nothing to send".
    public func oversizedSettings(_ files: SharedSettingFiles) throws -> [String: Int] {
        let journal = try journal()
        let here = try files.read(known: journal.settingKeys)
        var oversized: [String: Int] = [:]
        for (setting, value) in here where value.utf16.count > SharedSetting.maximumLength {
            guard value != journal.settings[setting.rawValue]?.value else { continue }
            oversized[setting.rawValue] = value.utf16.count
        }
        return oversized
    }

    /// `oversizedSettings` for `check` (errors, so it exits 1), when the store syncs with the household server.
    public func oversizedSettingProblems(_ files: SharedSettingFiles) throws -> [StoreProblem] {
        guard let journal = try checkedJournal(), journal.changeProtocol else { return [] }
        // A settings file that can't be read is reported by the store's own check; here it only has no length.
        return ((try? oversizedSettings(files)) ?? [:]).sorted { $0.key < $1.key }.map { setting, length in
            if setting == SharedSetting.layouts.rawValue, let directory = files.configDirectory {
                let folder = FileSystem.join(directory, SharedSettingFiles.layoutsFolder)
                return StoreProblem(.error, folder, .settingTooLarge(setting: setting, length: length))
            }
            let file = SharedSetting(rawValue: setting)?.notesYear != nil ? "notes.json" : setting + ".json"
            return StoreProblem(.error, FileSystem.join(store.root, file), .settingTooLarge(setting: setting, length: length))
        }
    }

    /// `settingsToSend`, against the sync state as the caller read it.
    func settingsToSend(_ files: SharedSettingFiles, journal: SyncJournal) throws -> [SettingChange] {
        let here = try files.read(known: journal.settingKeys)
        return SharedSetting.listed(journal.settingKeys + here.keys.map(\.rawValue)).compactMap { setting in
            let key = setting.rawValue
            // A setting removed here since it was synced goes as `removed`; one never set here and never synced, not at
            // all. A file here that kakeibo can't read (`check` reports it) is never sent to the others.
            let value = here[setting] ?? SharedSettingFiles.removed
            guard journal.settingConflicts[key] == nil, value != journal.settings[key]?.value ?? SharedSettingFiles.removed,
                files.problem(setting, value) == nil
            else { return nil }
            return SettingChange(setting: setting, base: journal.settings[key]?.revision ?? 0, value: value)
        }
    }

    /// Applies the server's answer under the store's lock: a setting sent and taken is synced at its new revision;
    /// one refused keeps both versions as a conflict (unless they are equal); one another member changed replaces
    /// this machine's when it was not changed here since it was last synced (a value kakeibo can't read is left out
    /// and said). Files are written before the sync state, so a sync stopped between them ends the same next time.
    public func applySettings(_ answer: SettingsAnswer, sent: [SettingChange], _ files: SharedSettingFiles) throws -> SettingsOutcome {
        var outcome = try writeSettings(answer, sent: sent, files)
        // Accounts from another member: every payment resolves anew, and the lines are matched again. Rules too:
        // a line that kept its statement's 利用者 follows the member rules (`MatchPlan.derivedMember`).
        if outcome.received.contains(.accounts) || outcome.received.contains(.rules) { outcome.matched = try matchAll() }
        return outcome
    }

    private func writeSettings(_ answer: SettingsAnswer, sent: [SettingChange], _ files: SharedSettingFiles) throws -> SettingsOutcome {
        try store.write { _ in
            let before = try SyncJournalFile.read(store, memo: journalMemo)
            var journal = before
            var outcome = SettingsOutcome()
            let here = try files.read(known: journal.settingKeys)
            for setting in SharedSetting.listed(journal.settingKeys + here.keys.map(\.rawValue) + answer.settings.keys) {
                let key = setting.rawValue
                let local = here[setting] ?? SharedSettingFiles.removed
                let server = answer.settings[key]
                if let change = sent.first(where: { $0.setting == setting }) {
                    try settleSetting(setting, sent: change, answer, local: local, files, &journal, &outcome)
                    continue
                }
                guard let server else { continue }
                if let conflict = journal.settingConflicts[key] {
                    let newest = server.revision > conflict.revision ? server : conflict
                    journal.settingConflicts[key] = newest
                    // One on nothing but bookkeeping (an older kakeibo kept it whole) settles itself.
                    let base = journal.settings[key]?.value ?? SharedSettingFiles.removed
                    if SettingEntries.merged.contains(setting),
                        try files.merge(setting, base: base, mine: local, theirs: newest.value, prefer: .mine)?.conflicts == false
                    {
                        try mergeParts(setting, local: local, server: newest, files, &journal, &outcome)
                    }
                    continue
                }
                guard journal.settings[key] != server else { continue }
                if local == server.value {
                    journal.settings[key] = server
                } else if SharedSettingFiles.mergesInParts(setting), local != journal.settings[key]?.value ?? SharedSettingFiles.removed {
                    // Changed here and by another member since: notes month by month, accounts, rules, fixed costs
                    // and budgets entry by entry, as when the server refuses them.
                    try mergeParts(setting, local: local, server: server, files, &journal, &outcome)
                } else if local == SharedSettingFiles.removed || local == journal.settings[key]?.value {
                    if let problem = files.problem(setting, server.value) {
                        outcome.unusable[setting] = problem
                        continue
                    }
                    try files.write(setting, server.value)
                    journal.settings[key] = server
                    outcome.received.append(setting)
                }
                // Otherwise changed here while the sync ran: the next sync sends it, and the server judges it.
            }
            if journal != before { try SyncJournalFile.write(journal, store, memo: journalMemo) }
            return outcome
        }
    }

    /// The server's answer to a setting sent: taken (synced at its revision), or refused as a conflict, which a note
    /// year or the accounts merge and any other setting keeps as two versions for `resolve`.
    private func settleSetting(
        _ setting: SharedSetting, sent change: SettingChange, _ answer: SettingsAnswer, local: String, _ files: SharedSettingFiles,
        _ journal: inout SyncJournal, _ outcome: inout SettingsOutcome
    ) throws {
        let key = setting.rawValue
        let server = answer.settings[key]
        guard let result = answer.results.first(where: { $0.key == key }) else { return }
        switch result.status {
        case .applied, .unchanged:
            journal.settings[key] = SyncedSetting(revision: result.revision, value: change.value)
            if result.status == .applied { outcome.sent.append(setting) }
        case .conflict:
            guard let server else { return }
            if server.value == local {
                journal.settings[key] = server
            } else if SharedSettingFiles.mergesInParts(setting) {
                try mergeParts(setting, local: local, server: server, files, &journal, &outcome)
            } else {
                journal.settingConflicts[key] = server
                outcome.conflicts.append(setting)
            }
        case .rejected: return
        }
    }

    /// A setting changed here and by another member since they last agreed, merged in parts (a year of notes month by
    /// month; accounts, rules, fixed costs and budgets entry by entry): a part changed on one side takes that side's,
    /// and the setting is synced at the server's revision, so the next round sends the merge. A part both changed to different
    /// values keeps this machine's and makes the setting a conflict. A value the server's can't be read as is said,
    /// and the setting left as it is here; two versions whose merge makes no file (two accounts of one spelling) are a
    /// conflict on the whole.
    private func mergeParts(
        _ setting: SharedSetting, local: String, server: SyncedSetting, _ files: SharedSettingFiles, _ journal: inout SyncJournal,
        _ outcome: inout SettingsOutcome
    ) throws {
        let key = setting.rawValue
        let base = journal.settings[key]?.value ?? SharedSettingFiles.removed
        for (value, isServer) in [(server.value, true), (local, false), (base, false)] {
            guard let problem = files.problem(setting, value) else { continue }
            if isServer { outcome.unusable[setting] = problem }
            return
        }
        guard let merge = try files.merge(setting, base: base, mine: local, theirs: server.value, prefer: .mine) else {
            journal.settingConflicts[key] = server
            outcome.conflicts.append(setting)
            return
        }
        if merge.value != local {
            try files.write(setting, merge.value)
            outcome.received.append(setting)
        }
        if merge.conflicts {
            journal.settingConflicts[key] = server
            outcome.conflicts.append(setting)
        } else {
            journal.settingConflicts[key] = nil
            journal.settings[key] = server
        }
    }
}
