import KakeiboImport
import KakeiboKit

/// Everything a command needs from outside: the store, the taxonomy, the language, the clock and the terminal.
/// Output is collected here and written by the entry point, data to stdout and messages to stderr.
package final class Context {
    package let terminal: Terminal
    package let language: Language
    package let clock: Clock
    package let storeOption: String?
    /// The commands this process runs (help and completion list them).
    package let commands: CommandTable
    /// The command running, whose name labels the store's backups ("import", "pull").
    package internal(set) var command: String?
    /// The command only reads the store (a dry run): a store named where no directory is reads as empty.
    package var readsOnly = false
    /// `--lock-timeout`: how many seconds to wait for the store's lock before giving up (nil: for ever).
    package internal(set) var lockTimeout: Int?
    package private(set) var output = ""
    package private(set) var messages = ""

    init(terminal: Terminal, language: Language, clock: Clock, storeOption: String?, commands: CommandTable = CommandTable()) {
        self.commands = commands
        self.terminal = terminal
        self.language = language
        self.clock = clock
        self.storeOption = storeOption
    }

    package var environment: Environment { terminal.environment }

    package var textStyle: TextStyle {
        TextStyle(language: language, colour: terminal.stdoutColour, width: terminal.width)
    }

    /// Data for stdout.
    package func print(_ text: String) { output += text }

    /// A message for stderr, prefixed "kakeibo: ", with any control characters from data shown as escapes.
    package func note(_ text: String) { messages += "kakeibo: " + terminalSafe(text, keepingNewlines: true) + "\n" }

    /// The store, resolved once.
    package func store() throws -> LedgerStore {
        if let cachedStore { return cachedStore }
        let operation = command.map { StoreOperation(name: $0, time: clock.now) }
        let language = self.language
        // Said at once, not with the other messages at the end: the wait is happening now.
        let wait = LockWait(timeout: lockTimeout.map(Double.init)) { holder, lock in
            Terminal.write(
                "kakeibo: " + terminalSafe(LockHolder.waitingMessage(holder, for: lock, in: language), keepingNewlines: false) + "\n", to: 2)
        }
        let store = LedgerStore(
            root: try Locations.store(option: storeOption, environment: environment, readOnly: readsOnly), operation: operation, lockWait: wait)
        storeWasMissing = !store.exists
        cachedStore = store
        return store
    }

    /// The store as something to change, at this run's time: every write of items goes through it.
    package func household() throws -> Household {
        Household(store: try store(), now: clock.now, taxonomy: (try? taxonomy()) ?? .standard)
    }

    /// The store for a query: says on stderr when there is none yet (the first `add` creates it).
    package func storeForReading() throws -> LedgerStore {
        let store = try store()
        if !store.exists {
            note(language.pick("no store at \(store.root) yet; 'kakeibo add' creates it", "\(store.root) にはまだ保存先がありません。'kakeibo add' で作成されます"))
        }
        return store
    }

    /// The household's categories file if there is one (`categories.json` in the configuration directory),
    /// else the app's default taxonomy.
    package func taxonomy() throws -> Taxonomy {
        if let cachedTaxonomy { return cachedTaxonomy }
        var taxonomy = Taxonomy.standard
        if let path = categoriesPath(), let bytes = try FileSystem.read(path, access: .configuration) {
            do { taxonomy = try TaxonomyCodec.decode(bytes) } catch { throw StoreError.badCategories(path: path, problem: error) }
        }
        cachedTaxonomy = taxonomy
        return taxonomy
    }

    /// config.json, read once in a run however many settings the command takes from it (a file that can't be read
    /// is an error each time it is asked for, as it was the first time).
    package func configFile() throws -> ConfigFile {
        if let cachedConfigFile { return cachedConfigFile }
        if let configFileError { throw configFileError }
        do {
            let file = try ConfigFile.read(environment: environment)
            cachedConfigFile = file
            return file
        } catch {
            configFileError = error
            throw error
        }
    }

    /// This run's start day of a month: `option`, else `month-start` in config.json, else the calendar month.
    package func monthStart(_ option: MonthStart? = nil) throws -> MonthStart {
        try MonthStart.resolve(option: option, file: try configFile())
    }

    /// Whether this household syncs with a server (a config.json that can't be read counts as not, here).
    package func syncs() -> Bool { SyncSettings.isConfigured(environment: environment, file: try? configFile()) }

    /// Where the household's categories file is (`categories.json` in the configuration directory); without HOME or
    /// XDG_CONFIG_HOME there is no configuration directory, hence no categories file.
    package func categoriesPath() -> String? {
        (try? Locations.config(environment: environment)).map { FileSystem.join($0, CategoriesFile.fileName) }
    }

    /// Where this machine keeps the household's shared settings (the store's files and the configuration directory's).
    package func sharedSettingFiles() throws -> SharedSettingFiles {
        SharedSettingFiles(store: try store(), configDirectory: try? Locations.config(environment: environment), layoutProblem: Context.layoutProblem)
    }

    /// Why a layout from another member can't be used here, read as an import reads it, before it is written among
    /// this machine's layouts; nil when it can.
    @Sendable static func layoutProblem(_ text: String) -> String? {
        do {
            _ = try Layout.parse(Array(text.utf8), origin: SharedSettingFiles.layoutsFolder)
            return nil
        } catch {
            return error.message(in: .en)
        }
    }

    /// Says on stderr where a store was created, when this run's first write made it.
    func noteCreatedStore() {
        guard storeWasMissing, let cachedStore, cachedStore.exists else { return }
        note(language.pick("created a new store at \(cachedStore.root)", "新しい保存先を \(cachedStore.root) に作りました"))
    }

    private var cachedStore: LedgerStore?
    private var storeWasMissing = false
    private var cachedTaxonomy: Taxonomy?
    private var cachedConfigFile: ConfigFile?
    private var configFileError: StoreError?
}
