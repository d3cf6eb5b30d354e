import KakeiboKit

/// `kakeibo import FILE…` — loads items from a file whose format is found from the file (`ImportPlan`, over the
/// table of `ImportFormat`): kakeibo's or the household server's JSON here, where an id already stored is updated;
/// other apps' exports and statements in kakeibo-companion (they need Foundation for Shift_JIS), which shares this
/// command's declaration, options and `merge`.
package struct ImportCommand: Command {
    package static let from = Option(
        "--from", value: fromChoices.joined(separator: "|"),
        help: LocalizedText(
            en: "the format, instead of finding it from the file (statement: any statement, found from the file; see docs/statements.md)",
            ja: "形式を指定する（既定はファイルから判定。statement はどの明細かをファイルから判定。docs/statements.md）"))
    /// `--from`'s words: every format's, and `statement`.
    static var fromChoices: [String] { ImportFormat.all.map(\.name) + [ImportFormat.anyStatement] }
    package static let account = Option<String>(
        "--account", value: "NAME",
        help: LocalizedText(
            en: "with an IC card's dump: the card's account, its items' payment (default \(CardHistory.defaultAccount); see docs/ic-card.md)",
            ja: "IC カードのダンプで: カードの口座名（データの支払方法。既定は \(CardHistory.defaultAccount)。docs/ic-card.md）")
    ) { try DetailField.payment.validate($0) }
    package static let mapping = Option(
        "--mapping", value: "FILE",
        help: LocalizedText(en: "category mapping (default: mapping.json in the config directory)", ja: "項目の対応表（既定は設定ディレクトリの mapping.json）"))
    package static let category = Option.category(
        help: LocalizedText(en: "where expenses in unmapped categories go (else they stop the import)", ja: "対応のない分類の支出の行き先（なければ取り込みを中止）"))
    package static let tag = Option<String>(
        "--tag", value: "NAME", help: LocalizedText(en: "put this tag on every imported item (repeatable)", ja: "取り込むすべてのデータにこのタグを付ける（繰り返し指定可）"),
        repeatable: true
    ) { try Tags.validate($0) }
    package static let layout = Option(
        "--layout", value: "NAME|FILE",
        help: LocalizedText(
            en: "read the CSV with a layout: a shipped one's name (aeon-card, jcb, …) or a layout file (docs/statements.md#layouts)",
            ja: "レイアウトで CSV を読む: 同梱のレイアウト名（aeon-card、jcb…）かレイアウトファイル（docs/statements.md#layouts）"))
    package static let layoutInit = Flag(
        "--layout-init",
        help: LocalizedText(
            en: "write a first layout for FILE from its header and first rows to stdout, saying what was guessed; imports nothing",
            ja: "FILE の見出しと最初の行からレイアウトの下書きを標準出力に書き、推定の理由を示す（取り込みはしない）"))
    package static let dryRun = Flag(
        "--dry-run",
        help: LocalizedText(
            en:
                "say per file what would be imported: the format found, rows read, added, already there, set aside and why, the months it changes; writes nothing",
            ja: "ファイルごとに取り込み内容を示す（判定した形式、読んだ行、新規、取り込み済み、除外とその理由、変わる月）。何も書き込まない"))
    package static let member = Option<String>(
        "--member", value: "NAME",
        help: LocalizedText(
            en:
                "whose every line of the file is (default: each line's account's member, else this machine's); not for kakeibo's JSON, whose items name their own",
            ja: "ファイルのすべての行の人（既定は各行の口座の人、なければこの端末の人）。kakeibo の JSON には使えません（各データに記録済み）")
    ) { try DetailField.member.validate($0) }
    package static let year = Option(
        "--year", value: "YYYY",
        help: LocalizedText(
            en: "for dates written without a year (4月30日, 10/28): the year of the file's newest row, when the file doesn't say it",
            ja: "年のない日付（4月30日、10/28）で: ファイルにない場合の、いちばん新しい行の年")
    ) { try Year.parse($0) }
    package static let format = OutputFormat.option([.table, .json])
    /// The options only the companion's import reads: given any, the command runs there.
    static let companionOptions: [any OptionDeclaration] = [layout, layoutInit, dryRun, year]
    package static let name = "import"
    package static let info = CommandInfo(
        name: name,
        summary: LocalizedText(
            en:
                "Import items: kakeibo's JSON, MoneyForward ME's or Zaim's export, card and bank statements, any bank's CSV by a layout, IC card dumps (found from the file)",
            ja: "データを取り込む（kakeibo の JSON、マネーフォワード ME・Zaim の CSV、カード・銀行の明細、レイアウトで読むほかの銀行の CSV、IC カードの履歴。形式はファイルから判定）"),
        description: LocalizedText(
            en:
                "The format is found from each file (--from or --layout forces one); several files are read before anything is written, then imported in one change. An id already stored is updated, not added twice; the items are one change, which 'kakeibo undo' takes back. An export of everything also sets its budgets, fixed costs and notes (replacing those of the same category, name or month; others stay), each one more change.",
            ja:
                "形式はファイルごとに判定します（--from か --layout で指定もできます）。複数のファイルはすべて読めてから 1 回の変更で取り込みます。すでにある ID は二重に登録せず更新します。データ全体が 1 回の変更で、'kakeibo undo' で取り消せます。すべての書き出しなら予算・固定費・メモも設定します（同じ項目・名前・月のものは置き換え、ほかは残します）。それぞれが 1 回の変更です。"
        ),
        arguments: [
            Argument(
                "FILE|-",
                LocalizedText(
                    en:
                        "kakeibo's or the household server's JSON, MoneyForward ME's or Zaim's CSV export, a statement (Rakuten Card, SMBC Vpass, PayPay, Japan Post Bank…), a CSV a layout reads, or an IC card's dump; - reads stdin (JSON, or what --from says)",
                    ja:
                        "kakeibo・家計簿サーバーの JSON、マネーフォワード ME・Zaim の CSV、明細（楽天カード、Vpass、PayPay、ゆうちょ…）、レイアウトで読む CSV、IC カードのダンプ。- は標準入力（JSON か --from で指定した形式）"
                )),
            Argument(
                "FILE…",
                LocalizedText(
                    en: "more files, each of its own format: all read before anything is written, then imported in one change",
                    ja: "ほかのファイル。それぞれの形式で読み、すべて読めてから 1 回の変更で取り込む"), .optional,
                words: ImportCommand.maximumFiles - 1),
        ],
        options: [from, layout, layoutInit, dryRun, mapping, category, account, tag, member, year, format],
        examples: [
            "kakeibo import backup.json",
            "curl -sL \"$URL?year=2024&month=12\" | kakeibo import -",
            "kakeibo import 収入・支出詳細_2024-12-01_2024-12-31.csv",
            "kakeibo import Zaim.csv --category food",
            "kakeibo import enavi202412.csv",
            "kakeibo import statements/*.csv",
            "kakeibo import enavi202408.csv --tag 旅行",
            "kakeibo import --from paypay - < Transaction_202412.csv",
            "kakeibo import --dry-run statements/*.csv",
            "kakeibo import --layout jcb meisai.csv",
            "kakeibo import --layout ja-bank nyushukkin.csv --year 2025",
            "kakeibo import mybank.csv --layout-init > ~/.config/kakeibo/layouts/mybank.json",
            "kakeibo import suica.txt",
            "kakeibo import --from felica icoca.txt --account ICOCA",
        ],
        runs: .chosen(
            note: LocalizedText(
                en:
                    "kakeibo reads its own JSON; other apps' exports, statements, layouts, several files and --dry-run (often Shift_JIS, which needs Foundation) are read by kakeibo-companion, which kakeibo starts and which must be installed beside it.",
                ja:
                    "kakeibo の JSON は kakeibo が読み、アプリの CSV・明細・レイアウト・複数のファイル・--dry-run（Shift_JIS が多く Foundation が必要）は kakeibo-companion が読みます。kakeibo-companion は kakeibo と同じ場所に必要です。"
            ),
            by: { try ImportPlan($0).reader }))

    let file: ImportPlan.File
    let plan: ImportPlan
    let format: OutputFormat
    let tags: [String]
    /// `--account`: an IC card's account.
    let account: String?
    /// `--member`: whose an IC card's lines are (kakeibo's JSON names each item's own).
    let member: String?

    package init(_ arguments: ParsedArguments, _ context: Context) throws {
        try self.init(ImportPlan(arguments), arguments)
    }

    /// The import of kakeibo's JSON: one file, here (the companion's import hands such a plan to this).
    package init(_ plan: ImportPlan, _ arguments: ParsedArguments) throws {
        let notForJSON: [any OptionDeclaration] = [Self.mapping, Self.category, Self.year]
        for option in notForJSON where arguments.given(option) { throw ImportFileError.optionNotForJSON(option.spec.name) }
        // Other formats are the companion's; only a caller that bypasses the routing gets here with one.
        guard plan.reader == .kakeibo, plan.files.count == 1 else { throw CompanionError.notHere }
        self.plan = plan
        file = plan.files[0]
        format = try arguments[Self.format] ?? .table
        tags = try ImportCommand.tags(arguments)
        account = try arguments[Self.account]
        member = try arguments[Self.member]
    }

    package func run(_ context: Context) throws {
        guard let document = try readOrImportCard(context) else { return }
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
    /// nil when the file was a card's dump, which this imported.
    func readOrImportCard(_ context: Context) throws -> ExportDocument? {
        let bytes = try ImportCommand.read(file.path)
        let name = ImportCommand.displayName(file.path)
        let found = try plan.format(of: file, bytes: bytes)
        guard found.reader == .kakeibo else { throw ImportFileError.readElsewhere(name, found) }
        if found.kind == .cardDump {
            try CardImport(path: file.path, account: account, format: format, tags: tags, member: member).run(bytes, context)
            return nil
        }
        if account != nil { throw CommandError.accountWithoutCardDump(name) }
        // kakeibo's JSON carries each item's member: an option that would be dropped is refused.
        if member != nil { throw ImportFileError.optionNotForJSON(Self.member.name) }
        do { return try ExportDocument.decode(bytes) } catch { throw CommandError.importFile(name, problem: error) }
    }

    package static func read(_ path: String) throws -> [UInt8] {
        if path == "-" { return try Terminal.readStandardInput() }
        // A device is no file to import: /dev/zero would be read until memory ran out.
        if FileSystem.isDevice(path) { throw CommandError.notAFile(path) }
        guard let bytes = try FileSystem.read(path, access: .input) else { throw CommandError.readInput(path, code: 2) }
        return bytes
    }

    /// Whose the imported lines are: `--member` for all of them, else each line's account's, else this machine's.
    package static func member(_ forced: String?, _ context: Context) throws -> ImportMember {
        let configuration = try DetailOptions.settings(context)
        return ImportMember(
            forced: try DetailOptions.known(forced, configuration), fallback: try DetailOptions.known(configuration.member, configuration))
    }

    /// The tags `--tag` gives, checked, each once.
    package static func tags(_ arguments: ParsedArguments) throws -> [String] { try Tags.validateAll(try arguments.all(tag)) }

    /// The items with `tags` added to those each has (an item may then carry too many: refused, exit 2).
    package static func tagged(_ items: [WireItem], _ tags: [String]) throws(TagError) -> [WireItem] {
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
    package static func merge(_ incoming: [WireItem], _ context: Context) throws -> MergeOutcome {
        let progress = Progress(total: incoming.count, label: context.language.pick("Importing", "取り込み中"), terminal: context.terminal)
        defer { progress.finish() }
        return try context.household().merge(incoming, progress: { progress.advance() })
    }

    /// The most statement files one import takes.
    package static let maximumFiles = 400

    /// Whether the bytes start as JSON does: `[` or `{` first (after a byte order mark and whitespace).
    package static func looksLikeJSON(_ bytes: [UInt8]) -> Bool {
        let first = FileHead(bytes).firstNonSpace
        return first == UInt8(ascii: "[") || first == UInt8(ascii: "{")
    }

    /// The one FILE an import other than a statement's takes.
    package static func onePath(_ arguments: ParsedArguments) throws -> String {
        let paths = try positionals(arguments)
        guard paths.count == 1 else { throw UsageError.unexpectedArgument(paths[1], command: name) }
        return paths[0]
    }

    /// How messages name FILE: "stdin" for "-".
    package static func displayName(_ path: String) -> String { path == "-" ? "stdin" : path }
}
