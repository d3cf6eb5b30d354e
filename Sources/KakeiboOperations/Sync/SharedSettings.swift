import KakeiboStore
import KakeiboValues

/// The household's settings that travel through the household server with `sync` (docs/sync.md#household-settings):
/// each is one text value, exactly as this machine keeps it. What stays per machine — the member's own name, the
/// endpoint, the token and the timeout — is not among them. Review notes travel a year to a setting (`notes-2024`),
/// so that years of notes never make one value longer than the server keeps (`maximumLength`).
public struct SharedSetting: Hashable, Sendable {
    /// The server's key: "budgets", "notes-2024".
    public let rawValue: String

    private init(_ rawValue: String) { self.rawValue = rawValue }

    /// `categories.json` (the taxonomy: what each category code is called).
    public static let categories = SharedSetting("categories")
    /// The store's `budgets.json`.
    public static let budgets = SharedSetting("budgets")
    /// The store's `fixed.json`.
    public static let fixedCosts = SharedSetting("fixed-costs")
    /// `split` in config.json (`ayumi=60,ken=40`).
    public static let split = SharedSetting("split")
    /// `month-start` in config.json (the payday).
    public static let monthStart = SharedSetting("month-start")
    /// The store's `rules.json` (how statement lines, receipts and `add` are filed, and who a statement's 利用者 is).
    public static let rules = SharedSetting("rules")
    /// The store's `accounts.json` (the household's accounts, their aliases and the balances statements stated).
    public static let accounts = SharedSetting("accounts")
    /// The household's own layouts: `layouts/NAME.json` in the configuration directory, a layout to an entry.
    public static let layouts = SharedSetting("layouts")
    /// One year's review notes from the store's `notes.json`, as that file writes them.
    public static func notes(_ year: Int) -> SharedSetting { SharedSetting("notes-\(year)") }

    /// The settings every household has, in the order they are listed.
    public static let fixed: [SharedSetting] = [.categories, .budgets, .fixedCosts, .split, .monthStart, .rules, .accounts, .layouts]

    /// The year of a notes setting; nil for the others.
    public var notesYear: Int? {
        guard rawValue.hasPrefix("notes-"), let year = Int(rawValue.dropFirst(6)), rawValue == "notes-\(year)",
            YearMonth(year: year, month: 1) != nil
        else { return nil }
        return year
    }

    /// The setting a server's key names; nil for a key this kakeibo doesn't keep.
    public init?(rawValue: String) {
        self.init(rawValue)
        guard SharedSetting.fixed.contains(self) || notesYear != nil else { return nil }
    }

    /// The settings that `keys` name, with every fixed one, in the order they are listed: the fixed ones, then the
    /// years of notes, oldest first.
    public static func listed(_ keys: some Sequence<String>) -> [SharedSetting] {
        let years = Set(keys.compactMap { SharedSetting(rawValue: $0)?.notesYear })
        return fixed + years.sorted().map(notes)
    }

    /// The longest value the household server keeps, in UTF-16 code units as it counts (`MAX_SETTING_CHARS`).
    public static let maximumLength = ServerCell.limit
}

/// Where this machine keeps the household's settings: the store's files, and the configuration directory's
/// `categories.json`, `config.json` and `layouts/` (nil where there is no configuration directory).
public struct SharedSettingFiles: Sendable {
    public let store: LedgerStore
    public let configDirectory: String?
    /// Why a layout's text can't be used (nil: it can), as an import reads layouts: a layout from another member is
    /// checked by it before it is written. Without it a layout is checked only as JSON text under a name.
    public let layoutProblem: (@Sendable (String) -> String?)?

    public init(store: LedgerStore, configDirectory: String?, layoutProblem: (@Sendable (String) -> String?)? = nil) {
        self.store = store
        self.configDirectory = configDirectory
        self.layoutProblem = layoutProblem
    }

    /// Each setting's value here; a setting never set here is left out. A notes.json kakeibo can't read gives each
    /// year of notes in `known` its text as it is, which is never sent and never replaced (as a budgets.json it can't
    /// read is).
    public func read(known: some Sequence<String> = []) throws -> [SharedSetting: String] {
        var values: [SharedSetting: String] = [:]
        for setting in SharedSetting.fixed {
            switch setting {
            case .split, .monthStart:
                guard let configuration = try configuration(), let key = ConfigKey(rawValue: setting.rawValue) else { continue }
                values[setting] = configuration.display(key)
            case .layouts:
                let layouts = try readLayouts()
                if !layouts.isEmpty { values[setting] = LayoutsSetting.encode(layouts) }
            default:
                let access: FileAccess = setting == .categories ? .configuration : .store
                guard let path = path(setting), let bytes = try FileSystem.read(path, access: access) else { continue }
                values[setting] = String(decoding: bytes, as: UTF8.self)
            }
        }
        guard let bytes = try FileSystem.read(store.path(of: .notes)) else { return values }
        guard let notes = try? SettingsFile.notes.decode(bytes) else {
            for setting in SharedSetting.listed(known) where setting.notesYear != nil { values[setting] = String(decoding: bytes, as: UTF8.self) }
            return values
        }
        for (year, months) in Dictionary(grouping: notes, by: \.key.year) {
            values[.notes(year)] = SharedSettingFiles.notesValue(Dictionary(uniqueKeysWithValues: months.map { ($0.key, $0.value) }))
        }
        return values
    }

    /// One year's notes as a setting's value: as notes.json writes them.
    public static func notesValue(_ notes: [YearMonth: String]) -> String {
        notes.isEmpty ? removed : String(decoding: SettingsFile.notes.encode(notes), as: UTF8.self)
    }

    /// One year's notes from a setting's value that `problem` passed.
    public static func notes(_ value: String) -> [YearMonth: String] {
        value == removed ? [:] : (try? SettingsFile.notes.decode(Array(value.utf8))) ?? [:]
    }

    /// Why a value the server sent can't be used here (nil: it can). Network input: it is read as kakeibo reads its
    /// own files, never trusted.
    public static func problem(_ setting: SharedSetting, _ value: String) -> String? {
        // Empty: the setting was removed (see `removed`).
        guard value != removed else { return nil }
        let bytes = Array(value.utf8)
        // Longer than the server keeps: a year of notes that hand edits made longer than `review --note` allows.
        guard value.utf16.count <= SharedSetting.maximumLength else {
            return "\(value.utf16.count) characters, more than the household server keeps (\(SharedSetting.maximumLength))"
        }
        do {
            switch setting {
            case .categories: _ = try TaxonomyCodec.decode(bytes)
            case .budgets: _ = try SettingsFile.budgets.decode(bytes)
            case .fixedCosts: _ = try SettingsFile.fixedCosts.decode(bytes)
            case .split: _ = try Split.parse(value)
            case .monthStart: _ = try MonthStart.parse(value)
            case .rules: _ = try SettingsFile.rules.decode(bytes)
            case .accounts: _ = try SettingsFile.accounts.decode(bytes)
            case .layouts: return LayoutsSetting.problem(value, check: nil)
            default:
                guard let year = setting.notesYear else { return "not a setting kakeibo keeps" }
                for (month, note) in try SettingsFile.notes.decode(bytes) {
                    guard month.year == year else { return "a note for \(month.iso) among \(year)'s" }
                    guard try MonthNote.validate(note) == note else { return "\(month.iso)'s note is not as kakeibo saves one" }
                }
            }
            return nil
        } catch let failure as KakeiboFailure {
            return failure.message(in: .en)
        } catch let problem as SettingsFileProblem {
            return problem.message(in: .en)
        } catch {
            return "\(error)"
        }
    }

    /// `problem`, with each layout of a `layouts` value read as an import reads it (`layoutProblem`).
    public func problem(_ setting: SharedSetting, _ value: String) -> String? {
        guard setting == .layouts, value != SharedSettingFiles.removed else { return SharedSettingFiles.problem(setting, value) }
        return LayoutsSetting.problem(value, check: layoutProblem)
    }

    /// Whether a setting merges in parts when two members changed it: a year of notes month by month, the accounts,
    /// rules, fixed costs and budgets entry by entry (`SettingMerge`); the others are one value each.
    public static func mergesInParts(_ setting: SharedSetting) -> Bool {
        setting.notesYear != nil || SettingEntries.merged.contains(setting)
    }

    /// Three versions of a setting that merges in parts, merged (`prefer`: the side a part both changed takes): the
    /// value, and whether some part was changed by both. Nil where the versions can't be merged so.
    func merge(
        _ setting: SharedSetting, base: String, mine: String, theirs: String, prefer: ConflictSide
    ) throws -> (value: String, conflicts: Bool)? {
        if setting.notesYear != nil {
            let merge = NotesMerge(base: base, mine: mine, theirs: theirs, prefer: prefer)
            return (merge.value, !merge.conflicts.isEmpty)
        }
        return SettingMerge(setting, base: base, mine: mine, theirs: theirs, prefer: prefer, taxonomy: try taxonomy()).map {
            ($0.value, !$0.conflicts.isEmpty)
        }
    }

    /// The household's categories here (`categories.json`, else the standard ones): the order budgets.json lists
    /// its budgets in.
    func taxonomy() throws -> Taxonomy {
        guard let path = path(.categories), let bytes = try FileSystem.read(path, access: .configuration) else { return .standard }
        do { return try TaxonomyCodec.decode(bytes) } catch { throw StoreError.badCategories(path: path, problem: error) }
    }

    /// The value that says a setting was removed (its file, or its key in config.json, is gone): a member who
    /// removes the last budget or unsets the split sends it, and the others remove theirs.
    public static let removed = ""

    /// Writes a checked value here: a store file as the store replaces its files (backed up, under the lock the
    /// caller holds), a configuration file atomically under the configuration directory's lock. `removed` removes
    /// the file or the key.
    func write(_ setting: SharedSetting, _ value: String) throws {
        let bytes = value == SharedSettingFiles.removed ? nil : Array(value.utf8)
        switch setting {
        case .budgets, .fixedCosts, .rules, .accounts:
            guard let path = path(setting) else { return }
            try store.replaceFile(path, with: bytes, operation: store.operation)
        case _ where setting.notesYear != nil:
            // The year's notes replace this machine's of that year; the other years stay as they are.
            guard let year = setting.notesYear else { return }
            var notes = try store.read(.notes).filter { $0.key.year != year }
            notes.merge(SharedSettingFiles.notes(value)) { _, new in new }
            try store.replaceFile(store.path(of: .notes), with: notes.isEmpty ? nil : SettingsFile.notes.encode(notes), operation: store.operation)
        case .categories:
            guard let path = path(setting), let directory = configDirectory else { return }
            try FileSystem.makeDirectories(directory)
            let lock = try FileLock(directory: directory)
            defer { lock.release() }
            if let bytes { try FileSystem.replaceAtomically(path, bytes) } else { try FileSystem.remove(path) }
        case .split, .monthStart:
            guard let directory = configDirectory, let key = ConfigKey(rawValue: setting.rawValue) else { return }
            try FileSystem.makeDirectories(directory)
            let lock = try FileLock(directory: directory)
            defer { lock.release() }
            var configuration = try Configuration.load(at: FileSystem.join(directory, Configuration.fileName))
            if bytes == nil { configuration.unset(key) } else { try configuration.set(key, value) }
            try configuration.save()
        case .layouts:
            guard let directory = configDirectory, let layouts = LayoutsSetting.decode(value) else { return }
            try FileSystem.makeDirectories(directory)
            let lock = try FileLock(directory: directory)
            defer { lock.release() }
            let folder = FileSystem.join(directory, SharedSettingFiles.layoutsFolder)
            let here = try readLayouts()
            if !layouts.isEmpty { try FileSystem.makeDirectories(folder) }
            for layout in layouts where !here.contains(where: { $0.name == layout.name && $0.text == layout.text }) {
                try FileSystem.replaceAtomically(FileSystem.join(folder, layout.name + ".json"), Array(layout.text.utf8))
            }
            // Only a layout that travels is removed: a file of another name was never sent, so never removed.
            for old in here where !layouts.contains(where: { $0.name == old.name }) {
                try FileSystem.remove(FileSystem.join(folder, old.name + ".json"))
            }
        default: return
        }
    }

    /// The configuration directory's folder of the household's own layouts.
    public static let layoutsFolder = "layouts"
    /// The most layout files read from that folder, by an import and by a sync alike.
    public static let maximumLayouts = 200

    /// The layouts here that travel (`LayoutsSetting.isName`), by name: every regular `*.json` of the layouts
    /// folder, at most as many as an import reads, each read bounded.
    private func readLayouts() throws -> [(name: String, text: String)] {
        guard let directory = configDirectory else { return [] }
        let folder = FileSystem.join(directory, SharedSettingFiles.layoutsFolder)
        let names = (try FileSystem.list(folder) ?? []).filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
        var layouts: [(name: String, text: String)] = []
        for name in names.filter(LayoutsSetting.isName).sorted().prefix(LayoutsSetting.maximumFiles) {
            let path = FileSystem.join(folder, name + ".json")
            guard FileSystem.isRegularFile(path), let bytes = try FileSystem.read(path, access: .configuration) else { continue }
            layouts.append((name, String(decoding: bytes, as: UTF8.self)))
        }
        return layouts
    }

    private func path(_ setting: SharedSetting) -> String? {
        switch setting {
        case .categories: return configDirectory.map { FileSystem.join($0, CategoriesFile.fileName) }
        case .budgets: return store.path(of: .budgets)
        case .fixedCosts: return store.path(of: .fixedCosts)
        case .rules: return store.path(of: .rules)
        case .accounts: return store.path(of: .accounts)
        default: return nil
        }
    }

    private func configuration() throws -> Configuration? {
        guard let directory = configDirectory else { return nil }
        return try Configuration.load(at: FileSystem.join(directory, Configuration.fileName))
    }
}
