import KakeiboImport
import KakeiboKit

/// `kakeibo import FILE…` of files read together — card and bank statements, files read with a layout, MoneyForward
/// ME's and Zaim's exports, kakeibo's JSON among others, transit IC cards' dumps — each file's format found from it (or forced by `--from` / `--layout`). Every file is read and
/// checked before anything is written, then all of them are imported in one change; `--dry-run` says what would
/// be imported and writes nothing.
struct StatementImport {
    /// How the files are to be read.
    enum Choice {
        /// Each file's format found from it: kakeibo's statements, the app exports, then the layouts.
        case detect
        case format(StatementFormat)
        case layout(Layout)
        case app(ImportSource)
    }

    /// A file given to the import, read once (`ImportPlan`, or `reconcile`).
    struct Input {
        var path: String
        var bytes: [UInt8]
        /// The built-in format the plan found it to be (`ImportPlan`), so its head is not looked at twice; nil when
        /// none is (a layout may read it).
        var format: (any ImportFormat)? = nil

        /// The file at `path` (stdin for "-"), read whole.
        static func read(_ path: String) throws -> Input { Input(path: path, bytes: try ImportCommand.read(path)) }
    }

    var choice: Choice
    var inputs: [Input]
    var paths: [String] { inputs.map(\.path) }
    /// `--category`: where lines nothing files go (and an export's unmapped categories).
    var category: CategoryCode?
    var mapping: CategoryMapping
    /// The layouts a file may be found to be: the household's (configuration directory), then kakeibo's.
    var layouts: [Layout]
    var output: OutputFormat
    /// `--tag`: tags every line gets, beside those its rule gives.
    var tags: [String] = []
    /// `--member`: whose every line is.
    var member: String?
    /// `--account`: the account of the cards' dumps.
    var account: String?
    var dryRun = false
    /// `--year`: the newest row's year, for dates written without one.
    var year: Int?

    typealias Read = FileImport.Read

    /// A statement file for `reconcile`: found from the file (a layout among `layouts` too), or in the format asked for.
    static func statement(_ input: Input, format: StatementFormat?, layouts: [Layout]) throws -> Statement {
        do { return try StatementReader.read(input.bytes, as: format.map { .format($0) } ?? .detect, layouts: layouts) } catch {
            throw ImportFailure(path: ImportCommand.displayName(input.path), problem: error)
        }
    }

    /// The file's bytes read and understood; a file that isn't readable refuses the import before anything is
    /// written, naming the file.
    /// An export's 振替 rows are kept, in `transfers` (they count in no category).
    static func read(
        _ input: Input, as choice: Choice, layouts: [Layout], mapping: CategoryMapping, category: CategoryCode?, income: IncomeTargets?,
        transfers: CategoryCode?, years: LayoutYears = LayoutYears()
    ) throws -> Read {
        let (path, bytes) = (input.path, input.bytes)
        var years = years
        if path != "-" { years.fileName = FileSystem.lastComponent(path) }
        do {
            func convert(_ source: ImportSource) throws(ConvertProblem) -> Conversion {
                try Converter.convert(
                    bytes, from: source, mapping: mapping, fallback: category, income: income, transfers: transfers, fileUnmapped: true)
            }
            switch choice {
            case .format(let format): return .statement(try StatementReader.read(bytes, as: .format(format)))
            case .layout(let layout): return .statement(try StatementReader.read(bytes, as: .layout(layout), years: years))
            case .app(let source): return .export(try convert(source))
            case .detect:
                // The one table decides (ImportFormats): kakeibo's formats, then the layouts. A file it doesn't know
                // is refused by the statements' reader, saying why.
                let options = ReadOptions(mapping: mapping, fallback: category, income: income, transfers: transfers, years: years)
                let format = try input.format ?? ImportFormats.identify(FileHead(bytes), layouts: layouts)
                switch try format?.read(bytes, options) {
                case .statement(let statement): return .statement(statement)
                case .export(let conversion): return .export(conversion)
                case .items(let bytes):
                    do { return .json(try ExportDocument.decode(bytes).items) } catch {
                        throw CommandError.importFile(ImportCommand.displayName(path), problem: error)
                    }
                case .cardDump(let bytes):
                    do { return .cardDump(try CardDump.read(bytes)) } catch {
                        throw CardImportFailure(path: ImportCommand.displayName(path), problem: .dump(error))
                    }
                case nil: return .statement(try StatementReader.read(bytes, as: .detect, layouts: layouts, years: years))
                }
            }
        } catch let error as ConvertProblem { throw ImportFailure(path: ImportCommand.displayName(path), problem: error) }
    }

    func run(_ context: Context) throws {
        context.readsOnly = dryRun
        let taxonomy = try context.taxonomy()
        let household = try context.household()
        let income = IncomeTargets.standard(taxonomy)
        // Every file is read before anything is written: one bad file imports none.
        let files = try inputs.map {
            FileImport.File(
                name: ImportCommand.displayName($0.path),
                read: try StatementImport.read(
                    $0, as: choice, layouts: layouts, mapping: mapping, category: category, income: income, transfers: taxonomy.unfiled,
                    years: LayoutYears(given: year, today: context.clock.today)))
        }
        var progress: Progress?
        let done: FileImport.Done
        do {
            done = try FileImport.run(
                files, household: household, taxonomy: taxonomy, category: category, tags: tags,
                member: try ImportCommand.member(member, context), account: account, dryRun: dryRun
            ) { total in
                let bar = Progress(total: total, label: context.language.pick("Importing", "取り込み中"), terminal: context.terminal)
                progress = bar
                return { bar.advance() }
            }
        } catch let error as CardBatchError {
            // The dump that is not the card it says, named among the files.
            let dumps = files.filter { if case .cardDump = $0.read { true } else { false } }
            throw CardImportFailure(path: dumps.indices.contains(error.card) ? dumps[error.card].name : "", problem: .identity(error.problem))
        }
        progress?.finish()
        try ImportCommand.show(done.report, output, context)
    }
}
