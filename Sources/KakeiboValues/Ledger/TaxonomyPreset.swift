/// Category sets a household can start from (`categories init --preset`), written out as its categories file.
public enum TaxonomyPreset: String, CaseIterable, Sendable {
    /// The ExpenseLog app's two categories, food and entertainment, and nothing else (no income: the app has none).
    case expenselog
    /// A Japanese household's budget, the default: 食費, 住居費, 水道光熱費, 通信費, 交通費, 日用品 and the rest, with the
    /// app's codes kept so that every item the app writes still has its category.
    case household

    public var taxonomy: Taxonomy {
        switch self {
        case .expenselog: .expenseLog
        case .household: .household
        }
    }
}

extension Taxonomy {
    /// The `household` preset and the default. Codes 0 and 1 are the app's (食費 and 娯楽費, with the app's
    /// subcategory codes, so an item the app writes as 1/1 shows as 娯楽費 › 交通費（アプリ）and keeps its code);
    /// the household's own categories take 2–19, and income is 90 (the app's codes start at 0, so the 90s never
    /// collide with a category it may add; an item of the 90s stays here, see `AppCategories`). Subcategory keys
    /// are unique across categories, so a subcategory alone names its category.
    public static let household: Taxonomy = {
        typealias Sub = Subcategory
        func category(_ key: String, _ code: Int, _ en: String, _ ja: String, _ subs: [(String, String, String)]) -> Category {
            Category(
                key: key, code: code, name: LocalizedText(en: en, ja: ja),
                subcategories: subs.enumerated().map { Sub(key: $1.0, code: $0, name: LocalizedText(en: $1.1, ja: $1.2)) })
        }
        var food = expenseLog.categories[0]
        food.subcategories.append(Sub(key: "eating-out", code: 4, name: LocalizedText(en: "Eating out", ja: "外食")))
        // The app's 交通費 and 雑貨 (1/1, 1/2) stay for its items; the household's own are the top-level 交通費 and 日用品.
        let entertainment = category(
            "entertainment", 1, "Entertainment", "娯楽費",
            [
                ("luxury", "Luxury", "嗜好品"), ("traffic", "Transport (app)", "交通費（アプリ）"), ("goods", "Goods (app)", "雑貨（アプリ）"),
                ("hobbies", "Hobbies", "趣味"), ("leisure", "Outings & events", "レジャー"), ("media", "Films, music & games", "映画・音楽・ゲーム"),
                ("sports", "Sports & fitness", "スポーツ・ジム"),
            ])
        var income = category(
            "income", 90, "Income", "収入",
            [
                ("salary", "Salary", "給与"), ("bonus", "Bonus", "賞与"), ("side", "Side income", "副収入"), ("other", "Other", "その他"),
                ("pension-benefit", "Pension", "年金収入"), ("investment", "Dividends & interest", "配当・利子"),
            ])
        income.kind = .income
        return Taxonomy(
            categories: [
                food,
                category(
                    "housing", 2, "Housing", "住居費",
                    [
                        ("rent", "Rent", "家賃"), ("mortgage", "Mortgage", "住宅ローン"), ("repairs", "Repairs", "修繕"), ("furniture", "Furniture", "家具"),
                        ("housing-fees", "Management fees", "管理費・更新料"),
                    ]),
                category(
                    "utilities", 3, "Utilities", "水道光熱費", [("electricity", "Electricity", "電気"), ("gas", "Gas", "ガス"), ("water", "Water", "水道")]),
                category(
                    "communication", 4, "Communication", "通信費",
                    [
                        ("mobile", "Mobile phone", "携帯電話"), ("internet", "Internet", "インターネット"), ("postage", "Postage", "郵便・宅配"),
                        ("landline", "Landline", "固定電話"), ("subscriptions", "Broadcasting & services", "放送・配信"),
                    ]),
                category(
                    "transport", 14, "Transport", "交通費",
                    [("train", "Train", "電車"), ("bus", "Bus", "バス"), ("taxi", "Taxi", "タクシー"), ("flights", "Flights", "飛行機")]),
                category(
                    "daily", 5, "Daily necessities", "日用品",
                    [
                        ("consumables", "Consumables", "消耗品"), ("kitchen", "Kitchenware", "台所用品"), ("toiletries", "Toiletries", "洗面・バス用品"),
                        ("childcare", "Childcare", "子育て用品"), ("pets", "Pets", "ペット用品"),
                    ]),
                entertainment,
                category("medical", 6, "Medical", "医療費", [("clinic", "Clinic", "診察"), ("medicine", "Medicine", "薬"), ("dental", "Dental", "歯科")]),
                category(
                    "education", 7, "Education", "教育費", [("tuition", "Tuition", "授業料"), ("books", "Books", "書籍"), ("lessons", "Lessons", "習い事")]),
                category(
                    "clothing", 8, "Clothing & beauty", "衣服・美容",
                    [
                        ("clothes", "Clothes", "衣服"), ("shoes", "Shoes", "靴"), ("haircut", "Haircut", "美容院"), ("cosmetics", "Cosmetics", "化粧品"),
                        ("cleaning", "Dry cleaning", "クリーニング"), ("accessories", "Accessories", "アクセサリー"),
                        ("beauty-care", "Beauty care", "エステ・ネイル"),
                    ]),
                category(
                    "social", 9, "Social", "交際費",
                    [("gifts", "Gifts", "贈答"), ("dining", "Dining with others", "会食"), ("ceremonies", "Ceremonies", "冠婚葬祭")]),
                category("allowance", 15, "Allowance", "小遣い", []),
                category(
                    "car", 10, "Car", "自動車",
                    [
                        ("fuel", "Fuel", "ガソリン"), ("parking", "Parking", "駐車場"), ("tolls", "Tolls", "高速料金"), ("maintenance", "Maintenance", "車検・整備"),
                        ("car-loan", "Car & loan", "車両・ローン"),
                    ]),
                category(
                    "insurance", 11, "Insurance", "保険",
                    [
                        ("life", "Life insurance", "生命保険"), ("car-insurance", "Car insurance", "自動車保険"),
                        ("medical-insurance", "Medical insurance", "医療保険"), ("home-insurance", "Fire & earthquake insurance", "火災・地震保険"),
                    ]),
                category(
                    "taxes", 12, "Taxes & social insurance", "税・社会保険",
                    [("tax", "Taxes", "税金"), ("pension", "Pension", "年金"), ("health-insurance", "Health insurance", "健康保険")]),
                category(
                    "special", 13, "Special", "特別費",
                    [
                        ("appliances", "Appliances", "家電"), ("trips", "Trips", "旅行"), ("moving", "Moving", "引越し"),
                        ("life-events", "Weddings, births & care", "結婚・出産・介護"),
                    ]),
                category(
                    "other", 19, "Other", "その他",
                    [
                        ("donations", "Donations", "寄付"), ("remittance", "Money sent to family", "仕送り"), ("business", "Business expenses", "事業経費"),
                        ("cash", "Cash & cards", "現金・カード"), ("unknown", "Unaccounted", "使途不明金"),
                    ]),
                income,
            ])
    }()
}
