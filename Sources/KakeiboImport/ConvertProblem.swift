import KakeiboKit

/// Why an export from another app was refused. Nothing is imported when any of these happens.
package enum ConvertProblem: Error, Equatable, Sendable {
    case notText
    case empty(ImportSource)
    case csv(CSVProblem)
    /// The header lacks columns the source's export always has; `looksLike` names the other app when it fits.
    case header(ImportSource, missing: [String], looksLike: ImportSource?)
    case fieldCount(row: Int, line: Int, count: Int, expected: Int)
    case field(row: Int, line: Int, column: String, FieldIssue)
    /// Expense rows whose category neither the mapping nor `--category` places: each source category and its rows.
    case unmapped([UnmappedCategory])
    /// A statement file with nothing in it (`--from` names the format asked for, if any).
    case emptyStatement(StatementFormat?)
    /// A statement that is not in the format `--from` asked for; `looksLike` names the one it fits.
    case notStatement(StatementFormat, looksLike: StatementFormat?)
    /// A file in none of the statement layouts; `looksLike` names an app export it fits.
    case unknownLayout(looksLike: ImportSource?)
    /// A statement that stops before its end (a Vpass file without its totals, a block after them).
    case truncated(row: Int)
    /// A file that is not in the encoding its layout names.
    case layoutEncoding(String, String)
    /// No row within the layout's first rows has every name it matches.
    case layoutHeader(String, match: [String], within: Int)
    /// The layout names a column its file's header doesn't have.
    case layoutColumn(String, column: String, row: Int, header: [String])
    /// A date cell that doesn't fit the layout's format.
    case layoutDate(row: Int, line: Int, column: String, value: String, format: String)
    /// Two layouts fit the file equally well.
    case ambiguousLayout([String])
    /// A rule of the household's names a category the taxonomy doesn't have.
    case rule(RuleError)
    /// No layout could be guessed from the file (`--layout-init`).
    case layoutGuess(LayoutGuess.Problem)

    /// What is wrong with one field.
    package enum FieldIssue: Equatable, Sendable {
        case value(ValueError)
        case date(String, example: String)
        case amount(String)
        case flag(String)
        case method(String)
        case repeatedID(String, firstRow: Int)
        case empty
        /// A date written without a year (`4月30日`), in a file that says none: `--year` gives it.
        case noYear(String)
        /// A date without a year that the year found makes a day after today.
        case future(String, CalendarDate, year: Int)
    }

    package func message(in language: Language) -> String {
        switch self {
        case .notText:
            return language.pick("not text in UTF-8 or Shift_JIS", "UTF-8 でも Shift_JIS でもありません")
        case .empty(let source):
            return language.pick(
                "the file is empty; expected \(source.displayName)'s CSV export, starting with its header",
                "ファイルが空です。見出し行で始まる \(source.displayName) の CSV が必要です")
        case .csv(let problem):
            return language.pick("not valid CSV: ", "CSV として読めません: ") + problem.message(in: language)
        case .header(let source, let missing, let other):
            var text = language.pick(
                "not a \(source.displayName) export: the header has no column \(missing.joined(separator: ", ")) (expected \(source.columns.joined(separator: ",")))",
                "\(source.displayName) の CSV ではありません: 見出しに \(missing.joined(separator: "、")) の列がありません（必要な見出し: \(source.columns.joined(separator: ","))）"
            )
            if let other {
                text += language.pick(
                    "; it looks like a \(other.displayName) export: use --from \(other.rawValue)",
                    "。\(other.displayName) の CSV のようです: --from \(other.rawValue) を指定してください")
            }
            return text
        case .fieldCount(let row, let line, let count, let expected):
            return CSVProblem.place(row, line, language)
                + language.pick(
                    " has \(count) fields; the header has \(expected)",
                    " の欄の数は \(count) です（見出しは \(expected)）")
        case .field(let row, let line, let column, let issue):
            return CSVProblem.place(row, line, language) + language.pick(", column \(column): ", "、\(column) 列: ")
                + issue.message(in: language)
        case .emptyStatement(let format):
            let what = format.map { $0.displayName + language.pick(" statement", " の明細") } ?? language.pick("statement", "明細")
            return language.pick("the file is empty; expected a \(what)", "ファイルが空です（\(what)が必要です）")
        case .notStatement(let format, let other):
            var text = language.pick(
                "not a \(format.displayName) statement (--from \(format.rawValue)): expected it to start \(format.expected)",
                "\(format.displayName) の明細（--from \(format.rawValue)）ではありません: \(format.expected) で始まるはずです")
            if let other {
                text += language.pick(
                    "; it looks like a \(other.displayName) statement: use --from \(other.rawValue)",
                    "。\(other.displayName) の明細のようです: --from \(other.rawValue) を指定してください")
            }
            return text
        case .unknownLayout(let source):
            if let source {
                return language.pick(
                    "a \(source.displayName) export, not a statement: use kakeibo import --from \(source.rawValue)",
                    "明細ではなく \(source.displayName) の CSV です: kakeibo import --from \(source.rawValue) を使ってください")
            }
            let formats = (StatementFormat.allCases.map(\.rawValue) + ImportSource.allCases.map(\.rawValue)).joined(separator: ", ")
            return language.pick(
                "not a file kakeibo knows (\(formats), or a layout of yours)",
                "kakeibo が読めるファイル（\(formats)、またはレイアウト）ではありません")
        case .layoutEncoding(let layout, let encoding):
            return language.pick(
                "not \(encoding) text, as the layout \(layout) says it is: set \"encoding\" to auto in the layout (docs/statements.md#layouts)",
                "レイアウト \(layout) の言う \(encoding) のテキストではありません: レイアウトの \"encoding\" を auto にしてください（docs/statements.md#layouts）")
        case .layoutHeader(let layout, let match, let within):
            return language.pick(
                "header not found: the layout \(layout) expects \(match.joined(separator: ", ")) in one of the first \(within) rows; write a layout for this file with --layout-init (docs/statements.md#layouts)",
                "見出し行が見つかりません: レイアウト \(layout) は最初の \(within) 行のどこかに \(match.joined(separator: "、")) を探します。--layout-init でこのファイルのレイアウトを作れます（docs/statements.md#layouts）"
            )
        case .layoutColumn(let layout, let column, let row, let header):
            return language.pick(
                "the layout \(layout) reads column '\(column)', which the header (row \(row)) doesn't have: \(header.joined(separator: ",")); correct the layout or write one with --layout-init",
                "レイアウト \(layout) の列 '\(column)' が見出し（\(row) 行目）にありません: \(header.joined(separator: ","))。レイアウトを直すか、--layout-init で作り直してください"
            )
        case .layoutDate(let row, let line, let column, let value, let format):
            return CSVProblem.place(row, line, language)
                + language.pick(
                    ", column \(column): '\(value)' does not match the layout's date format \(format); correct \"date\" in the layout",
                    "、\(column) 列: '\(value)' はレイアウトの日付の形式 \(format) に合いません。レイアウトの \"date\" を直してください")
        case .ambiguousLayout(let names):
            return language.pick(
                "the layouts \(names.joined(separator: " and ")) both fit this file: choose one with --layout NAME",
                "レイアウト \(names.joined(separator: " と ")) のどちらにも合います: --layout NAME で選んでください")
        case .rule(let error): return error.message(in: language)
        case .layoutGuess(let problem):
            let why: String
            switch problem {
            case .noDates: why = language.pick("no column reads as dates", "日付として読める列がありません")
            case .noHeader(let row):
                why = language.pick("no row of column names above the first dated row (\(row))", "最初の日付の行（\(row) 行目）の上に見出し行がありません")
            case .noAmount: why = language.pick("no column of amounts", "金額の列がありません")
            case .noDescription: why = language.pick("no column of text to name the lines by", "明細の名前になる文字の列がありません")
            }
            return language.pick(
                "no layout could be guessed: \(why); write one by hand (docs/statements.md#layouts)",
                "レイアウトを推定できません: \(why)。手で書いてください（docs/statements.md#layouts）")
        case .truncated(let row):
            return language.pick(
                "the statement stops short at row \(row) (no totals at its end): export it again",
                "明細が \(row) 行目で途切れています（末尾の合計がありません）。もう一度ダウンロードしてください")
        case .unmapped(let categories):
            let list =
                categories.prefix(8).map { "\($0.name) (\(ImportRenderer.rows($0.count, language)))" }
                .joined(separator: language.pick(", ", "、")) + (categories.count > 8 ? "…" : "")
            return language.pick(
                "expenses in categories with no kakeibo category: \(list); map them in mapping.json or --mapping FILE, or send them all to one with --category CAT[/SUB] (see 'kakeibo help import')",
                "対応する項目のない分類の支出があります: \(list)。mapping.json か --mapping FILE で対応を決めるか、--category CAT[/SUB] でまとめて送り先を指定してください（'kakeibo help import' を参照）"
            )
        }
    }
}

extension ConvertProblem.FieldIssue {
    func message(in language: Language) -> String {
        switch self {
        case .value(let error): return error.message(in: language)
        case .date(let text, let example):
            return language.pick("expected a date like \(example), got '\(text)'", "\(example) のような日付が必要です（値: '\(text)'）")
        case .amount(let text):
            return language.pick("expected an amount in whole yen, got '\(text)'", "円単位の整数の金額が必要です（値: '\(text)'）")
        case .flag(let text):
            return language.pick("expected 0 or 1, got '\(text)'", "0 か 1 が必要です（値: '\(text)'）")
        case .method(let text):
            return language.pick(
                "expected payment, income, transfer or balance, got '\(text)'",
                "payment、income、transfer、balance のいずれかが必要です（値: '\(text)'）")
        case .repeatedID(let id, let firstRow):
            return language.pick(
                "the ID \(id) is already used by row \(firstRow) for a different entry",
                "ID \(id) は \(firstRow) 行目の別の明細と重複しています")
        case .empty: return language.pick("must not be empty", "空です")
        case .noYear(let text):
            return language.pick(
                "'\(text)' has no year and the file says none: give the year of its newest row with --year YYYY",
                "'\(text)' には年がなく、ファイルにも書かれていません。いちばん新しい行の年を --year YYYY で指定してください")
        case .future(let text, let date, let year):
            return language.pick(
                "'\(text)' would be \(date.iso), after today, with the file's newest row in \(year): give its year with --year YYYY",
                "'\(text)' は、いちばん新しい行を \(year) 年とすると今日より後の \(date.iso) になります。年を --year YYYY で指定してください")
        }
    }
}

extension ConvertProblem {
    /// What to do about the refusal, when the message itself doesn't say: read a file in an unknown or changed
    /// layout with a layout of its own, or download a file cut short again.
    func wayForward(_ path: String, in language: Language) -> String? {
        let layout = language.pick(
            "if the file is in a layout kakeibo doesn't know, 'kakeibo import \(path) --layout-init' writes one (docs/statements.md#layouts)",
            "kakeibo の知らない形式なら 'kakeibo import \(path) --layout-init' でレイアウトを作れます（docs/statements.md#layouts）")
        switch self {
        // The date is the file's own, and the message says what to do.
        case .field(_, _, _, .noYear), .field(_, _, _, .future), .field(_, _, _, .value(.dateEra)): return nil
        case .field, .header(_, _, nil), .unknownLayout(nil), .notStatement(_, nil): return layout
        case .fieldCount, .csv:
            return language.pick(
                "a file cut short should be downloaded again; ", "途中で切れたファイルならもう一度ダウンロードしてください。") + layout
        case .notText:
            return language.pick(
                "save it as CSV (UTF-8 or Shift_JIS) and import it again", "CSV（UTF-8 か Shift_JIS）で保存してから取り込んでください")
        default: return nil
        }
    }
}

/// A source category with no kakeibo category, and how many expense rows it has.
package struct UnmappedCategory: Equatable, Sendable {
    /// "住宅/家賃", or "未分類" when there is no subcategory.
    package var name: String
    package var count: Int
}

/// An import from another app that was refused: one line naming the file, and exit 2 (the file is the problem).
package struct ImportFailure: KakeiboFailure {
    package var path: String
    package var problem: ConvertProblem

    package init(path: String, problem: ConvertProblem) {
        self.path = path
        self.problem = problem
    }

    package var kind: FailureKind { .badInput }

    package func message(in language: Language) -> String {
        // Values quoted from the file could hold escape sequences: never let them reach the terminal raw.
        let forward = problem.wayForward(path, in: language).map { language.pick("; ", "。") + $0 } ?? ""
        return terminalSafe(language.pick("\(path): nothing imported: ", "\(path): 何も取り込んでいません: ") + problem.message(in: language) + forward)
    }
}
