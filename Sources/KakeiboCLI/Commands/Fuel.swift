import KakeiboKit

/// `kakeibo fuel` — what a drive costs in fuel, exactly, and optionally records it.
struct FuelCommand: Command {
    static let km = Option.decimal(
        "--km", value: "KM", maximum: FuelCost.maximumDistance, help: LocalizedText(en: "distance driven, e.g. 320 or 42.5", ja: "走行距離（320、42.5 など）"))
    static let kmPerLitre = Option.decimal(
        "--km-per-litre", value: "KM", maximum: FuelCost.maximumEconomy,
        help: LocalizedText(en: "fuel economy in km per litre, e.g. 16.5", ja: "燃費（km/L、16.5 など）"))
    static let yenPerLitre = Option.decimal(
        "--yen-per-litre", value: "YEN", maximum: FuelCost.maximumPrice,
        help: LocalizedText(en: "fuel price per litre, e.g. 175 or 174.5", ja: "1 リットルの価格（175、174.5 など）"))
    static let add = Flag("--add", help: LocalizedText(en: "record the cost as an item", ja: "金額をデータとして登録"))
    static let date = Option.date(LocalizedText(en: "with --add: the day (default today)", ja: "--add と: 日付（既定は今日）"))
    static let itemName = Option(
        "--name", value: "N", help: LocalizedText(en: "with --add: the item's name (default \"Fuel 320 km\")", ja: "--add と: 品名（既定は「ガソリン代 320km」）"))
    static let category = Option.category(
        help: LocalizedText(
            en: "with --add: default car/fuel (entertainment/traffic with the app's categories)",
            ja: "--add と: 既定は car/fuel（自動車/ガソリン。アプリの項目なら entertainment/traffic）"))
    static let format = OutputFormat.option([.table, .json])
    static let name = "fuel"
    static let info = CommandInfo(
        name: name, summary: LocalizedText(en: "Work out a drive's fuel cost, and optionally record it", ja: "走行距離と燃費からガソリン代を計算し、登録もできる"),
        description: LocalizedText(
            en:
                "The cost is worked out exactly from the distance, economy and price (each with up to two decimals) and rounded to whole yen once, at the end.",
            ja: "距離・燃費・価格（それぞれ小数 2 桁まで）から正確に計算し、最後に 1 度だけ円単位に丸めます。"),
        options: [km, kmPerLitre, yenPerLitre, add, date, itemName, category, format],
        examples: [
            "kakeibo fuel --km 320 --km-per-litre 16 --yen-per-litre 175",
            "kakeibo fuel --km 42.5 --km-per-litre 18.2 --yen-per-litre 172 --add --date yesterday",
            "kakeibo fuel --km 320 --km-per-litre 16 --yen-per-litre 175 --format json | jq .cost",
        ])
    /// The first of these the taxonomy has: the household's fuel, else the app's transport.
    static let defaultCategories = ["car/fuel", "entertainment/traffic"]

    let fuel: FuelCost
    let add: Bool
    let item: WireItem?
    let format: OutputFormat

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        _ = try FuelCommand.positionals(arguments)
        let missing = [Self.km, Self.kmPerLitre, Self.yenPerLitre].filter { !arguments.given($0) }
        guard missing.isEmpty else { throw UsageError.missingArgument(missing.map(\.name).joined(separator: ", "), command: FuelCommand.name) }
        guard let distance = try arguments[Self.km], let economy = try arguments[Self.kmPerLitre], let price = try arguments[Self.yenPerLitre]
        else { throw UsageError.missingArgument(Self.km.name, command: FuelCommand.name) }
        fuel = FuelCost(distance: distance, economy: economy, price: price)
        try Parse.requireAdd(arguments, Self.add, for: [Self.date, Self.itemName, Self.category])
        add = arguments[Self.add]
        format = try arguments[Self.format] ?? .table
        guard add else {
            item = nil
            return
        }
        guard fuel.cost.isValidPrice else { throw FuelCommandError.costRoundsToZero }
        let taxonomy = try context.taxonomy()
        let category: CategoryCode
        if let text = try arguments[Self.category] {
            category = try taxonomy.resolve(text)
        } else {
            guard let found = FuelCommand.defaultCategories.lazy.compactMap({ try? taxonomy.resolve($0) }).first else {
                throw FuelCommandError.noDefaultCategory
            }
            category = found
        }
        let name = try ItemName.validate(
            try arguments[Self.itemName] ?? context.language.pick("Fuel \(fuel.distance.text) km", "ガソリン代 \(fuel.distance.text)km"))
        let date = try arguments[Self.date]?.resolve(today: context.clock.today) ?? context.clock.today
        item = WireItem(id: ItemID.random(), date: date, name: name, price: fuel.cost, category: category)
    }

    func run(_ context: Context) throws {
        var stored: Item?
        if let item {
            stored = try context.household().add([item]).items[0]
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
                "your categories have neither \(FuelCommand.defaultCategories.joined(separator: " nor ")) for fuel; choose one with --category",
                "項目に \(FuelCommand.defaultCategories.joined(separator: " も ")) もありません（ガソリン代の既定）。--category で指定してください")
        }
    }
}
