/// The household's categories and subcategories: a key for the command line, a numeric code for the server,
/// and a Japanese and an English name for people.
public struct Taxonomy: Hashable, Sendable {
    public struct Subcategory: Hashable, Sendable {
        public var key: String
        public var code: Int
        public var name: LocalizedText

        public init(key: String, code: Int, name: LocalizedText) {
            self.key = key
            self.code = code
            self.name = name
        }
    }

    /// Whether a category's items are money spent or money that came in (収入).
    public enum Kind: String, Hashable, Sendable {
        case spending, income
    }

    public struct Category: Hashable, Sendable {
        public var key: String
        public var code: Int
        public var name: LocalizedText
        public var subcategories: [Subcategory]
        public var kind: Kind

        public init(key: String, code: Int, name: LocalizedText, subcategories: [Subcategory], kind: Kind = .spending) {
            self.key = key
            self.code = code
            self.name = name
            self.subcategories = subcategories
            self.kind = kind
        }

        public func subcategory(code: Int) -> Subcategory? { subcategories.first { $0.code == code } }
    }

    /// In display order (the order of the categories file; by code for the default).
    public let categories: [Category]

    public init(categories: [Category]) { self.categories = categories }

    /// The default for a store without a categories file: a Japanese household's categories (`household`).
    public static var standard: Taxonomy { household }

    /// The ExpenseLog app's categories and nothing else (its `Category.swift`): 食費 and 娯楽費 with their
    /// subcategories, codes as the app numbers them. The `expenselog` preset, and what a plain app server can show
    /// (`AppCategories`). Income is kakeibo's: the app has no notion of it (see `household`).
    public static let expenseLog = Taxonomy(categories: [
        Category(
            key: "food", code: 0, name: LocalizedText(en: "Food", ja: "食費"),
            subcategories: [
                Subcategory(key: "grocery", code: 0, name: LocalizedText(en: "Grocery", ja: "食品")),
                Subcategory(key: "drink", code: 1, name: LocalizedText(en: "Drink", ja: "飲料")),
                Subcategory(key: "sweets", code: 2, name: LocalizedText(en: "Sweets", ja: "菓子")),
                Subcategory(key: "supplement", code: 3, name: LocalizedText(en: "Supplement", ja: "栄養補助")),
            ]),
        Category(
            key: "entertainment", code: 1, name: LocalizedText(en: "Entertainment", ja: "娯楽費"),
            subcategories: [
                Subcategory(key: "luxury", code: 0, name: LocalizedText(en: "Luxury", ja: "嗜好品")),
                Subcategory(key: "traffic", code: 1, name: LocalizedText(en: "Transportation", ja: "交通費")),
                Subcategory(key: "goods", code: 2, name: LocalizedText(en: "Goods", ja: "雑貨")),
            ]),
    ])

    /// Where `add` and `fixed add` put an item given no category and no name that is one (see `category(named:)`):
    /// `other` (その他) when the taxonomy has it, else its first category. The confirmation names it, so the choice
    /// is never silent.
    public var defaultCategory: CategoryCode {
        let spending = categories.filter { $0.kind == .spending }
        return CategoryCode((spending.first { $0.key == "other" } ?? spending.first ?? categories[0]).code)
    }

    /// The category of an item given no category: the spending category or subcategory its name is ("家賃" is
    /// housing/rent, "電車" transport/train, exactly as `resolve` takes it), else `defaultCategory`. A name that is an
    /// income category's stays spending: income is what `--income` or `--category` say.
    public func category(named name: String) -> CategoryCode {
        if let code = try? resolve(name), !isIncome(code) { return code }
        return defaultCategory
    }

    /// The codes of the categories whose items are income; everything else is spending.
    public var incomeCodes: Set<Int> { Set(categories.filter { $0.kind == .income }.map(\.code)) }

    /// Whether an item in this category is income rather than spending.
    public func isIncome(_ code: CategoryCode) -> Bool { category(code: code.category)?.kind == .income }

    /// Words that cannot be keys: they mean something else on the command line and in reports.
    public static let reservedKeys: Set<String> = ["none", "total", "all"]

    public func category(code: Int) -> Category? { categories.first { $0.code == code } }

    /// Where a category sits in display order; unknown codes come after every known one, by code.
    public func order(of code: CategoryCode) -> (Int, Int, Int, Int) {
        let categoryIndex = categories.firstIndex { $0.code == code.category } ?? categories.count
        guard let sub = code.subcategory else { return (categoryIndex, code.category, Int.max, Int.max) }
        let subIndex = category(code: code.category)?.subcategories.firstIndex { $0.code == sub } ?? Int.max - 1
        return (categoryIndex, code.category, subIndex, sub)
    }

    // MARK: Names

    /// The key used in JSON and on the command line; a code the taxonomy doesn't know becomes its number ("7").
    public func key(category code: Int) -> String { category(code: code)?.key ?? String(code) }

    public func key(category: Int, subcategory code: Int) -> String {
        self.category(code: category)?.subcategory(code: code)?.key ?? String(code)
    }

    /// "Food" / "食費", or "category 7" / "項目7" for a code the taxonomy doesn't know.
    public func label(category code: Int, _ language: Language) -> String {
        category(code: code)?.name(language) ?? language.pick("category \(code)", "項目\(code)")
    }

    /// "Drink" / "飲料", "none" / "なし" when there is no subcategory, or "subcategory 5" / "内訳5".
    public func label(category: Int, subcategory code: Int?, _ language: Language) -> String {
        guard let code else { return Taxonomy.noneLabel(language) }
        return self.category(code: category)?.subcategory(code: code)?.name(language)
            ?? language.pick("subcategory \(code)", "内訳\(code)")
    }

    /// "Food › Drink", or "Food" without a subcategory.
    public func label(_ code: CategoryCode, _ language: Language) -> String {
        let main = label(category: code.category, language)
        guard let sub = code.subcategory else { return main }
        return main + " › " + label(category: code.category, subcategory: sub, language)
    }

    public static func noneLabel(_ language: Language) -> String { language.pick("none", "なし") }

    // MARK: Resolving what a person typed

    /// Resolves "food", "食費", "Food" (any case) — and with a subcategory "food/drink", "食費/飲料"; a subcategory
    /// alone ("drink", "飲料") when exactly one category has it. A near miss names the nearest in the error.
    public func resolve(_ text: String) throws(ValueError) -> CategoryCode {
        let separators: Set<Character> = ["/", "／"]
        let parts = text.split(maxSplits: 1, omittingEmptySubsequences: false) { separators.contains($0) }
        let categoryText = trimWhitespace(String(parts[0]))
        guard let category = categories.first(where: { Taxonomy.matches(categoryText, $0.key, $0.name) }) else {
            if parts.count == 1, let code = uniqueSubcategory(categoryText) { return code }
            throw .unknownCategory(text, valid: categories.map(\.key), nearest: nearestCategory(to: categoryText))
        }
        guard parts.count == 2 else { return CategoryCode(category.code) }
        let subText = trimWhitespace(String(parts[1]))
        guard let sub = category.subcategories.first(where: { Taxonomy.matches(subText, $0.key, $0.name) }) else {
            let nearest = nearestSubcategory(to: subText, in: [category])
            throw .unknownSubcategory(subText, category: category.key, valid: category.subcategories.map(\.key), nearest: nearest)
        }
        return CategoryCode(category.code, sub.code)
    }

    /// The one subcategory, across every category, called `text`; nil when none is, or more than one.
    private func uniqueSubcategory(_ text: String) -> CategoryCode? {
        let found = categories.flatMap { category in
            category.subcategories.filter { Taxonomy.matches(text, $0.key, $0.name) }.map { CategoryCode(category.code, $0.code) }
        }
        return found.count == 1 ? found[0] : nil
    }

    /// "food (食費)" or "entertainment/goods (娯楽費/雑貨)": the category or subcategory whose key or name is nearest.
    private func nearestCategory(to text: String) -> String? {
        let spelled = categories.map { ("\($0.key) (\($0.name.ja))", [$0.key, $0.name.en, $0.name.ja]) }
        return Taxonomy.nearest(to: text, in: spelled + subcategoriesSpelled(categories))
    }

    private func nearestSubcategory(to text: String, in categories: [Category]) -> String? {
        Taxonomy.nearest(to: text, in: subcategoriesSpelled(categories))
    }

    /// Each subcategory as suggested ("food/drink (食費/飲料)") with the words that name it.
    private func subcategoriesSpelled(_ categories: [Category]) -> [(String, [String])] {
        categories.flatMap { category in
            category.subcategories.map { ("\(category.key)/\($0.key) (\(category.name.ja)/\($0.name.ja))", [$0.key, $0.name.en, $0.name.ja]) }
        }
    }

    private static func nearest(to text: String, in spelled: [(String, [String])]) -> String? {
        guard let word = Nearest.word(to: text, in: spelled.flatMap(\.1)) else { return nil }
        return spelled.first { $0.1.contains(word) }?.0
    }

    static func matches(_ text: String, _ key: String, _ name: LocalizedText) -> Bool {
        let folded = text.lowercased()
        return folded == key || folded == name.en.lowercased() || folded == name.ja.lowercased()
    }
}
