import KakeiboKit

/// `kakeibo furusato add MUNICIPALITY AMOUNT` and `kakeibo furusato [YEAR]` — ふるさと納税 donations: recorded as
/// items (so they count as spending and sync as items do), and listed with the one-stop rule checked.
struct FurusatoCommand: Command {
    static let date = Option.date(LocalizedText(en: "with add: the day of the donation (default today)", ja: "add と: 寄附した日（既定は今日）"))
    static let oneStop = Flag(
        "--onestop", help: LocalizedText(en: "with add: the one-stop exception application is sent", ja: "add と: ワンストップ特例の申請書を送付済み"))
    static let receipt = Option<String>(
        "--receipt", value: "NUMBER", help: LocalizedText(en: "with add: the receipt's (受領証明書) number", ja: "add と: 受領証明書の番号")
    ) { text in
        let trimmed = trimWhitespace(text)
        guard !trimmed.isEmpty, trimmed.count <= 40, !trimmed.unicodeScalars.contains(where: ItemName.isControl), !trimmed.contains("·") else {
            throw FurusatoCommandError.receipt(text)
        }
        return trimmed
    }
    static let format = OutputFormat.option([.table, .json])
    static let name = "furusato"
    static let info = CommandInfo(
        name: name, summary: LocalizedText(en: "Record and list hometown tax (furusato nozei) donations", ja: "ふるさと納税の寄附を記録・一覧"),
        description: LocalizedText(
            en:
                "A donation is an item (the municipality as its name) in the subcategory keyed furusato, else the category taxes, else other. The list checks the one-stop rule: at most 5 municipalities a year, each application sent by 10 January.",
            ja: "寄附は 1 件のデータ（品名は自治体）で、内訳 furusato、なければ項目 taxes、なければ other に入ります。一覧はワンストップ特例の条件（年 5 自治体まで、申請書は翌年 1 月 10 日まで）を確かめます。"),
        arguments: [
            Argument(
                "add MUNICIPALITY AMOUNT", LocalizedText(en: "record a donation, e.g. add 北海道紋別市 10000", ja: "寄附を記録（add 北海道紋別市 10000 など）"), .optional),
            Argument("YEAR", LocalizedText(en: "list the year's donations (default this year)", ja: "その年の寄附を一覧（既定は今年）"), .note),
        ],
        options: [date, oneStop, receipt, DetailOptions.member, format],
        examples: [
            "kakeibo furusato add 北海道紋別市 10000 --date 2024-03-01 --onestop",
            "kakeibo furusato add 佐賀県唐津市 20000 --receipt R-2024-0815",
            "kakeibo furusato 2024",
            "kakeibo furusato 2024 --format json | jq '{total, oneStopApplies}'",
        ])

    enum Action {
        case add(WireItem)
        case list(Int)
    }

    let action: Action
    let format: OutputFormat

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        format = try arguments[Self.format] ?? .table
        let words = arguments.positionals
        guard words.first == "add" else {
            for option in [Self.date, Self.receipt] as [any OptionDeclaration] where arguments.given(option) {
                throw UsageError.onlyWith(option.spec.name, "add")
            }
            if arguments[Self.oneStop] { throw UsageError.onlyWith(Self.oneStop.name, "add") }
            if arguments.given(DetailOptions.member) { throw UsageError.onlyWith(DetailOptions.member.name, "add") }
            let today = context.clock.today.yearMonth
            switch try Period.parse(words, today: today, as: .year) {
            case .year(let year): action = .list(year)
            default: action = .list(today.year)
            }
            return
        }
        let verb = try VerbArguments(arguments, verbs: "add", command: FurusatoCommand.name)
        try verb.expect(["MUNICIPALITY", "AMOUNT"])
        context.command = "\(FurusatoCommand.name) add"
        let municipality = try ItemName.validate(verb.operands[0])
        guard TypedNumber.money(verb.operands[1]) != "0" else { throw FurusatoCommandError.amount(verb.operands[1]) }
        let amount = try Yen.parsePrice(verb.operands[1])
        guard amount.amount > 0 else { throw FurusatoCommandError.amount(verb.operands[1]) }
        let member = try DetailOptions.known(
            try arguments[DetailOptions.member] ?? DetailOptions.settings(context).member, try DetailOptions.settings(context))
        let memo = FurusatoReport.memo(oneStop: arguments[Self.oneStop], receipt: try arguments[Self.receipt])
        action = .add(
            WireItem(
                id: FurusatoReport.id(random: ItemID.random()),
                date: try arguments[Self.date]?.resolve(today: context.clock.today) ?? context.clock.today,
                name: municipality, price: amount, category: FurusatoReport.category(try context.taxonomy()),
                details: ItemDetails(memo: memo, member: member)))
    }

    func run(_ context: Context) throws {
        switch action {
        case .add(let item):
            let stored = try context.household().add([item]).items[0]
            try ItemOutput.print(stored, verb: LocalizedText(en: "Recorded the donation", ja: "寄附を記録しました:"), format: format, context)
        case .list(let year):
            let items = try context.storeForReading().items(inYear: year).values.flatMap { $0 }
            let report = FurusatoReport(year: year, items: items, today: context.clock.today)
            switch format {
            case .json: context.print(FurusatoRenderer.json(report))
            default: context.print(FurusatoRenderer.table(report, style: context.textStyle))
            }
        }
    }
}

/// A donation that can't be recorded (exit 2).
enum FurusatoCommandError: KakeiboFailure, Equatable {
    case amount(String)
    case receipt(String)

    var kind: FailureKind { .badInput }

    func message(in language: Language) -> String {
        switch self {
        case .amount(let text):
            return language.pick(
                "a donation must be more than 0 yen, got '\(text)'", "寄附の金額は 0 円より大きくしてください（指定: '\(text)'）")
        case .receipt(let text):
            return language.pick(
                "a receipt number is 1–40 characters without control characters or '·', got '\(terminalSafe(text))'",
                "受領証明書の番号は制御文字と「·」を含まない 1〜40 文字です（指定: '\(terminalSafe(text))'）")
        }
    }
}
