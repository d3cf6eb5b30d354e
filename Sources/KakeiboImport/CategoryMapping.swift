import KakeiboKit

/// Which kakeibo category each of another app's categories becomes.
///
/// A mapping file (`mapping.json` in the configuration directory, or `--mapping FILE`) has a table per app; a key is
/// "大項目/中項目" (one subcategory), "大項目/*" (all of its subcategories) or "大項目" (the category without a
/// subcategory); a value is a kakeibo category as the command line takes it ("food/drink", "食費/飲料"), or null to
/// skip those rows:
///
///     {"moneyforward": {"住宅/家賃・地代": "housing/rent", "現金・カード/*": null},
///      "zaim": {"食費/*": "food"}}
///
/// Its rules come before the defaults (`standard`), which cover the apps' standard categories that have a clear
/// kakeibo counterpart.
package struct CategoryMapping: Sendable {
    package enum Target: Equatable, Sendable {
        case category(CategoryCode)
        case skip
    }

    /// The defaults (`standard`).
    var rules: [ImportSource: [String: Target]]
    /// A mapping file's rules: each of them, "大項目/*" ones too, comes before every default.
    var overrides: [ImportSource: [String: Target]] = [:]

    /// The mapping file's exact rule for the category, else its "大項目/*" rule, else the defaults' in that order;
    /// nil when none exists.
    package func target(for category: SourceCategory, from source: ImportSource) -> Target? {
        for table in [overrides[source], rules[source]] {
            if let found = table?[category.name] ?? table?[category.major + "/*"] { return found }
        }
        return nil
    }

    /// The default rules, in the shape of a mapping file: every default 大項目 of both apps (its "/*" rule) and
    /// their 中項目 that have a closer counterpart. A value may name alternatives, "transport | entertainment/traffic":
    /// the first the taxonomy has is used, so the app's two categories (`--preset expenselog`) still take the rows
    /// they can. Income rows go to the income category a rule names, else to `income/other` (see `IncomeTargets`).
    static let defaults: [ImportSource: [(String, String)]] = [
        .moneyforward: [
            ("食費/食料品", "food/grocery"), ("食費/カフェ", "food/drink"), ("食費/外食", "food/eating-out | food"),
            ("食費/朝ご飯", "food/eating-out | food"), ("食費/昼ご飯", "food/eating-out | food"), ("食費/夕ご飯", "food/eating-out | food"),
            ("食費/夜ご飯", "food/eating-out | food"), ("食費/*", "food"),
            ("日用品/タバコ", "entertainment/luxury"), ("日用品/たばこ", "entertainment/luxury"), ("日用品/子育て用品", "daily/childcare | entertainment/goods"),
            ("日用品/ペット用品", "daily/pets | entertainment/goods"), ("日用品/おこづかい", "allowance"), ("日用品/*", "daily | entertainment/goods"),
            ("趣味・娯楽/アウトドア", "entertainment/leisure | entertainment"), ("趣味・娯楽/ゴルフ", "entertainment/sports | entertainment"),
            ("趣味・娯楽/スポーツ", "entertainment/sports | entertainment"), ("趣味・娯楽/映画・音楽・ゲーム", "entertainment/media | entertainment"),
            ("趣味・娯楽/本", "entertainment/hobbies | entertainment"), ("趣味・娯楽/旅行", "special/trips | entertainment"),
            ("趣味・娯楽/秘密の趣味", "entertainment/hobbies | entertainment"), ("趣味・娯楽/*", "entertainment"),
            ("交際費/飲み会", "social/dining"), ("交際費/プレゼント代", "social/gifts"), ("交際費/冠婚葬祭", "social/ceremonies"), ("交際費/*", "social"),
            ("交通費/電車", "transport/train | entertainment/traffic"), ("交通費/バス", "transport/bus | entertainment/traffic"),
            ("交通費/タクシー", "transport/taxi | entertainment/traffic"), ("交通費/飛行機", "transport/flights | entertainment/traffic"),
            ("交通費/*", "transport | entertainment/traffic"),
            ("衣服・美容/衣服", "clothing/clothes"), ("衣服・美容/クリーニング", "clothing/cleaning"), ("衣服・美容/美容院・理髪", "clothing/haircut"),
            ("衣服・美容/化粧品", "clothing/cosmetics"), ("衣服・美容/アクセサリー", "clothing/accessories"), ("衣服・美容/*", "clothing"),
            ("健康・医療/医療費", "medical/clinic"), ("健康・医療/薬", "medical/medicine"), ("健康・医療/フィットネス", "entertainment/sports"),
            ("健康・医療/ボディケア", "clothing/beauty-care"), ("健康・医療/*", "medical"),
            ("自動車/自動車ローン", "car/car-loan"), ("自動車/道路料金", "car/tolls | entertainment/traffic"),
            ("自動車/ガソリン", "car/fuel | entertainment/traffic"), ("自動車/駐車場", "car/parking | entertainment/traffic"),
            ("自動車/車両", "car/car-loan"), ("自動車/車検・整備", "car/maintenance"), ("自動車/自動車保険", "insurance/car-insurance"),
            ("自動車/*", "car"),
            ("教養・教育/書籍", "education/books"), ("教養・教育/新聞・雑誌", "education/books"), ("教養・教育/習いごと", "education/lessons"),
            ("教養・教育/学費", "education/tuition"), ("教養・教育/塾", "education/lessons"), ("教養・教育/*", "education"),
            ("特別な支出/家具・家電", "special/appliances"), ("特別な支出/住宅・リフォーム", "housing/repairs"), ("特別な支出/*", "special"),
            ("現金・カード/*", "other/cash"),
            ("水道・光熱費/電気代", "utilities/electricity"), ("水道・光熱費/ガス・灯油代", "utilities/gas"), ("水道・光熱費/水道代", "utilities/water"),
            ("水道・光熱費/*", "utilities"),
            ("通信費/携帯電話", "communication/mobile"), ("通信費/固定電話", "communication/landline"),
            ("通信費/インターネット", "communication/internet"), ("通信費/放送視聴料", "communication/subscriptions"),
            ("通信費/情報サービス", "communication/subscriptions"), ("通信費/宅配便・運送", "communication/postage"),
            ("通信費/切手・はがき", "communication/postage"), ("通信費/*", "communication"),
            ("住宅/家賃・地代", "housing/rent"), ("住宅/ローン返済", "housing/mortgage"), ("住宅/管理費・積立金", "housing/housing-fees"),
            ("住宅/地震・火災保険", "insurance/home-insurance"), ("住宅/家具", "housing/furniture"), ("住宅/家電", "special/appliances"),
            ("住宅/リフォーム", "housing/repairs"), ("住宅/*", "housing"),
            ("税・社会保障/所得税・住民税", "taxes/tax"), ("税・社会保障/年金保険料", "taxes/pension"),
            ("税・社会保障/健康保険", "taxes/health-insurance"), ("税・社会保障/*", "taxes"),
            ("保険/生命保険", "insurance/life"), ("保険/医療保険", "insurance/medical-insurance"), ("保険/*", "insurance"),
            ("その他/仕送り", "other/remittance"), ("その他/事業経費", "other/business"), ("その他/事業原価", "other/business"),
            ("その他/事業投資", "other/business"), ("その他/寄付金", "other/donations"), ("その他/使途不明金", "other/unknown"), ("その他/*", "other"),
            ("未分類/*", "other"),
            ("収入/給与", "income/salary"), ("収入/賞与", "income/bonus"), ("収入/事業・副業", "income/side"),
            ("収入/年金", "income/pension-benefit | income/other"), ("収入/配当所得", "income/investment | income/other"), ("収入/*", "income/other"),
        ],
        .zaim: [
            ("食費/食料品", "food/grocery"), ("食費/カフェ", "food/drink"), ("食費/朝ご飯", "food/eating-out | food"),
            ("食費/昼ご飯", "food/eating-out | food"), ("食費/晩ご飯", "food/eating-out | food"), ("食費/夕ご飯", "food/eating-out | food"),
            ("食費/朝ごはん", "food/eating-out | food"), ("食費/昼ごはん", "food/eating-out | food"), ("食費/晩ごはん", "food/eating-out | food"),
            ("食費/*", "food"),
            ("日用雑貨/消耗品", "daily/consumables | entertainment/goods"), ("日用雑貨/子ども関連", "daily/childcare | entertainment/goods"),
            ("日用雑貨/子育て用品", "daily/childcare | entertainment/goods"), ("日用雑貨/ペット関連", "daily/pets | entertainment/goods"),
            ("日用雑貨/ペット用品", "daily/pets | entertainment/goods"), ("日用雑貨/タバコ", "entertainment/luxury"),
            ("日用雑貨/家具", "housing/furniture | entertainment/goods"), ("日用雑貨/家電", "special/appliances | entertainment/goods"),
            ("日用雑貨/*", "daily | entertainment/goods"),
            ("交通/電車", "transport/train | entertainment/traffic"), ("交通/タクシー", "transport/taxi | entertainment/traffic"),
            ("交通/バス", "transport/bus | entertainment/traffic"), ("交通/飛行機", "transport/flights | entertainment/traffic"),
            ("交通/*", "transport | entertainment/traffic"),
            ("通信/携帯電話料金", "communication/mobile"), ("通信/固定電話料金", "communication/landline"),
            ("通信/インターネット関連費", "communication/internet"), ("通信/放送サービス料金", "communication/subscriptions"),
            ("通信/宅配便", "communication/postage"), ("通信/切手・はがき", "communication/postage"), ("通信/*", "communication"),
            ("水道・光熱/水道料金", "utilities/water"), ("水道・光熱/電気料金", "utilities/electricity"), ("水道・光熱/ガス料金", "utilities/gas"),
            ("水道・光熱/*", "utilities"),
            ("住まい/家賃", "housing/rent"), ("住まい/住宅ローン返済", "housing/mortgage"), ("住まい/家具", "housing/furniture"),
            ("住まい/家電", "special/appliances"), ("住まい/リフォーム", "housing/repairs"), ("住まい/住宅保険", "insurance/home-insurance"),
            ("住まい/住まいの保険", "insurance/home-insurance"),
            ("住まい/*", "housing"),
            ("交際費/プレゼント", "social/gifts"), ("交際費/飲み会", "social/dining"), ("交際費/ご祝儀・香典", "social/ceremonies"),
            ("交際費/冠婚葬祭", "social/ceremonies"), ("交際費/*", "social"),
            ("エンタメ/レジャー", "entertainment/leisure | entertainment"), ("エンタメ/イベント", "entertainment/leisure | entertainment"),
            ("エンタメ/映画・動画", "entertainment/media | entertainment"),
            ("エンタメ/映画", "entertainment/media | entertainment"), ("エンタメ/音楽", "entertainment/media | entertainment"),
            ("エンタメ/ゲーム", "entertainment/media | entertainment"), ("エンタメ/漫画", "entertainment/hobbies | entertainment"),
            ("エンタメ/書籍", "entertainment/hobbies | entertainment"), ("エンタメ/*", "entertainment"),
            ("教育・教養/習い事", "education/lessons"), ("教育・教養/新聞", "education/books"), ("教育・教養/参考書", "education/books"),
            ("教育・教養/受験料", "education/tuition"), ("教育・教養/学費", "education/tuition"), ("教育・教養/学資保険", "insurance/life"),
            ("教育・教養/塾", "education/lessons"), ("教育・教養/*", "education"),
            ("医療・保険/病院代", "medical/clinic"), ("医療・保険/薬代", "medical/medicine"), ("医療・保険/生命保険", "insurance/life"),
            ("医療・保険/医療保険", "insurance/medical-insurance"), ("医療・保険/*", "medical"),
            ("美容・衣服/洋服", "clothing/clothes"), ("美容・衣服/アクセサリー・小物", "clothing/accessories"), ("美容・衣服/下着", "clothing/clothes"),
            ("美容・衣服/ジム・健康", "entertainment/sports"), ("美容・衣服/美容院", "clothing/haircut"), ("美容・衣服/コスメ", "clothing/cosmetics"),
            ("美容・衣服/エステ・ネイル", "clothing/beauty-care"), ("美容・衣服/クリーニング", "clothing/cleaning"), ("美容・衣服/*", "clothing"),
            ("クルマ/ガソリン", "car/fuel | entertainment/traffic"), ("クルマ/駐車場", "car/parking | entertainment/traffic"),
            ("クルマ/自動車保険", "insurance/car-insurance"), ("クルマ/自動車税", "taxes/tax"), ("クルマ/自動車ローン", "car/car-loan"),
            ("クルマ/車検・整備", "car/maintenance"), ("クルマ/高速料金", "car/tolls | entertainment/traffic"), ("クルマ/*", "car"),
            ("税金/年金", "taxes/pension"), ("税金/*", "taxes/tax"),
            ("大型出費/旅行", "special/trips"), ("大型出費/住宅", "housing"), ("大型出費/自動車", "car/car-loan"), ("大型出費/バイク", "car/car-loan"),
            ("大型出費/結婚", "special/life-events"), ("大型出費/出産", "special/life-events"), ("大型出費/介護", "special/life-events"),
            ("大型出費/家具", "housing/furniture"), ("大型出費/家電", "special/appliances"), ("大型出費/*", "special"),
            // Some of Zaim's versions call it 大型支出.
            ("大型支出/旅行", "special/trips"), ("大型支出/家具", "housing/furniture"), ("大型支出/家電", "special/appliances"),
            ("大型支出/*", "special"),
            ("その他/仕送り", "other/remittance"), ("その他/お小遣い", "allowance"), ("その他/使途不明金", "other/unknown"),
            ("その他/現金の引出", "other/cash"), ("その他/カードの引落", "other/cash"), ("その他/電子マネーにチャージ", "other/cash"),
            ("その他/事業経費", "other/business"), ("その他/*", "other"),
            ("給与/*", "income/salary"), ("給与所得/*", "income/salary"), ("賞与/*", "income/bonus"), ("事業所得/*", "income/side"),
            ("臨時収入/*", "income/other"), ("立替金返済/*", "income/other"),
        ],
    ]

    /// The default rules, each to the first of its categories the household's taxonomy has (a household with its
    /// own categories may have none of them: those rows are then reported as unmapped, never guessed).
    package static func standard(_ taxonomy: Taxonomy) -> CategoryMapping {
        var rules: [ImportSource: [String: Target]] = [:]
        for (source, pairs) in defaults {
            for (key, targets) in pairs {
                let choices = targets.split(separator: "|").map { trimWhitespace(String($0)) }
                if let code = choices.lazy.compactMap({ try? taxonomy.resolve($0) }).first { rules[source, default: [:]][key] = .category(code) }
            }
        }
        return CategoryMapping(rules: rules)
    }

    /// These rules with a mapping file's on top of them.
    package func adding(file bytes: [UInt8], path: String, taxonomy: Taxonomy) throws(MappingProblem) -> CategoryMapping {
        var overrides = self.overrides
        let root: JSONValue
        do { root = try JSONValue.parse(bytes) } catch { throw MappingProblem(path: path, issue: .syntax(error)) }
        guard let tables = root.objectValue else { throw MappingProblem(path: path, issue: .shape(nil)) }
        for (name, table) in tables {
            guard let source = ImportSource(rawValue: name) else { throw MappingProblem(path: path, issue: .unknownSource(name)) }
            guard let entries = table.objectValue else { throw MappingProblem(path: path, issue: .shape(name)) }
            for (key, value) in entries {
                switch value {
                case .null:
                    overrides[source, default: [:]][key] = .skip
                case .string(let text):
                    do { overrides[source, default: [:]][key] = .category(try taxonomy.resolve(text)) } catch {
                        throw MappingProblem(path: path, issue: .target(source: name, key: key, error))
                    }
                default:
                    throw MappingProblem(path: path, issue: .shape(name + ": " + key))
                }
            }
        }
        return CategoryMapping(rules: rules, overrides: overrides)
    }
}

/// A mapping file kakeibo can't use: exit 2, naming the file and the entry.
package struct MappingProblem: KakeiboFailure, Equatable {
    package enum Issue: Equatable, Sendable {
        case missing
        case syntax(JSONError)
        /// Where the shape is wrong: nil for the whole file, else the table (and key).
        case shape(String?)
        case unknownSource(String)
        case target(source: String, key: String, ValueError)
    }

    package var path: String
    package var issue: Issue

    package init(path: String, issue: Issue) {
        self.path = path
        self.issue = issue
    }

    package var kind: FailureKind { .badInput }

    package func message(in language: Language) -> String {
        let shape = #"{"moneyforward": {"大項目/中項目": "CAT[/SUB]" or null, …}, "zaim": {…}}"#
        let text: String
        switch issue {
        case .missing: text = language.pick("no such mapping file", "対応表のファイルがありません")
        case .syntax(let error): text = language.pick("not valid JSON: ", "JSON として読めません: ") + error.message(in: language)
        case .shape(let place):
            text = (place.map { $0 + ": " } ?? "") + language.pick("expected \(shape)", "\(shape) の形が必要です")
        case .unknownSource(let name):
            text = language.pick(
                "unknown app '\(name)'; expected \(ImportSource.allCases.map(\.rawValue).joined(separator: " or "))",
                "不明なアプリ '\(name)'（\(ImportSource.allCases.map(\.rawValue).joined(separator: "、")) のいずれか）")
        case .target(let source, let key, let error): text = "\(source): \(key): " + error.message(in: language)
        }
        return terminalSafe("\(path): " + text)
    }
}

/// Where an export's income rows go: the taxonomy's income categories, and one for income no rule places.
package struct IncomeTargets: Equatable, Sendable {
    /// For income rows without a rule naming an income category: `income/other` in the standard taxonomy.
    package var fallback: CategoryCode
    package var codes: Set<Int>

    /// The first income category (its `other` subcategory, if it has one); nil when the taxonomy has no income.
    package static func standard(_ taxonomy: Taxonomy) -> IncomeTargets? {
        guard let category = taxonomy.categories.first(where: { $0.kind == .income }) else { return nil }
        let other = category.subcategories.first { $0.key == "other" }
        return IncomeTargets(fallback: CategoryCode(category.code, other?.code), codes: taxonomy.incomeCodes)
    }

    func code(for target: CategoryMapping.Target?) -> CategoryCode {
        guard case .category(let code) = target, codes.contains(code.category) else { return fallback }
        return code
    }
}
