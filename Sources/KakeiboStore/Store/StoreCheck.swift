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
                settings(.removedLines, store, skipping: skipped, &found)
                settings(.waitingStated, store, skipping: skipped, &found)
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

extension Taxonomy {
    /// Whether the category (and subcategory, if any) are in this taxonomy.
    public func knows(_ code: CategoryCode) -> Bool {
        guard let category = category(code: code.category) else { return false }
        return code.subcategory.map { category.subcategory(code: $0) != nil } ?? true
    }
}
