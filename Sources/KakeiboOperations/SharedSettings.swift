import KakeiboStore
import KakeiboValues

/// The household's settings that travel through the household server with `sync` (docs/sync.md#household-settings):
/// each is one text value, exactly as this machine keeps it. What stays per machine — the member's own name, the
/// endpoint, the token and the timeout — is not among them.
public enum SharedSetting: String, Sendable, CaseIterable {
    /// `categories.json` (the taxonomy: what each category code is called).
    case categories
    /// The store's `budgets.json`.
    case budgets
    /// The store's `fixed.json`.
    case fixedCosts = "fixed-costs"
    /// `split` in config.json (`ayumi=60,ken=40`).
    case split
    /// `month-start` in config.json (the payday).
    case monthStart = "month-start"
    /// The store's `rules.json` (how statement lines, receipts and `add` are filed, and who a statement's 利用者 is).
    case rules
    /// The store's `accounts.json` (the household's accounts, their aliases and the balances statements stated).
    case accounts
}

/// Where this machine keeps the household's settings: the store's files, and the configuration directory's
/// `categories.json` and `config.json` (nil where there is no configuration directory).
public struct SharedSettingFiles: Sendable {
    public let store: LedgerStore
    public let configDirectory: String?

    public init(store: LedgerStore, configDirectory: String?) {
        self.store = store
        self.configDirectory = configDirectory
    }

    /// Each setting's value here; a setting never set here is left out.
    public func read() throws -> [SharedSetting: String] {
        var values: [SharedSetting: String] = [:]
        for setting in SharedSetting.allCases {
            switch setting {
            case .categories, .budgets, .fixedCosts, .rules, .accounts:
                let access: FileAccess = setting == .categories ? .configuration : .store
                guard let path = path(setting), let bytes = try FileSystem.read(path, access: access) else { continue }
                values[setting] = String(decoding: bytes, as: UTF8.self)
            case .split, .monthStart:
                guard let configuration = try configuration(), let key = ConfigKey(rawValue: setting.rawValue) else { continue }
                values[setting] = configuration.display(key)
            }
        }
        return values
    }

    /// Why a value the server sent can't be used here (nil: it can). Network input: it is read as kakeibo reads its
    /// own files, never trusted.
    public static func problem(_ setting: SharedSetting, _ value: String) -> String? {
        // Empty: the setting was removed (see `removed`).
        guard value != removed else { return nil }
        let bytes = Array(value.utf8)
        do {
            switch setting {
            case .categories: _ = try TaxonomyCodec.decode(bytes)
            case .budgets: _ = try SettingsFile.budgets.decode(bytes)
            case .fixedCosts: _ = try SettingsFile.fixedCosts.decode(bytes)
            case .split: _ = try Split.parse(value)
            case .monthStart: _ = try MonthStart.parse(value)
            case .rules: _ = try SettingsFile.rules.decode(bytes)
            case .accounts: _ = try SettingsFile.accounts.decode(bytes)
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

    /// Two versions of the household's accounts that differ only in what statements stated (each member imported
    /// their own): one value holding both, the server's accounts with every balance either recorded (the server's
    /// for a day both have) and the later bill. Nil when the accounts themselves differ: a conflict to resolve.
    public static func mergedAccounts(_ local: String, _ server: String) -> String? {
        guard let mine = try? SettingsFile.accounts.decode(Array(local.utf8)), var theirs = try? SettingsFile.accounts.decode(Array(server.utf8))
        else { return nil }
        func definition(_ accounts: Accounts) -> [Account] {
            accounts.all.map { Account(name: $0.name, kind: $0.kind, member: $0.member, aliases: $0.aliases) }
        }
        guard definition(mine) == definition(theirs) else { return nil }
        for account in mine.all {
            theirs.update(account.name) { merged in
                for balance in account.stated where !merged.stated.contains(where: { $0.date == balance.date }) { merged.state(balance) }
                if let bill = account.bill, merged.bill.map({ $0.date < bill.date }) ?? true { merged.bill = bill }
            }
        }
        return String(decoding: SettingsFile.accounts.encode(theirs), as: UTF8.self)
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
        }
    }

    private func path(_ setting: SharedSetting) -> String? {
        switch setting {
        case .categories: return configDirectory.map { FileSystem.join($0, CategoriesFile.fileName) }
        case .budgets: return store.path(of: .budgets)
        case .fixedCosts: return store.path(of: .fixedCosts)
        case .rules: return store.path(of: .rules)
        case .accounts: return store.path(of: .accounts)
        case .split, .monthStart: return nil
        }
    }

    private func configuration() throws -> Configuration? {
        guard let directory = configDirectory else { return nil }
        return try Configuration.load(at: FileSystem.join(directory, Configuration.fileName))
    }
}
