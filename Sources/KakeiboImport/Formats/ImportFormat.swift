import KakeiboKit

/// A kind of file `kakeibo import` reads: it recognises a file from its first bytes and reads it (beancount's
/// importer: `identify` and `extract` in one place, so they can't disagree). kakeibo's own formats are the entries of
/// `ImportFormats.builtIn`; a layout (`Layout`) is one driven by data. A new bank or card with a fixed format is one
/// type and one entry there.
package protocol ImportFormat: Sendable {
    /// The word that names it: `--from`'s for a built-in format, the name of a layout.
    var word: String { get }
    /// How messages name it: "MoneyForward ME's CSV export", and in the list of formats tried, "MoneyForward ME".
    var formatTitle: FormatTitle { get }
    var kind: ImportFormatKind { get }
    /// Whether the file is this format, from its first bytes.
    func recognise(_ head: FileHead) -> Recognition
    /// The file read whole in this format; a file that isn't it, or has a bad row, is refused saying why.
    func read(_ bytes: [UInt8], _ options: ReadOptions) throws(ConvertProblem) -> ReadFile
}

/// How a format's items go into the store, which decides what may be imported together.
package enum ImportFormatKind: Sendable, Equatable {
    /// kakeibo's own items (JSON): merged by id, an export's settings with them. One file at a time.
    case items
    /// Another app's export, converted and merged by id (a row edited there updates the item).
    case export
    /// A statement's lines, filed and added unless stored. Several at once, of any statement formats: one change.
    case statement
    /// A transit IC card's dump: its records priced from the card's balances, each added once (docs/ic-card.md).
    case cardDump

    /// Whether a file of it, given alone, is merged on its own rather than read as files are together (kakeibo's JSON).
    package var mergedAlone: Bool { self == .items }
}

/// How messages name a format.
package struct FormatTitle: Sendable, Equatable {
    /// "MoneyForward ME's CSV export".
    package var long: LocalizedText
    /// "MoneyForward ME".
    package var short: LocalizedText
}

/// What a format makes of a file's first bytes: its own (and how sure), or not, and why.
package enum Recognition: Sendable, Equatable {
    /// The file is this format. The highest confidence wins: a built-in format's (`certain`) beats any layout's,
    /// which is how many column names its header matched.
    case recognised(confidence: Int)
    case refused(Refusal)

    /// A built-in format's confidence: its own header, or its own first bytes.
    package static let certain = Int.max

    package var confidence: Int? { if case .recognised(let confidence) = self { confidence } else { nil } }
}

/// Why a format is not the file's.
package enum Refusal: Sendable, Equatable {
    /// The first byte that is not white space is not the one it starts with (JSON's `{` or `[`).
    case firstByte(expected: UInt8)
    /// No header among the first lines has these of the names it needs.
    case missingColumns([String])
    /// Neither a header nor the first lines it starts with (Vpass's block, a card dump's records).
    case notItsShape
    /// The bytes are neither UTF-8 nor Shift_JIS.
    case notText
}

/// What reading a file needs beside its bytes: for an app's export, how its categories become kakeibo's.
package struct ReadOptions: Sendable {
    package var mapping: CategoryMapping
    /// `--category`: where rows nothing maps go.
    package var fallback: CategoryCode?
    package var income: IncomeTargets?
    /// The category transfers are kept in (they count in none).
    package var transfers: CategoryCode?
    /// Where a date written without a year takes one (`--year`, the file's name, today).
    package var years: LayoutYears

    package init(
        mapping: CategoryMapping, fallback: CategoryCode? = nil, income: IncomeTargets? = nil, transfers: CategoryCode? = nil,
        years: LayoutYears = LayoutYears()
    ) {
        self.mapping = mapping
        self.fallback = fallback
        self.income = income
        self.transfers = transfers
        self.years = years
    }
}

/// A file read whole.
package enum ReadFile: Sendable {
    case statement(Statement)
    case export(Conversion)
    /// kakeibo's JSON, decoded by the store's codec (`ExportDocument`), and a card's dump (`CardDump`): their bytes.
    case items([UInt8])
    case cardDump([UInt8])
}

/// The one table of formats: kakeibo's own, in the order they are tried, then the household's layouts and kakeibo's.
package enum ImportFormats {
    /// Every built-in format, in the order they are tried (the first that recognises a file wins among them).
    package static let builtIn: [any ImportFormat] = [
        JSONItems.kakeibo, JSONItems.server, ImportSource.moneyforward, ImportSource.zaim, StatementFormat.rakutenCard,
        StatementFormat.smbcVpass, StatementFormat.paypay, StatementFormat.yucho, CardDumpFormat(),
    ]

    /// The `--from` word for "a statement, its format found from the file".
    package static let anyStatement = "statement"

    /// The first built-in format that recognises the file (any of them beats a layout).
    package static func identifyBuiltIn(_ head: FileHead) -> (any ImportFormat)? { builtIn.first { $0.recognise(head).confidence != nil } }

    /// The built-in format of `--from`'s word.
    package static func named(_ word: String) -> (any ImportFormat)? { builtIn.first { $0.word == word } }

    /// The file's format: the first built-in one that recognises it, else the layout whose header matches most of
    /// its names — the household's own winning a tie with a shipped one (theirs was written for their file, and kakeibo
    /// shipping a layout later must not refuse a file that imported before); nil when none does. Two layouts tied
    /// (both the household's, or both shipped) refuse the file, naming them.
    package static func identify(_ head: FileHead, layouts: [Layout]) throws(ConvertProblem) -> (any ImportFormat)? {
        if let format = identifyBuiltIn(head) { return format }
        let found = layouts.compactMap { layout in layout.recognise(head).confidence.map { (layout, $0) } }
        guard let best = found.map(\.1).max() else { return nil }
        let top = found.filter { $0.1 == best }.map(\.0)
        if top.count == 1 { return top[0] }
        let own = top.filter { $0.origin != ShippedLayouts.origin }
        guard own.count == 1 else { throw .ambiguousLayout((own.isEmpty ? top : own).map(\.name)) }
        return own[0]
    }
}

/// kakeibo's JSON: an export with its settings (`{`), or items alone — the household server's answer, kakeibo's
/// `export` (`[`).
package struct JSONItems: ImportFormat {
    package let word: String
    package let formatTitle: FormatTitle
    let first: UInt8

    package static let kakeibo = JSONItems(
        word: "kakeibo",
        formatTitle: FormatTitle(
            long: LocalizedText(en: "kakeibo's export with its settings (JSON)", ja: "kakeibo の設定込みの書き出し（JSON）"),
            short: LocalizedText(en: "kakeibo JSON", ja: "kakeibo の JSON")), first: UInt8(ascii: "{"))
    package static let server = JSONItems(
        word: "server",
        formatTitle: FormatTitle(
            long: LocalizedText(en: "items in JSON (the household server's, or kakeibo's export)", ja: "JSON のデータ（家計簿サーバーや kakeibo の書き出し）"),
            short: LocalizedText(en: "household server JSON", ja: "家計簿サーバーの JSON")), first: UInt8(ascii: "["))

    package var kind: ImportFormatKind { .items }

    package func recognise(_ head: FileHead) -> Recognition {
        head.firstNonSpace == first ? .recognised(confidence: Recognition.certain) : .refused(.firstByte(expected: first))
    }

    package func read(_ bytes: [UInt8], _ options: ReadOptions) -> ReadFile { .items(bytes) }
}

/// A transit IC card's dump (Suica, PASMO, ICOCA…): ASCII hex records (docs/ic-card.md).
package struct CardDumpFormat: ImportFormat {
    package var word: String { "felica" }
    package var formatTitle: FormatTitle {
        FormatTitle(
            long: LocalizedText(en: "a transit IC card's dump (Suica, PASMO, ICOCA…)", ja: "交通系 IC カードのダンプ（Suica・PASMO・ICOCA など）"),
            short: LocalizedText(en: "IC card dump", ja: "IC カードのダンプ"))
    }
    package var kind: ImportFormatKind { .cardDump }

    package func recognise(_ head: FileHead) -> Recognition {
        CardDump.recognises(Array(head.bytes)) ? .recognised(confidence: Recognition.certain) : .refused(.notItsShape)
    }

    package func read(_ bytes: [UInt8], _ options: ReadOptions) -> ReadFile { .cardDump(bytes) }
}

extension ImportSource: ImportFormat {
    package var word: String { rawValue }
    package var formatTitle: FormatTitle {
        switch self {
        case .moneyforward:
            FormatTitle(
                long: LocalizedText(en: "MoneyForward ME's CSV export", ja: "マネーフォワード ME の CSV"),
                short: LocalizedText(en: "MoneyForward ME", ja: "マネーフォワード ME"))
        case .zaim: FormatTitle(long: LocalizedText(en: "Zaim's CSV export", ja: "Zaim の CSV"), short: LocalizedText(en: "Zaim", ja: "Zaim"))
        }
    }
    package var kind: ImportFormatKind { .export }

    /// Its header is the first line, every column found by name (the check `Converter` reads it with).
    package func recognise(_ head: FileHead) -> Recognition {
        guard let first = head.records.first else { return .refused(head.isText ? .missingColumns(columns) : .notText) }
        if Converter.header(first, self) != nil { return .recognised(confidence: Recognition.certain) }
        let names = Set(first.fields.map(trimWhitespace))
        return .refused(.missingColumns(columns.filter { !names.contains($0) && !(aliases[$0] ?? []).contains(where: names.contains) }))
    }

    package func read(_ bytes: [UInt8], _ options: ReadOptions) throws(ConvertProblem) -> ReadFile {
        .export(
            try Converter.convert(
                bytes, from: self, mapping: options.mapping, fallback: options.fallback, income: options.income, transfers: options.transfers,
                fileUnmapped: true))
    }
}

extension StatementFormat: ImportFormat {
    package var word: String { rawValue }
    package var formatTitle: FormatTitle {
        switch self {
        case .rakutenCard:
            FormatTitle(long: LocalizedText(en: "a 楽天カード statement", ja: "楽天カードの明細"), short: LocalizedText(en: "楽天カード", ja: "楽天カード"))
        case .smbcVpass:
            FormatTitle(
                long: LocalizedText(en: "a 三井住友カード Vpass statement", ja: "三井住友カード Vpass の明細"),
                short: LocalizedText(en: "三井住友カード Vpass", ja: "三井住友カード Vpass"))
        case .paypay: FormatTitle(long: LocalizedText(en: "a PayPay statement", ja: "PayPay の取引履歴"), short: LocalizedText(en: "PayPay", ja: "PayPay"))
        case .yucho:
            FormatTitle(
                long: LocalizedText(en: "a ゆうちょ銀行 statement", ja: "ゆうちょ銀行の入出金明細"), short: LocalizedText(en: "ゆうちょ銀行", ja: "ゆうちょ銀行"))
        }
    }
    package var kind: ImportFormatKind { .statement }

    /// Its reader's own test (`recognises`): its header found by name, or its first block.
    package func recognise(_ head: FileHead) -> Recognition {
        guard !head.records.isEmpty else { return .refused(head.isText ? .notItsShape : .notText) }
        return recognises(head.records) ? .recognised(confidence: Recognition.certain) : .refused(.notItsShape)
    }

    package func read(_ bytes: [UInt8], _ options: ReadOptions) throws(ConvertProblem) -> ReadFile {
        .statement(try StatementReader.read(bytes, as: .format(self)))
    }
}

extension Layout: ImportFormat {
    package var word: String { name }
    package var formatTitle: FormatTitle { FormatTitle(long: LocalizedText(en: title, ja: title), short: LocalizedText(en: name, ja: name)) }
    package var kind: ImportFormatKind { .statement }

    /// Its header among the first `within` lines (split as its `separator` says); the more names it matched, the surer.
    package func recognise(_ head: FileHead) -> Recognition {
        headerPosition(separator == .tab ? head.tabbed : head.records) != nil
            ? .recognised(confidence: match.count) : .refused(head.isText ? .missingColumns(match) : .notText)
    }

    package func read(_ bytes: [UInt8], _ options: ReadOptions) throws(ConvertProblem) -> ReadFile {
        .statement(try LayoutReader.read(bytes, self, years: options.years))
    }
}
