import KakeiboKit

/// `kakeibo receipt FILE|-` — reads a receipt's OCR text (or, with --image, runs tesseract on a photo) and proposes
/// its items; with --add, stores them.
struct ReceiptCommand: Command {
    static let image = Option(
        "--image", value: "IMAGE",
        help: LocalizedText(en: "a photo or scan: read it with tesseract (jpn+eng) first", ja: "写真やスキャン画像を tesseract（jpn+eng）で読み取る"))
    static let add = Flag("--add", help: LocalizedText(en: "store the proposed items (one change: all or none)", ja: "読み取った品目を登録する（全部まとめて登録）"))
    static let date = Option.date(
        LocalizedText(en: "with --add: purchase date (default: the receipt's, else today)", ja: "--add と: 購入日（既定はレシートの日付、なければ今日）"))
    static let category = Option.category(
        help: LocalizedText(
            en: "with --add: category of every item (default: each as 'add' files it: the rules, else as last time, else as its name usually is)",
            ja: "--add と: すべての品目の項目（既定は add と同じく品目ごとに、ルール、前回と同じ、よくある品名の順）"))
    static let format = OutputFormat.option([.table, .json])
    static let name = "receipt"
    static let info = CommandInfo(
        name: name, summary: LocalizedText(en: "Read a receipt's text into items, and optionally add them", ja: "レシートの文字から品目を読み取り、登録もできる"),
        description: LocalizedText(
            en: "Give either FILE or --image. Without --add nothing is written: check the proposal, then run again with --add.",
            ja: "FILE か --image のどちらかを指定します。--add がなければ何も書き込みません。内容を確認してから --add を付けて実行します。"),
        arguments: [
            Argument(
                "FILE|-",
                LocalizedText(
                    en: "the receipt's text, one printed line per line (as OCR gives it); - reads stdin",
                    ja: "レシートの文字（印字 1 行が 1 行、OCR の出力のまま）。- は標準入力"),
                .optional)
        ],
        options: [image, add, date, category, DetailOptions.payment, DetailOptions.member, DetailOptions.shop, DetailOptions.tag, format],
        examples: [
            "kakeibo receipt Examples/receipts/homecenter.txt",
            "kakeibo receipt --image receipt.jpg --add --date 2024-12-07 --category entertainment/goods",
            "kakeibo receipt scan.txt --add --payment 現金 --member ayumi",
            "tesseract receipt.jpg - -l jpn+eng | kakeibo receipt - --format json",
        ])
    /// A receipt is a few kilobytes; anything this large is not one.
    static let maximumBytes = 1 << 20

    enum Source {
        /// A text file, or "-" for stdin.
        case text(String)
        case image(String)
    }

    let source: Source
    let add: Bool
    /// The date given with --date; else the receipt's own, else today.
    let date: CalendarDate?
    let today: CalendarDate
    /// nil: each item filed by the rules, else as last time, else the default.
    let category: CategoryCode?
    /// With --add: the details every item gets (`--payment`, `--member` or this machine's, `--shop`, `--tag`).
    let details: ItemDetails
    let format: OutputFormat

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        let words = try ReceiptCommand.positionals(arguments)
        switch (words.first, try arguments[Self.image]) {
        case (nil, nil): throw UsageError.missingArgument("FILE|- or --image IMAGE", command: ReceiptCommand.name)
        case (.some, .some): throw ContextArgumentError.eitherOr("FILE", "--image")
        case (.some(let path), nil): source = .text(path)
        case (nil, .some(let image)): source = .image(image)
        }
        try Parse.requireAdd(
            arguments, Self.add, for: [Self.date, Self.category, DetailOptions.payment, DetailOptions.member, DetailOptions.shop, DetailOptions.tag])
        add = arguments[Self.add]
        details = add ? try DetailOptions.details(arguments, context) : ItemDetails()
        let taxonomy = try context.taxonomy()
        today = context.clock.today
        date = try arguments[Self.date]?.resolve(today: today)
        category = try arguments[Self.category].map { try taxonomy.resolve($0) }
        format = try arguments[Self.format] ?? .table
    }

    func run(_ context: Context) throws {
        let proposal = ReceiptParser.parse(try text(context))
        var added: [Item] = []
        var reasons: [String] = []
        if add {
            guard !proposal.items.isEmpty else { throw ReceiptError.nothingToAdd }
            let day = date ?? proposal.date ?? today
            if date == nil && proposal.date == nil { context.note(TableRenderer.receiptUndated(today, context.language)) }
            let ids = proposal.itemIDs(on: day)
            let taxonomy = try context.taxonomy()
            let filer = try category == nil ? context.household().filer(taxonomy: taxonomy, from: day.yearMonth) : nil
            let shop = details.shop ?? proposal.shop
            let items = try zip(ids, proposal.items).map { id, proposed in
                let name = try ItemName.validate(proposed.name)
                // Filed as `add` files: the rules, then the name's last use, then the shop's (see `Filer.file`).
                let filed = try filer?.file([name] + (shop.map { [$0] } ?? []), unfiled: false)
                var item = WireItem(
                    id: id, date: day, name: name, price: proposed.price, category: category ?? filed?.category ?? taxonomy.defaultCategory)
                item.details = details
                item.details.shop = shop
                item.details.payment = details.payment ?? filed?.payment
                item.details.member = details.member ?? filed?.member
                item.details.tags = Tags.adding(filed?.tags ?? [], to: details.tags)
                if let filer, let filed {
                    reasons.append(name + ": " + RulesRenderer.reason(filed, rules: filer.rules, taxonomy: taxonomy, context.language))
                }
                return item
            }
            added = try context.household().addNew(items).items
            if added.count < items.count {
                context.note(TableRenderer.receiptAlreadyAdded(items.count - added.count, of: items.count, context.language))
            }
            if proposal.matchesTotal != true {
                context.note(
                    context.language.pick(
                        "added what was read, which \(proposal.total == nil ? "can't be checked against a total" : "does not add up to the receipt's total"); check it (see 'kakeibo edit')",
                        "読み取れた分を登録しましたが、\(proposal.total == nil ? "合計と照合できません" : "レシートの合計と一致しません")。確認してください（'kakeibo edit'）"))
            }
        }
        let taxonomy = try context.taxonomy()
        switch format {
        case .json:
            var fields = JSONRenderer.receipt(proposal)
            if add { fields.append(("added", .array(added.map { JSONRenderer.item($0, taxonomy) }))) }
            context.print(JSONRenderer.render(.object(fields)))
        default:
            var out = TableRenderer.receipt(proposal, style: context.textStyle)
            if add {
                out +=
                    "\n"
                    + added.map {
                        TableRenderer.item($0, verb: context.language.pick("Added", "登録しました:"), taxonomy: taxonomy, style: context.textStyle)
                    }.joined()
                out += reasons.map { "  " + terminalSafe($0) + "\n" }.joined()
            }
            context.print(out)
        }
    }

    /// The receipt's text from the file, stdin, or tesseract.
    func text(_ context: Context) throws -> String {
        let bytes: [UInt8]
        switch source {
        case .text(let path): bytes = try ImportCommand.read(path)
        case .image(let path): bytes = try OCR.read(path, environment: context.environment)
        }
        guard bytes.count <= ReceiptCommand.maximumBytes else { throw ReceiptError.tooLarge(bytes: bytes.count) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Reading a receipt image with tesseract, if it is installed.
enum OCR {
    static let program = "tesseract"
    static let arguments = ["-", "-l", "jpn+eng"]

    static func read(_ image: String, environment: Environment) throws -> [UInt8] {
        guard FileSystem.exists(image) else { throw CommandError.readInput(image, code: ENOENT) }
        guard let tesseract = Subprocess.find(program, path: environment["PATH"]) else { throw ReceiptError.noTesseract }
        let result: Subprocess.Result
        do { result = try Subprocess.run(tesseract, [image] + arguments, environment: environment) } catch {
            throw ReceiptError.tesseractFailed(image: image, detail: String(cString: strerror(error.code)))
        }
        guard result.status == 0 else {
            let lines = String(decoding: result.stderr, as: UTF8.self).split(whereSeparator: \.isNewline)
            throw ReceiptError.tesseractFailed(
                image: image, detail: "exit \(result.status)" + (lines.last.map { ": " + terminalSafe(String($0)) } ?? ""))
        }
        return result.stdout
    }
}

/// A receipt that can't be read or stored.
enum ReceiptError: KakeiboFailure, Equatable {
    case noTesseract
    case tesseractFailed(image: String, detail: String)
    case nothingToAdd
    case tooLarge(bytes: Int)

    var kind: FailureKind {
        switch self {
        case .tooLarge: .badInput
        default: .runtime
        }
    }

    func message(in language: Language) -> String {
        switch self {
        case .noTesseract:
            return language.pick(
                "--image needs the OCR program tesseract, which is not on PATH; install it with 'apt-get install tesseract-ocr tesseract-ocr-jpn', or give the receipt's text as FILE",
                "--image には OCR プログラム tesseract が必要ですが PATH にありません。'apt-get install tesseract-ocr tesseract-ocr-jpn' でインストールするか、レシートの文字を FILE で渡してください"
            )
        case .tesseractFailed(let image, let detail):
            return language.pick(
                "tesseract could not read \(image) (\(detail)); Japanese needs its language data: 'apt-get install tesseract-ocr-jpn'",
                "tesseract で \(image) を読み取れませんでした（\(detail)）。日本語には言語データが必要です: 'apt-get install tesseract-ocr-jpn'")
        case .nothingToAdd:
            return language.pick("no items were read from the receipt; nothing added", "レシートから品目を読み取れなかったため、何も登録していません")
        case .tooLarge(let bytes):
            return language.pick(
                "the text is \(Yen(bytes).grouped) bytes; a receipt is at most \(Yen(ReceiptCommand.maximumBytes).grouped)",
                "文字が \(Yen(bytes).grouped) バイトあります。レシートは \(Yen(ReceiptCommand.maximumBytes).grouped) バイトまでです")
        }
    }
}
