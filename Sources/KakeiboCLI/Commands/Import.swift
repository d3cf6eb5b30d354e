import KakeiboKit

/// `kakeibo import FILE|-` — loads items in the household server's wire format; an id already stored is updated.
///
/// With `--from moneyforward|zaim` the import of another app's CSV export runs in the kakeibo-companion binary
/// (it needs full Foundation for Shift_JIS), which shares this command's help, options and `merge`.
public struct ImportCommand: Command {
    public static let from = Option(
        "--from", value: "moneyforward|zaim|statement|rakuten-card|smbc-vpass|paypay|yucho",
        help: LocalizedText(
            en: "read that app's CSV export, or a card or payment statement (statement: found from the file; see docs/statements.md)",
            ja: "そのアプリの CSV、またはカード・決済の明細を読む（statement はファイルから形式を判定。docs/statements.md）"))
    public static let mapping = Option(
        "--mapping", value: "FILE",
        help: LocalizedText(en: "category mapping (default: mapping.json in the config directory)", ja: "項目の対応表（既定は設定ディレクトリの mapping.json）"))
    public static let category = Option.category(
        help: LocalizedText(en: "where expenses in unmapped categories go (else they stop the import)", ja: "対応のない分類の支出の行き先（なければ取り込みを中止）"))
    public static let tag = Option<String>(
        "--tag", value: "NAME", help: LocalizedText(en: "put this tag on every imported item (repeatable)", ja: "取り込むすべてのデータにこのタグを付ける（繰り返し指定可）"),
        repeatable: true
    ) { try Tags.validate($0) }
    public static let member = Option<String>(
        "--member", value: "NAME",
        help: LocalizedText(
            en: "whose every line of the file is (default: each line's account's member, else this machine's)",
            ja: "ファイルのすべての行の人（既定は各行の口座の人、なければこの端末の人）")
    ) { try DetailField.member.validate($0) }
    public static let format = OutputFormat.option([.table, .json])
    public static let name = "import"
    public static let info = CommandInfo(
        name: name,
        summary: LocalizedText(
            en: "Import items: the server's JSON, or MoneyForward ME's or Zaim's CSV export", ja: "データを取り込む（サーバー形式の JSON、マネーフォワード ME・Zaim の CSV）"),
        description: LocalizedText(
            en:
                "An id already stored is updated, not added twice; the items are one change, which 'kakeibo undo' takes back. An export of everything also sets its budgets, fixed costs and notes (replacing those of the same category, name or month; others stay), each one more change.",
            ja: "すでにある ID は二重に登録せず更新します。データ全体が 1 回の変更で、'kakeibo undo' で取り消せます。すべての書き出しなら予算・固定費・メモも設定します（同じ項目・名前・月のものは置き換え、ほかは残します）。それぞれが 1 回の変更です。"),
        arguments: [
            Argument(
                "FILE|-",
                LocalizedText(
                    en:
                        "a JSON array of {\"id\",\"date\":\"20241203\",\"name\",\"price\",\"category\",\"categorySub\"}, or with --from an app's CSV export; - reads stdin",
                    ja: "{\"id\",\"date\":\"20241203\",\"name\",\"price\",\"category\",\"categorySub\"} の JSON 配列、--from のときはアプリの CSV。- は標準入力")),
            Argument(
                "FILE…",
                LocalizedText(
                    en: "with --from statement (or a statement's format): more statements, all imported in one change",
                    ja: "--from statement（または明細の形式）のとき: ほかの明細。すべてを 1 回の変更で取り込む"), .optional, words: ImportCommand.maximumFiles - 1),
        ],
        options: [from, mapping, category, tag, member, format],
        examples: [
            "kakeibo import backup.json",
            "curl -sL \"$URL?year=2024&month=12\" | kakeibo import -",
            "kakeibo import --from moneyforward 収入・支出詳細_2024-12-01_2024-12-31.csv",
            "kakeibo import --from zaim Zaim.csv --category food",
            "kakeibo import --from statement enavi202412.csv",
            "kakeibo import --from statement statements/*.csv",
            "kakeibo import --from statement enavi202408.csv --tag 旅行",
        ])

    let path: String
    let format: OutputFormat
    let tags: [String]

    public init(_ arguments: ParsedArguments, _ context: Context) throws {
        for option in [Self.mapping, Self.category] where arguments.given(option) {
            throw UsageError.onlyWith(option.name, Self.from.name)
        }
        // `--from` is handled by the kakeibo-companion binary; only a caller that bypasses it gets here.
        if arguments.given(Self.from), let companion = Companion.find(ImportCommand.name, arguments: [Self.from.name]) {
            throw companion.unavailable()
        }
        path = try ImportCommand.onePath(arguments)
        format = try arguments[Self.format] ?? .table
        tags = try ImportCommand.tags(arguments)
    }

    public func run(_ context: Context) throws {
        let document = try decode()
        let summary = try ImportCommand.merge(try ImportCommand.tagged(document.items, tags), context)
        // An export of everything carries the household's settings: merged after the items, each file its own change.
        let settings = document.hasSettings ? try context.household().mergeSettings(document, taxonomy: try context.taxonomy()) : nil
        switch format {
        case .json:
            context.print(JSONRenderer.render(.object(ImportRenderer.mergedFields(summary) + (settings.map(ImportRenderer.settingsFields) ?? []))))
        default:
            context.print(
                ImportRenderer.merged(summary, context.language) + "\n"
                    + (settings.map { ImportRenderer.settings($0, context.language) + "\n" } ?? ""))
        }
    }

    /// The file's items, and the settings an export of everything carries. The bytes are gone when this returns: held through the merge, a million items' file
    /// would add its size (127 MB) to the import's peak memory.
    func decode() throws -> ExportDocument {
        let bytes = try ImportCommand.read(path)
        if ImportCommand.looksLikeCSV(bytes) { throw CommandError.csvWithoutFrom(ImportCommand.displayName(path)) }
        do { return try ExportDocument.decode(bytes) } catch { throw CommandError.importFile(ImportCommand.displayName(path), problem: error) }
    }

    public static func read(_ path: String) throws -> [UInt8] {
        if path == "-" { return try Terminal.readStandardInput() }
        // A device is no file to import: /dev/zero would be read until memory ran out.
        if FileSystem.isDevice(path) { throw CommandError.notAFile(path) }
        guard let bytes = try FileSystem.read(path, access: .input) else { throw CommandError.readInput(path, code: 2) }
        return bytes
    }

    /// Whose the imported lines are: `--member` for all of them, else each line's account's, else this machine's.
    public static func member(_ forced: String?, _ context: Context) throws -> ImportMember {
        let configuration = try DetailOptions.settings(context)
        return ImportMember(
            forced: try DetailOptions.known(forced, configuration), fallback: try DetailOptions.known(configuration.member, configuration))
    }

    /// The tags `--tag` gives, checked, each once.
    public static func tags(_ arguments: ParsedArguments) throws -> [String] { try Tags.validateAll(try arguments.all(tag)) }

    /// The items with `tags` added to those each has (an item may then carry too many: refused, exit 2).
    public static func tagged(_ items: [WireItem], _ tags: [String]) throws(TagError) -> [WireItem] {
        guard !tags.isEmpty else { return items }
        var out = items
        for index in out.indices {
            let all = Tags.adding(tags, to: out[index].details.tags)
            guard all.count <= Tags.maximumCount else { throw .tooMany(count: all.count) }
            out[index].details.tags = all
        }
        return out
    }

    /// Merges the items into the store (see `Household.merge`), with a progress bar on a terminal's stderr: how
    /// every import writes.
    public static func merge(_ incoming: [WireItem], _ context: Context) throws -> MergeOutcome {
        let progress = Progress(total: incoming.count, label: context.language.pick("Importing", "取り込み中"), terminal: context.terminal)
        defer { progress.finish() }
        return try context.household().merge(incoming, progress: { progress.advance() })
    }

    /// Whether the bytes can't be kakeibo's JSON but read like a CSV file: something other than `[`, `{` or
    /// whitespace first (after a byte order mark), and a comma in the first line.
    static func looksLikeCSV(_ bytes: [UInt8]) -> Bool {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        guard let first = body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }), first != UInt8(ascii: "["), first != UInt8(ascii: "{")
        else { return false }
        return body.prefix { $0 != 0x0A }.contains(UInt8(ascii: ","))
    }

    /// The most statement files one import takes.
    public static let maximumFiles = 400

    /// The one FILE an import other than a statement's takes.
    public static func onePath(_ arguments: ParsedArguments) throws -> String {
        let paths = try positionals(arguments)
        guard paths.count == 1 else { throw UsageError.unexpectedArgument(paths[1], command: name) }
        return paths[0]
    }

    /// How messages name FILE: "stdin" for "-".
    public static func displayName(_ path: String) -> String { path == "-" ? "stdin" : path }
}
