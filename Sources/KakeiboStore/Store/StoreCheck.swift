import KakeiboValues

/// `kakeibo check`: reads every file of the store and reports each problem with its file and item, rather than
/// stopping at the first as the commands do. It changes nothing, except to finish an interrupted change as every
/// command does before reading.
public enum StoreCheck {
    /// Checks the store, and the household's categories file at `categoriesPath` (the taxonomy the items are checked
    /// against: the standard one when that file is missing or unusable, or there is no configuration directory).
    public static func run(_ store: LedgerStore, categoriesPath: String?) throws -> CheckReport {
        var found = Findings()
        let taxonomy = categories(categoriesPath, &found)
        if store.exists {
            found.problems += try leftovers(store)
            let refused = try files(store)
            found.problems += refused
            let skipped = Set(refused.map(\.path))
            let body = {
                try months(store, taxonomy, skipping: skipped, &found)
                settings(.budgets, store, skipping: skipped, &found)
                settings(.fixedCosts, store, skipping: skipped, &found)
                settings(.notes, store, skipping: skipped, &found)
                settings(.rules, store, skipping: skipped, &found)
                settings(.icCards, store, skipping: skipped, &found)
                found.problems += try Backups(store: store).check()
            }
            // An interrupted change's journal that is no file can't be finished (every other command says so): the
            // store is read as it stands.
            if skipped.contains(store.commitPath) || skipped.contains(store.journalDirectory) { try body() } else { try store.readingLocked(body) }
            let setAside = SetAsideFile(store: store)
            for entry in setAside.read() {
                found.add(.warning, setAside.path, .setAside(month: entry.month, reason: entry.reason), item: entry.id)
            }
        }
        return CheckReport(store: store.root, files: found.files, items: found.items, problems: found.problems)
    }

    /// What the check has found so far, file by file.
    private struct Findings {
        var files = 0
        var items = 0
        var problems: [StoreProblem] = []

        mutating func add(_ severity: StoreProblem.Severity, _ path: String, _ kind: StoreProblem.Kind, item: String? = nil) {
            problems.append(StoreProblem(severity, path, kind, item: item))
        }
    }

    private static func categories(_ path: String?, _ report: inout Findings) -> Taxonomy {
        guard let path else { return .standard }
        do {
            guard let bytes = try FileSystem.read(path, access: .configuration) else { return .standard }
            report.files += 1
            return try TaxonomyCodec.decode(bytes)
        } catch let error as TaxonomyProblem {
            report.add(.error, path, .categories(error))
        } catch let error as StoreError {
            report.add(.error, path, .io(error))
        } catch {}
        return .standard
    }

    private static func months(_ store: LedgerStore, _ taxonomy: Taxonomy, skipping skipped: Set<String>, _ report: inout Findings) throws {
        var firstFile: [String: String] = [:] // id → the month file it was first seen in (its name)
        for month in try store.months() {
            let path = store.path(month)
            report.files += 1
            if skipped.contains(path) { continue } // reported as what it is
            let bytes: [UInt8]
            do {
                guard let read = try FileSystem.read(path) else { continue } // removed since the listing
                bytes = read
            } catch {
                report.add(.error, path, .io(error))
                continue
            }
            let (items, problems) = MonthFileCodec.inspect(bytes, month: month)
            for problem in problems { report.add(.error, path, .month(problem), item: problem.item) }
            if problems.isEmpty && !skipped.contains(store.summaryPath(month)) { summary(store, month, bytes, items, &report) }
            for item in items {
                if let other = firstFile[item.id] {
                    report.add(.error, path, .duplicateAcrossMonths(otherFile: other), item: item.id)
                } else {
                    firstFile[item.id] = LedgerStore.fileName(month)
                }
                if !taxonomy.knows(item.category) {
                    report.add(.warning, path, .unknownCategory(item.category), item: item.id)
                }
            }
            report.items += items.count
        }
        for name in try FileSystem.list(store.summaryDirectory) ?? [] {
            guard let month = LedgerStore.month(fileName: name), !FileSystem.exists(store.path(month)) else { continue }
            report.add(.warning, store.summaryPath(month), .summary(.orphan))
        }
    }

    /// A month's summary (`.summary/2024-12.json`) is only ever a shortcut: one that can't be read or was made from
    /// other bytes is passed over (a warning); one made from these very bytes that disagrees with them would give a
    /// wrong total (an error).
    private static func summary(_ store: LedgerStore, _ month: YearMonth, _ bytes: [UInt8], _ items: [Item], _ report: inout Findings) {
        let path = store.summaryPath(month)
        guard let stored = (try? FileSystem.read(path)) ?? nil else { return }
        guard let (summary, source) = SummaryFileCodec.decode(stored, month: month) else {
            return report.add(.warning, path, .summary(.unreadable))
        }
        guard source == Fingerprint(of: bytes) else { return report.add(.warning, path, .summary(.stale)) }
        let days = SummaryFileCodec.decodeWithDays(stored, month: month)?.days
        if summary != MonthSummary(month: month, items: items) || days.map({ $0 != DaySums(month: month, items: items) }) == true {
            report.add(.error, path, .summary(.disagrees))
        }
    }

    /// A settings file that exists, read as the commands read it (unless it is no file: named as such already).
    private static func settings<Value, Context>(
        _ file: SettingsFile<Value, Context>, _ store: LedgerStore, skipping skipped: Set<String>, _ report: inout Findings
    ) {
        let path = store.path(of: file)
        guard FileSystem.exists(path), !skipped.contains(path) else { return }
        report.files += 1
        do { _ = try store.read(file) } catch let error as SettingsFileError {
            report.add(.error, path, .settings(error.problem))
        } catch let error as StoreError {
            report.add(.error, path, .io(error))
        } catch {}
    }

    /// What an interrupted write left behind, seen before the lock is taken (taking it finishes or discards them).
    private static func leftovers(_ store: LedgerStore) throws -> [StoreProblem] {
        var problems: [StoreProblem] = []
        if let staged = try FileSystem.list(store.journalDirectory), !staged.isEmpty {
            let committed = staged.contains("COMMIT")
            problems.append(StoreProblem(.warning, committed ? store.commitPath : store.journalDirectory, .interruptedChange(committed: committed)))
        }
        for name in try FileSystem.list(store.root) ?? [] where LedgerStore.isTemporary(name) {
            problems.append(StoreProblem(.warning, FileSystem.join(store.root, name), .leftoverFile))
        }
        return problems
    }
}

/// What `kakeibo check` found.
public struct CheckReport: Sendable {
    public let store: String
    /// Files read: month files, and the settings files and categories.json when they exist.
    public let files: Int
    /// Items that are sound.
    public let items: Int
    public let problems: [StoreProblem]

    public init(store: String, files: Int, items: Int, problems: [StoreProblem]) {
        self.store = store
        self.files = files
        self.items = items
        self.problems = problems
    }

    public var errors: Int { problems.count { $0.severity == .error } }
    /// Problems that make `check` exit 1: every error, and the warnings a cron job must hear of (a change the
    /// household server refused, an item this store and the server differ on).
    public var failing: Int { problems.count { $0.severity == .error || $0.failsCheck } }
    public var warnings: Int { problems.count { $0.severity == .warning } }

    /// This report with more problems found beside the store's files (what the sync state can't explain).
    public func adding(_ more: [StoreProblem]) -> CheckReport {
        CheckReport(store: store, files: files, items: items, problems: problems + more)
    }

    /// A path as the report shows it: relative to the store when inside it.
    public func display(_ path: String) -> String {
        let prefix = store.hasSuffix("/") ? store : store + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}

/// One problem `kakeibo check` found: how serious, in which file, with which item, and what.
public struct StoreProblem: Sendable, Equatable {
    public enum Severity: String, Sendable {
        /// Something a command would refuse, or that is wrong: `check` exits 1.
        case error
        /// Legal but worth knowing (an unknown category code), or left by an interruption and cleaned up by itself.
        case warning
    }

    public enum Kind: Sendable, Equatable {
        case io(StoreError)
        case month(MonthFileProblem)
        case duplicateAcrossMonths(otherFile: String)
        case unknownCategory(CategoryCode)
        /// A settings file (budgets.json, fixed.json, notes.json, rules.json, ic-cards.json) that can't be used.
        case settings(SettingsFileProblem)
        case categories(TaxonomyProblem)
        /// A multi-month change was interrupted: committed (finished now) or not (its staged files thrown away).
        case interruptedChange(committed: Bool)
        /// A temporary file of a write that was interrupted.
        case leftoverFile
        /// A backup that can't be restored.
        case backup(BackupProblem)
        case summary(SummaryProblem)
        /// A row of the household server's that the last pull of its month could not understand and left out.
        case setAside(month: YearMonth, reason: LocalizedText)
        /// A path kakeibo opens that is not what it may open (a link, a FIFO, a device, a directory for a file).
        case notAFile(NodeKind)
        /// A file named like a month (`2024-13.json`) that no month is, holding `items` items (nil: unreadable).
        case notAMonth(items: Int?)
        /// An item marked synced whose content is not what was last synced, with nothing queued to send it.
        case diverged(month: YearMonth)
        /// An item whose change the household server refused, and why.
        case refused(reason: String)
        /// The store differs from what it last synced, and nothing waiting to be sent explains it: an item the server
        /// has (at `revision`) that is gone here, or (nil) one marked synced that the server never confirmed.
        case unexplained(month: YearMonth?, revision: Int?)
        /// A household setting here (`rules`, `notes-2024`) longer than the household server keeps: it never syncs.
        case settingTooLarge(setting: String, length: Int)
    }

    /// What is wrong with a month's summary.
    public enum SummaryProblem: Sendable, Equatable {
        case unreadable, stale, disagrees, orphan
    }

    public let severity: Severity
    public let path: String
    /// The item's id, or "[index]" when it has none that can be read.
    public let item: String?
    public let kind: Kind

    public init(_ severity: Severity, _ path: String, _ kind: Kind, item: String? = nil) {
        self.severity = severity
        self.path = path
        self.kind = kind
        self.item = item
    }

    /// Whether this warning still makes `check` exit 1 (docs/exit-codes.md): the members would not end equal.
    public var failsCheck: Bool {
        switch kind {
        case .refused, .unexplained: return true
        default: return severity == .error
        }
    }

    /// A stable name for the kind of problem, for scripts (`kind` in JSON).
    public var code: String {
        switch kind {
        case .io: return "io"
        case .month(let problem):
            switch problem {
            case .item: return "item"
            case .dateOutsideMonth: return "dateOutsideMonth"
            case .duplicateID: return "duplicateID"
            case .schemaNewer: return "schemaNewer"
            default: return "unreadable"
            }
        case .duplicateAcrossMonths: return "duplicateID"
        case .unknownCategory: return "unknownCategory"
        case .settings(let problem): return problem.form.root
        case .categories: return "categories"
        case .interruptedChange: return "interruptedChange"
        case .leftoverFile: return "leftoverFile"
        case .backup: return "backup"
        case .summary: return "summary"
        case .setAside: return "setAside"
        case .unexplained: return "unsynced"
        case .notAFile: return "notAFile"
        case .notAMonth: return "notAMonth"
        case .diverged: return "diverged"
        case .refused: return "refused"
        case .settingTooLarge: return "settingTooLarge"
        }
    }

    public func message(in language: Language) -> String {
        switch kind {
        case .io(let error): return error.message(in: language)
        case .month(let problem):
            switch problem {
            case .item(let item): return (item.field.map { "\($0): " } ?? "") + item.problem.message(in: language)
            case .dateOutsideMonth(_, _, let date):
                return language.pick("dated \(date.iso), outside this file's month", "日付 \(date.iso) がこのファイルの月の外です")
            case .duplicateID: return language.pick("appears twice in this file", "このファイルに 2 回あります")
            default: return problem.message(in: language)
            }
        case .duplicateAcrossMonths(let other):
            return language.pick("the same id is also in \(other)", "同じ ID が \(other) にもあります")
        case .unknownCategory(let code):
            let sub = code.subcategory.map { language.pick(", subcategory \($0)", "、内訳 \($0)") } ?? ""
            return language.pick(
                "category code \(code.category)\(sub) is not in the categories (kept as it is; shown as a number)",
                "項目コード \(code.category)\(sub) は項目の一覧にありません（そのまま保存され、番号で表示されます）")
        case .settings(let problem): return problem.message(in: language)
        case .categories(let problem): return problem.message(in: language)
        case .interruptedChange(let committed):
            return committed
                ? language.pick("a change of several months was interrupted after it committed: finished it", "複数の月の変更が確定後に中断されていたので、完了させました")
                : language.pick(
                    "a change of several months was interrupted before it committed (nothing had changed); the next change removes what it staged",
                    "複数の月の変更が確定前に中断されていました（何も変わっていません）。準備されたファイルは次の変更で削除されます")
        case .leftoverFile:
            return language.pick(
                "temporary file of an interrupted write (the month files are intact); the next change removes it",
                "中断された書き込みの一時ファイルです（月のファイルは無事です）。次の変更で削除されます")
        case .backup(let problem): return problem.message(in: language)
        case .notAFile(let kind): return kind.checkMessage(in: language)
        case .notAMonth(let items):
            let holding = items.map { language.pick(" (it holds \($0) item\($0 == 1 ? "" : "s"))", "（\($0) 件のデータがあります）") } ?? ""
            return language.pick(
                "named like a month file, but no month has this name: no command reads it\(holding); rename it to its month's name (2024-12.json) or move it away",
                "月のファイルのような名前ですが、そのような月はありません。どのコマンドも読みません\(holding)。正しい月の名前（2024-12.json）に変えるか、移動してください")
        case .diverged(let month):
            return language.pick(
                "changed here since it was last synced (a hand edit?), with nothing queued to send it: the other members still have the synced version; the next 'kakeibo sync \(month.year) \(month.month)' sends this one",
                "前回の同期の後にここで変更されていますが（手で編集しましたか）、送る変更がありません。ほかのメンバーには同期済みの内容が残っています。次の 'kakeibo sync \(month.year) \(month.month)' でこの内容を送ります")
        case .refused(let reason):
            return language.pick(
                "the household server refused this item's change (\(terminalSafe(reason))): it stays here only; fix it ('kakeibo edit') and sync",
                "家計簿サーバーがこのデータの変更を拒否しました（\(terminalSafe(reason))）。ここにだけあります。'kakeibo edit' で直してから同期してください")
        case .setAside(let month, let reason):
            return language.pick(
                "a row of the household server's \(month.iso) was set aside by the last pull: \(reason.en); fix it in the sheet (the rest of the month was pulled)",
                "家計簿サーバーの \(month.iso) の行を前回の pull で取り込みませんでした: \(reason.ja)。シートで直してください（月の残りは取り込み済みです）")
        case .settingTooLarge(let setting, let length):
            return language.pick(
                "the household's \(setting) here is \(Yen(length).grouped) characters, more than the household server keeps of a setting (\(Yen(ServerCell.limit).grouped)): it never syncs, the other members don't have it; shorten it (remove entries no longer needed)",
                "ここにある家計の \(setting) は \(Yen(length).grouped) 文字で、家計簿サーバーがひとつの設定に保存できる長さ（\(Yen(ServerCell.limit).grouped) 文字）を超えます。同期されず、ほかのメンバーにはありません。不要な項目を削除して短くしてください"
            )
        case .unexplained(let month, let revision):
            let pull = month.map { "kakeibo pull \($0.year) \($0.month)" } ?? "kakeibo pull YEAR MONTH"
            if let revision {
                return language.pick(
                    "the household server has this item (revision \(revision)) but it is gone here with no delete to send: the other members still have it; '\(pull)' brings it back (then delete it to delete it for everyone)",
                    "家計簿サーバーにはこのデータ（版 \(revision)）がありますが、ここでは送る削除もなく消えています。ほかのメンバーには残っています。'\(pull)' で戻してから、全員から消すには削除してください")
            }
            return language.pick(
                "marked synced here, but the household server never had it (synced with another server or household before?): it exists only here; 'kakeibo sync --all' sends it",
                "ここでは同期済みですが、家計簿サーバーにはありません（以前に別のサーバーや家計と同期しましたか）。ここにしかありません。'kakeibo sync --all' で送ります")
        case .summary(let problem):
            let passed = language.pick(
                ": passed over (the month itself is read); the next change of the month rewrites it",
                "。使わずに月のファイルを読みます（次にその月を変更すると作り直されます）")
            switch problem {
            case .unreadable: return language.pick("the month's summary can't be read", "月の集計を読めません") + passed
            case .stale: return language.pick("the month's summary was made from other contents of the month", "月の集計は月のファイルの別の内容から作られています") + passed
            case .orphan: return language.pick("a summary of a month that has no file", "ファイルのない月の集計です") + passed
            case .disagrees:
                return language.pick(
                    "the month's summary disagrees with the month it was made from: year and trend totals would be wrong",
                    "月の集計が元の月の内容と一致しません。年や推移の合計が誤って表示されます")
            }
        }
    }
}

extension MonthFileProblem {
    /// The item a problem is about: its id, or its place ("[3]") when the id can't be read.
    var item: String? {
        switch self {
        case .item(let problem): return problem.id ?? "[\(problem.index)]"
        case .dateOutsideMonth(_, let id, _): return id
        case .duplicateID(let id): return id
        default: return nil
        }
    }
}

extension Taxonomy {
    /// Whether the category (and subcategory, if any) are in this taxonomy.
    public func knows(_ code: CategoryCode) -> Bool {
        guard let category = category(code: code.category) else { return false }
        return code.subcategory.map { category.subcategory(code: $0) != nil } ?? true
    }
}
