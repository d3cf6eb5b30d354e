import KakeiboImport
import KakeiboKit

/// `kakeibo import FILE…` — loads items from files, each read once and its format found from it (`ImportPlan`, over
/// the one table, `ImportFormats`), all in this process: one file of kakeibo's or the household server's JSON is
/// merged on its own (`ItemsImport`, an id already stored is updated); other apps' exports, statements, files read with
/// a layout, IC cards' dumps, several files and `--dry-run` are read together, in one change (`StatementImport`);
/// `--layout-init` writes a first layout for a file.
package struct ImportCommand: Command {
    package static let from = Option(
        "--from", value: fromChoices.joined(separator: "|"),
        help: LocalizedText(
            en: "the format, instead of finding it from the file (statement: any statement, found from the file; see docs/statements.md)",
            ja: "形式を指定する（既定はファイルから判定。statement はどの明細かをファイルから判定。docs/statements.md）"))
    /// `--from`'s words: every format's, and `statement`.
    static var fromChoices: [String] { ImportFormats.builtIn.map(\.word) + [ImportFormats.anyStatement] }
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
    /// The options only the import of CSV files reads: given any, a file of JSON is read that way too.
    static let fileOptions: [any OptionDeclaration] = [layout, layoutInit, dryRun, year]
    package static let name = "import"
    package static let info = CommandInfo(
        name: name,
        summary: LocalizedText(
            en:
                "Import items: kakeibo's JSON, MoneyForward ME's or Zaim's export, card and bank statements, any bank's CSV by a layout, IC card dumps (found from the file)",
            ja: "データを取り込む（kakeibo の JSON、マネーフォワード ME・Zaim の CSV、カード・銀行の明細、レイアウトで読むほかの銀行の CSV、IC カードの履歴。形式はファイルから判定）"),
        description: LocalizedText(
            en:
                "The format is found from each file (--from or --layout forces one); several files are read before anything is written, then imported in one change. An id already stored is never added twice, and a file's line you edited, split, deleted or moved keeps your version (where the file differs, its values are shown; kakeibo's own JSON updates the item); the items are one change, which 'kakeibo undo' takes back. An export of everything also sets its budgets, fixed costs and notes (replacing those of the same category, name or month; others stay), each one more change.",
            ja:
                "形式はファイルごとに判定します（--from か --layout で指定もできます）。複数のファイルはすべて読めてから 1 回の変更で取り込みます。すでにある ID は二重に登録しません。編集・分割・削除・移動した明細は手元の内容のまま残し、ファイルと違うところは表示だけします（kakeibo の JSON は更新します）。データ全体が 1 回の変更で、'kakeibo undo' で取り消せます。すべての書き出しなら予算・固定費・メモも設定します（同じ項目・名前・月のものは置き換え、ほかは残します）。それぞれが 1 回の変更です。"
        ),
        arguments: [
            Argument(
                "FILE|-",
                LocalizedText(
                    en:
                        "kakeibo's or the household server's JSON, MoneyForward ME's or Zaim's CSV export, a statement (Rakuten Card, SMBC Vpass, PayPay, Japan Post Bank…), a CSV a layout reads, or an IC card's dump; - reads stdin (its format found from what is read, as a file's)",
                    ja:
                        "kakeibo・家計簿サーバーの JSON、マネーフォワード ME・Zaim の CSV、明細（楽天カード、Vpass、PayPay、ゆうちょ…）、レイアウトで読む CSV、IC カードのダンプ。- は標準入力（形式はファイルと同じく読んだ内容から判定）"
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
        ])

    enum Job {
        case items(ItemsImport)
        case files(StatementImport)
        case layoutInit(path: String, format: OutputFormat)
    }

    let job: Job

    package init(_ arguments: ParsedArguments, _ context: Context) throws {
        let format = try arguments[ImportCommand.format] ?? .table
        if arguments[ImportCommand.layoutInit] {
            for option in [ImportCommand.from, ImportCommand.layout, ImportCommand.mapping, ImportCommand.category] where arguments.given(option) {
                throw UsageError.onlyWith(option.name, ImportCommand.from.name + "|" + ImportCommand.layout.name)
            }
            if arguments.given(ImportCommand.dryRun) { throw UsageError.onlyWith(ImportCommand.dryRun.name, ImportCommand.from.name) }
            job = .layoutInit(path: try ImportCommand.onePath(arguments), format: format)
            return
        }
        let plan = try ImportPlan(arguments)
        if plan.merged {
            job = .items(try ItemsImport(plan, arguments))
        } else {
            job = .files(try ImportCommand.files(plan, arguments, context))
        }
    }

    package func run(_ context: Context) throws {
        switch job {
        case .items(let job): try job.run(context)
        case .files(let job): try job.run(context)
        case .layoutInit(let path, let format): try ImportCommand.layoutInit(path, format: format, context)
        }
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

    /// Prints what an import did (or would do) as `format` asks, all of it from its one report.
    static func show(_ report: ImportReport, _ format: OutputFormat, _ context: Context) throws {
        let taxonomy = try context.taxonomy()
        switch format {
        case .json: context.print(JSONRenderer.render(ImportRenderer.json(report, taxonomy: taxonomy)))
        default: context.print(ImportRenderer.text(report, taxonomy: taxonomy, context.language))
        }
    }

    /// The tags `--tag` gives, checked, each once.
    package static func tags(_ arguments: ParsedArguments) throws -> [String] { try Tags.validateAll(try arguments.all(tag)) }

    /// Merges the items into the store (see `Household.merge`), with a progress bar on a terminal's stderr: how
    /// every import writes.
    package static func merge(_ incoming: [WireItem], _ context: Context) throws -> MergeOutcome {
        let progress = Progress(total: incoming.count, label: context.language.pick("Importing", "取り込み中"), terminal: context.terminal)
        defer { progress.finish() }
        return try context.household().merge(incoming, progress: { progress.advance() })
    }

    /// The most statement files one import takes.
    package static let maximumFiles = 400

    /// The one FILE an import other than a statement's takes.
    package static func onePath(_ arguments: ParsedArguments) throws -> String {
        let paths = try positionals(arguments)
        guard paths.count == 1 else { throw UsageError.unexpectedArgument(paths[1], command: name) }
        return paths[0]
    }

    /// How messages name FILE: "stdin" for "-".
    package static func displayName(_ path: String) -> String { path == "-" ? "stdin" : path }
}
