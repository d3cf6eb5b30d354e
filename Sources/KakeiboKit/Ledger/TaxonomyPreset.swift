/// Category sets a household can start from (`categories init --preset`), written out as its categories file.
public enum TaxonomyPreset: String, CaseIterable, Sendable {
    /// The ExpenseLog app's two categories: food and entertainment.
    case expenselog
    /// A Japanese household's budget: the app's 食費 and 娯楽費 (same codes, so the app still reads every item),
    /// beside 住居費, 水道光熱費, 通信費 and the rest.
    case household

    public var taxonomy: Taxonomy {
        switch self {
        case .expenselog: .standard
        case .household: .household
        }
    }
}

extension Taxonomy {
    /// The `household` preset. Codes 0 and 1 are the app's; new categories take 2–19, and income keeps the
    /// standard taxonomy's code 90. Subcategory keys are unique across categories, so a subcategory alone names its category.
    public static let household: Taxonomy = {
        typealias Sub = Subcategory
        func category(_ key: String, _ code: Int, _ en: String, _ ja: String, _ subs: [(String, String, String)]) -> Category {
            Category(
                key: key, code: code, name: LocalizedText(en: en, ja: ja),
                subcategories: subs.enumerated().map { Sub(key: $1.0, code: $0, name: LocalizedText(en: $1.1, ja: $1.2)) })
        }
        var food = standard.categories[0]
        food.subcategories.append(Sub(key: "eating-out", code: 4, name: LocalizedText(en: "Eating out", ja: "外食")))
        return Taxonomy(
            categories: [
                food,
                standard.categories[1],
                category(
                    "housing", 2, "Housing", "住居費",
                    [("rent", "Rent", "家賃"), ("mortgage", "Mortgage", "住宅ローン"), ("repairs", "Repairs", "修繕"), ("furniture", "Furniture", "家具")]),
                category(
                    "utilities", 3, "Utilities", "水道光熱費", [("electricity", "Electricity", "電気"), ("gas", "Gas", "ガス"), ("water", "Water", "水道")]),
                category(
                    "communication", 4, "Communication", "通信費",
                    [("mobile", "Mobile phone", "携帯電話"), ("internet", "Internet", "インターネット"), ("postage", "Postage", "郵便・宅配")]),
                category(
                    "daily", 5, "Daily necessities", "日用品",
                    [("consumables", "Consumables", "消耗品"), ("kitchen", "Kitchenware", "台所用品"), ("toiletries", "Toiletries", "洗面・バス用品")]),
                category("medical", 6, "Medical", "医療費", [("clinic", "Clinic", "診察"), ("medicine", "Medicine", "薬"), ("dental", "Dental", "歯科")]),
                category(
                    "education", 7, "Education", "教育費", [("tuition", "Tuition", "授業料"), ("books", "Books", "書籍"), ("lessons", "Lessons", "習い事")]),
                category(
                    "clothing", 8, "Clothing & beauty", "衣服・美容",
                    [("clothes", "Clothes", "衣服"), ("shoes", "Shoes", "靴"), ("haircut", "Haircut", "美容院"), ("cosmetics", "Cosmetics", "化粧品")]),
                category(
                    "social", 9, "Social", "交際費",
                    [("gifts", "Gifts", "贈答"), ("dining", "Dining with others", "会食"), ("ceremonies", "Ceremonies", "冠婚葬祭")]),
                category(
                    "car", 10, "Car", "自動車",
                    [("fuel", "Fuel", "ガソリン"), ("parking", "Parking", "駐車場"), ("tolls", "Tolls", "高速料金"), ("maintenance", "Maintenance", "車検・整備")]),
                category("insurance", 11, "Insurance", "保険", [("life", "Life insurance", "生命保険"), ("car-insurance", "Car insurance", "自動車保険")]),
                category("taxes", 12, "Taxes & social insurance", "税・社会保険", [("tax", "Taxes", "税金"), ("pension", "Pension", "年金")]),
                category(
                    "special", 13, "Special", "特別費", [("appliances", "Appliances", "家電"), ("trips", "Trips", "旅行"), ("moving", "Moving", "引越し")]),
                category("other", 19, "Other", "その他", []),
            ] + standard.categories.filter { $0.kind == .income })
    }()
}
