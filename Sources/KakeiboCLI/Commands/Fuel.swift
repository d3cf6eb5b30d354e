import FoundationEssentials
import KakeiboKit

/// `kakeibo fuel` — what a drive costs in fuel, exactly, and optionally records it.
struct FuelCommand: Command {
    static let name = "fuel"
    static let summary = LocalizedText(en: "Work out a drive's fuel cost, and optionally record it", ja: "走行距離と燃費からガソリン代を計算し、登録もできる")
    static let synopsis =
        "fuel --km KM --km-per-litre KM --yen-per-litre YEN [--add [--date D] [--name N] [--category CAT[/SUB]]] [--format table|json]"
    static let options = [
        OptionSpec("--km", value: "KM", help: LocalizedText(en: "distance driven, e.g. 320 or 42.5", ja: "走行距離（320、42.5 など）")),
        OptionSpec("--km-per-litre", value: "KM", help: LocalizedText(en: "fuel economy in km per litre, e.g. 16.5", ja: "燃費（km/L、16.5 など）")),
        OptionSpec(
            "--yen-per-litre", value: "YEN", help: LocalizedText(en: "fuel price per litre, e.g. 175 or 174.5", ja: "1 リットルの価格（175、174.5 など）")),
        OptionSpec("--add", help: LocalizedText(en: "record the cost as an item", ja: "金額をデータとして登録")),
        OptionSpec(
            "--date", value: "D",
            help: LocalizedText(en: "with --add: YYYY-MM-DD, today (default) or yesterday", ja: "--add と: YYYY-MM-DD、today（既定）、yesterday")),
        OptionSpec(
            "--name", value: "N",
            help: LocalizedText(en: "with --add: the item's name (default \"Fuel 320 km\")", ja: "--add と: 品名（既定は「ガソリン代 320km」）")),
        OptionSpec(
            "--category", value: "CAT[/SUB]",
            help: LocalizedText(en: "with --add: default entertainment/traffic", ja: "--add と: 既定は entertainment/traffic（娯楽費/交通費）")),
        OutputFormat.option([.table, .json]),
    ]
    static let examples = [
        "kakeibo fuel --km 320 --km-per-litre 16 --yen-per-litre 175",
        "kakeibo fuel --km 42.5 --km-per-litre 18.2 --yen-per-litre 172 --add --date yesterday",
        "kakeibo fuel --km 320 --km-per-litre 16 --yen-per-litre 175 --format json | jq .cost",
    ]
    static let defaultCategory = "entertainment/traffic"

    let fuel: FuelCost
    let add: Bool
    let item: WireItem?
    let format: OutputFormat

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        _ = try FuelCommand.positionals(arguments, required: [])
        let required = ["--km", "--km-per-litre", "--yen-per-litre"]
        let missing = required.filter { arguments.value($0) == nil }
        guard missing.isEmpty else { throw UsageError.missingArgument(missing.joined(separator: ", "), command: FuelCommand.name) }
        fuel = FuelCost(
            distance: try Hundredths.parse(arguments.value("--km") ?? "", name: "--km", maximum: FuelCost.maximumDistance),
            economy: try Hundredths.parse(arguments.value("--km-per-litre") ?? "", name: "--km-per-litre", maximum: FuelCost.maximumEconomy),
            price: try Hundredths.parse(arguments.value("--yen-per-litre") ?? "", name: "--yen-per-litre", maximum: FuelCost.maximumPrice))
        try Parse.requireAdd(arguments, for: ["--date", "--name", "--category"])
        add = arguments.has("--add")
        format = try OutputFormat.parse(arguments.value("--format"), allowed: [.table, .json])
        guard add else {
            item = nil
            return
        }
        guard fuel.cost.isValidPrice else { throw FuelCommandError.costRoundsToZero }
        let taxonomy = try context.taxonomy()
        let category: CategoryCode
        if let text = arguments.value("--category") {
            category = try taxonomy.resolve(text)
        } else {
            do { category = try taxonomy.resolve(FuelCommand.defaultCategory) } catch { throw FuelCommandError.noDefaultCategory }
        }
        let name = try ItemName.validate(
            arguments.value("--name") ?? context.language.pick("Fuel \(fuel.distance.text) km", "ガソリン代 \(fuel.distance.text)km"))
        let date = try arguments.value("--date").map { try Parse.date($0, today: context.clock.today) } ?? context.clock.today
        item = WireItem(id: UUID().uuidString.lowercased(), date: date, name: name, price: fuel.cost, category: category)
    }

    func run(_ context: Context) throws {
        var stored: Item?
        if let item {
            let entry = item.item(added: context.clock.now, sync: .pending)
            try context.store().append([entry])
            stored = entry
        }
        let taxonomy = try context.taxonomy()
        switch format {
        case .json:
            var fields = JSONRenderer.fuel(fuel)
            if let stored { fields.append(("added", JSONRenderer.item(stored, taxonomy))) }
            context.print(JSONRenderer.render(.object(fields)))
        default:
            var out = TableRenderer.fuel(fuel, style: context.textStyle)
            if let stored {
                out += TableRenderer.item(stored, verb: context.language.pick("Added", "登録しました:"), taxonomy: taxonomy, style: context.textStyle)
            }
            context.print(out)
        }
    }
}

/// A fuel cost that can't be recorded: exit 2.
enum FuelCommandError: KakeiboFailure, Equatable {
    case costRoundsToZero
    case noDefaultCategory

    var kind: FailureKind { .badInput }

    func message(in language: Language) -> String {
        switch self {
        case .costRoundsToZero:
            return language.pick("the cost rounds to ¥0; there is nothing to record", "金額が 0 円に丸められるため、登録するものがありません")
        case .noDefaultCategory:
            return language.pick(
                "your categories have no \(FuelCommand.defaultCategory) for fuel; choose one with --category",
                "項目に \(FuelCommand.defaultCategory)（ガソリン代の既定）がありません。--category で指定してください")
        }
    }
}
