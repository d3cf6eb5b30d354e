import KakeiboKit

/// `kakeibo import FILE|-` — loads items in the household server's wire format; an id already stored is updated.
///
/// With `--from moneyforward|zaim` the import of another app's CSV export runs in the kakeibo-convert companion
/// (it needs full Foundation for Shift_JIS), which shares this command's help and options and `ImportPlan`.
public struct ImportCommand: Command {
    public static let from = Option(
        "--from", value: "moneyforward|zaim",
        help: LocalizedText(en: "read that app's CSV export (UTF-8 or Shift_JIS)", ja: "そのアプリの CSV を読む（UTF-8 か Shift_JIS）"))
    public static let mapping = Option(
        "--mapping", value: "FILE",
        help: LocalizedText(en: "category mapping (default: mapping.json in the config directory)", ja: "項目の対応表（既定は設定ディレクトリの mapping.json）"))
    public static let category = Option.category(
        help: LocalizedText(en: "where expenses in unmapped categories go (else they stop the import)", ja: "対応のない分類の支出の行き先（なければ取り込みを中止）"))
    public static let format = OutputFormat.option([.table, .json])
    public static let info = CommandInfo(
        name: "import",
        summary: LocalizedText(
            en: "Import items: the server's JSON, or MoneyForward ME's or Zaim's CSV export", ja: "データを取り込む（サーバー形式の JSON、マネーフォワード ME・Zaim の CSV）"),
        description: LocalizedText(
            en: "An id already stored is updated, not added twice; the whole import is one change, which 'kakeibo undo' takes back.",
            ja: "すでにある ID は二重に登録せず更新します。取り込み全体が 1 回の変更で、'kakeibo undo' で取り消せます。"),
        arguments: [
            Argument(
                "FILE|-",
                LocalizedText(
                    en:
                        "a JSON array of {\"id\",\"date\":\"20241203\",\"name\",\"price\",\"category\",\"categorySub\"}, or with --from an app's CSV export; - reads stdin",
                    ja: "{\"id\",\"date\":\"20241203\",\"name\",\"price\",\"category\",\"categorySub\"} の JSON 配列、--from のときはアプリの CSV。- は標準入力"))
        ],
        options: [from, mapping, category, format],
        examples: [
            "kakeibo import backup.json",
            "curl -sL \"$URL?year=2024&month=12\" | kakeibo import -",
            "kakeibo import --from moneyforward 収入・支出詳細_2024-12-01_2024-12-31.csv",
            "kakeibo import --from zaim Zaim.csv --category food",
        ])

    let path: String
    let format: OutputFormat

    public init(_ arguments: ParsedArguments, _ context: Context) throws {
        for option in [Self.mapping, Self.category] where arguments.given(option) {
            throw UsageError.onlyWith(option.name, Self.from.name)
        }
        // `--from` is handled by the kakeibo-convert companion; only a caller that bypasses it gets here.
        if arguments.given(Self.from), let companion = Companion.find(ImportCommand.name, arguments: [Self.from.name]) {
            throw companion.unavailable()
        }
        path = try ImportCommand.positionals(arguments)[0]
        format = try arguments[Self.format] ?? .table
    }

    public func run(_ context: Context) throws {
        let bytes = try ImportCommand.read(path)
        let incoming: [WireItem]
        do { incoming = try WireFormat.decode(bytes) } catch { throw CommandError.importFile(ImportCommand.displayName(path), problem: error) }
        let summary = try ImportPlan.store(incoming, context)
        switch format {
        case .json: context.print(JSONRenderer.render(.object(summary.jsonFields)))
        default: context.print(summary.text(context.language) + "\n")
        }
    }

    /// The bytes of FILE, or of stdin for "-".
    public static func read(_ path: String) throws -> [UInt8] {
        if path == "-" { return try Terminal.readStandardInput() }
        // A device is no file to import: /dev/zero would be read until memory ran out.
        if FileSystem.isDevice(path) { throw CommandError.notAFile(path) }
        guard let bytes = try FileSystem.read(path) else { throw CommandError.readInput(path, code: 2) }
        return bytes
    }

    /// How messages name FILE: "stdin" for "-".
    public static func displayName(_ path: String) -> String { path == "-" ? "stdin" : path }
}

/// How a batch of incoming items changes the store: new ids are added, known ids updated in place (or moved to
/// their new month), everything in one transaction. Every import writes through here.
public enum ImportPlan {
    public struct Summary: Sendable {
        /// The items given (each is added, updated or unchanged).
        public var imported = 0
        public var added = 0
        public var updated = 0
        public var unchanged = 0
        public var months: [YearMonth] = []
    }

    /// Applies `incoming` to the store in one transaction, with a progress bar on a terminal's stderr.
    public static func store(_ incoming: [WireItem], _ context: Context) throws -> Summary {
        let progress = Progress(total: incoming.count, label: context.language.pick("Importing", "取り込み中"), terminal: context.terminal)
        defer { progress.finish() }
        var summary = try context.store().write { transaction in
            try apply(incoming, to: &transaction, now: context.clock.now, progress: progress)
        }
        summary.imported = incoming.count
        return summary
    }

    static func apply(_ incoming: [WireItem], to transaction: inout StoreTransaction, now: Timestamp, progress: Progress? = nil) throws -> Summary {
        // Where each stored id lives, its month and its place there: the whole store is read, since an id may come
        // back with a new date. An item that moves leaves a hole (nil) in its old month, dropped when the months are
        // written, so every place stays valid and each id is found at once (re-importing a million items took a
        // scan of its month for each).
        var location: [String: (month: YearMonth, index: Int)] = [:]
        var months: [YearMonth: [Item?]] = [:]
        for month in try transaction.months() {
            let items = try transaction.items(in: month)
            months[month] = items
            for (index, item) in items.enumerated() { location[item.id] = (month, index) }
        }
        var summary = Summary()
        var touched = Set<YearMonth>()
        func append(_ item: Item, to month: YearMonth) {
            months[month, default: []].append(item)
            location[item.id] = (month, months[month, default: []].count - 1)
        }
        for wire in incoming {
            progress?.advance()
            let target = wire.date.yearMonth
            if let (from, index) = location[wire.id], let old = months[from]?[index] ?? nil {
                if WireItem(old) == wire {
                    summary.unchanged += 1
                    continue
                }
                let item = wire.item(added: old.added, sync: old.sync.afterLocalChange)
                if from == target {
                    months[from]?[index] = item
                } else {
                    months[from]?[index] = nil
                    append(item, to: target)
                    touched.insert(from)
                }
                summary.updated += 1
            } else {
                append(wire.item(added: now, sync: .pending), to: target)
                summary.added += 1
            }
            touched.insert(target)
        }
        for month in touched.sorted() { try transaction.setItems((months[month] ?? []).compactMap { $0 }, in: month) }
        summary.months = touched.sorted()
        return summary
    }
}

extension ImportPlan.Summary {
    /// "Imported 3 items: 2 new, 1 updated, 0 unchanged, in 1 month" (`source` says from where, e.g. "from Zaim").
    public func text(_ language: Language, source: LocalizedText? = nil) -> String {
        let from = source.map { $0(language) }
        return language.pick(
            "Imported \(imported == 1 ? "1 item" : "\(imported) items")\(from.map { " " + $0 } ?? ""): \(added) new, \(updated) updated, \(unchanged) unchanged, in \(months.count == 1 ? "1 month" : "\(months.count) months")",
            "\(from.map { $0 + "から" } ?? "")\(imported) 件を取り込みました: 新規 \(added)、更新 \(updated)、変更なし \(unchanged)（\(months.count) か月）")
    }

    /// The JSON fields every import prints: `imported`, `added`, `updated`, `unchanged`, `months`.
    public var jsonFields: [(String, JSONValue)] {
        [
            ("imported", .integer(imported)), ("added", .integer(added)), ("updated", .integer(updated)),
            ("unchanged", .integer(unchanged)), ("months", .array(months.map { .string($0.iso) })),
        ]
    }
}
