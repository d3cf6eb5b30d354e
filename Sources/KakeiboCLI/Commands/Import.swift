import KakeiboKit

/// `kakeibo import FILE|-` — loads items in the household server's wire format; an id already stored is updated.
///
/// With `--from moneyforward|zaim` the import of another app's CSV export runs in the kakeibo-companion binary
/// (it needs full Foundation for Shift_JIS), which shares this command's help, options and `merge`.
public struct ImportCommand: Command {
    public static let from = Option(
        "--from", value: "moneyforward|zaim|statement|rakuten-card|smbc-vpass|paypay|yucho",
        help: LocalizedText(
            en: "read the files as that app's export or that statement (without it, or with statement: found from each file; docs/statements.md)",
            ja: "そのアプリの CSV、またはその明細として読む（指定しないか statement ならファイルごとに判定。docs/statements.md）"))
    public static let mapping = Option(
        "--mapping", value: "FILE",
        help: LocalizedText(en: "category mapping (default: mapping.json in the config directory)", ja: "項目の対応表（既定は設定ディレクトリの mapping.json）"))
    public static let category = Option.category(
        help: LocalizedText(en: "where expenses in unmapped categories go (else they stop the import)", ja: "対応のない分類の支出の行き先（なければ取り込みを中止）"))
    public static let tag = Option<String>(
        "--tag", value: "NAME", help: LocalizedText(en: "put this tag on every imported item (repeatable)", ja: "取り込むすべてのデータにこのタグを付ける（繰り返し指定可）"),
        repeatable: true
    ) { try Tags.validate($0) }
    public static let layout = Option(
        "--layout", value: "NAME|FILE",
        help: LocalizedText(
            en: "read the CSV with a layout: a shipped one's name (aeon-card, jcb, …) or a layout file (docs/statements.md#layouts)",
            ja: "レイアウトで CSV を読む: 同梱のレイアウト名（aeon-card、jcb…）かレイアウトファイル（docs/statements.md#layouts）"))
    public static let layoutInit = Flag(
        "--layout-init",
        help: LocalizedText(
            en: "write a first layout for FILE from its header and first rows to stdout, saying what was guessed; imports nothing",
            ja: "FILE の見出しと最初の行からレイアウトの下書きを標準出力に書き、推定の理由を示す（取り込みはしない）"))
    public static let dryRun = Flag(
        "--dry-run",
        help: LocalizedText(
            en:
                "say per file what would be imported: the format found, rows read, added, already there, set aside and why, the months it changes; writes nothing",
            ja: "ファイルごとに取り込み内容を示す（判定した形式、読んだ行、新規、取り込み済み、除外とその理由、変わる月）。何も書き込まない"))
    public static let format = OutputFormat.option([.table, .json])

    /// The options only the companion's import reads: given any, the command runs there.
    static let companionDeclarations: [any OptionDeclaration] = [from, layout, layoutInit, dryRun]
    public static let companionOptions = companionDeclarations.map(\.spec.name)
    public static let name = "import"
    public static let info = CommandInfo(
        name: name,
        summary: LocalizedText(
            en: "Import items: the server's JSON, MoneyForward ME's or Zaim's export, card and bank statements (found from the file)",
            ja: "データを取り込む（サーバー形式の JSON、マネーフォワード ME・Zaim の CSV、カード・銀行の明細。形式はファイルから判定）"),
        description: LocalizedText(
            en:
                "An id already stored is updated, not added twice; the items are one change, which 'kakeibo undo' takes back. An export of everything also sets its budgets, fixed costs and notes (replacing those of the same category, name or month; others stay), each one more change.",
            ja: "すでにある ID は二重に登録せず更新します。データ全体が 1 回の変更で、'kakeibo undo' で取り消せます。すべての書き出しなら予算・固定費・メモも設定します（同じ項目・名前・月のものは置き換え、ほかは残します）。それぞれが 1 回の変更です。"),
        arguments: [
            Argument(
                "FILE|-",
                LocalizedText(
                    en:
                        "a JSON array of {\"id\",\"date\":\"20241203\",\"name\",\"price\",\"category\",\"categorySub\"}, or a CSV file (an app's export, a statement, a file a layout reads); - reads stdin",
                    ja:
                        "{\"id\",\"date\":\"20241203\",\"name\",\"price\",\"category\",\"categorySub\"} の JSON 配列、または CSV（アプリの書き出し、明細、レイアウトで読むファイル）。- は標準入力"
                )),
            Argument(
                "FILE…",
                LocalizedText(
                    en: "more CSV files, each of its own format: all read before anything is written, then imported in one change",
                    ja: "ほかの CSV。それぞれの形式で読み、すべて読めてから 1 回の変更で取り込む"), .optional, words: ImportCommand.maximumFiles - 1),
        ],
        options: [from, layout, layoutInit, dryRun, mapping, category, tag, format],
        examples: [
            "kakeibo import backup.json",
            "curl -sL \"$URL?year=2024&month=12\" | kakeibo import -",
            "kakeibo import 収入・支出詳細_2024-12-01_2024-12-31.csv",
            "kakeibo import --from zaim Zaim.csv --category food",
            "kakeibo import enavi202412.csv",
            "kakeibo import statements/*.csv",
            "kakeibo import enavi202408.csv --tag 旅行",
            "kakeibo import --dry-run statements/*.csv",
            "kakeibo import --layout jcb meisai.csv",
            "kakeibo import mybank.csv --layout-init > ~/.config/kakeibo/layouts/mybank.json",
        ])

    let path: String
    let format: OutputFormat
    let tags: [String]

    public init(_ arguments: ParsedArguments, _ context: Context) throws {
        for option in [Self.mapping, Self.category] where arguments.given(option) {
            throw UsageError.onlyWith(option.name, Self.from.name)
        }
        // `--from` (and the other CSV options) are handled by the kakeibo-companion binary; only a caller that
        // bypasses it gets here.
        if let option = Self.companionDeclarations.first(where: { arguments.given($0) }),
            let companion = Companion.find(ImportCommand.name, arguments: [option.spec.name])
        {
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
        guard let bytes = try FileSystem.read(path) else { throw CommandError.readInput(path, code: 2) }
        return bytes
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

    /// Whether the bytes start as JSON does: `[` or `{` first (after a byte order mark and whitespace).
    public static func looksLikeJSON(_ bytes: [UInt8]) -> Bool {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        guard let first = body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return false }
        return first == UInt8(ascii: "[") || first == UInt8(ascii: "{")
    }

    /// Whether the bytes can't be kakeibo's JSON but read like a CSV file: something other than `[`, `{` or
    /// whitespace first (after a byte order mark), and a comma in the first line.
    public static func looksLikeCSV(_ bytes: [UInt8]) -> Bool {
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
