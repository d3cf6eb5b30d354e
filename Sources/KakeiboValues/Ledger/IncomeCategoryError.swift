/// Income recorded in a category that isn't an income one (or a taxonomy with no income category at all).
public enum IncomeCategoryError: KakeiboFailure, Equatable {
    case notIncome(String, valid: [String])
    case noIncomeCategory

    public var kind: FailureKind { .badInput }

    public func message(in language: Language) -> String {
        switch self {
        case .notIncome(let text, let valid):
            return language.pick(
                "'\(text)' is a spending category; income goes in \(valid.joined(separator: ", "))",
                "'\(text)' は支出の項目です。収入は \(valid.joined(separator: "、")) に入れます")
        case .noIncomeCategory:
            return language.pick(
                "the categories have no income category (\"kind\": \"income\" in categories.json)",
                "収入の項目がありません（categories.json で \"kind\": \"income\" を指定します）")
        }
    }
}

extension Taxonomy {
    /// The category of an income item: `text` if it names an income category, else (without text) the first income
    /// category's first subcategory — `income/salary` in the standard taxonomy.
    public func resolveIncome(_ text: String?) throws -> CategoryCode {
        let incomes = categories.filter { $0.kind == .income }
        guard let first = incomes.first else { throw IncomeCategoryError.noIncomeCategory }
        guard let text else { return CategoryCode(first.code, first.subcategories.first?.code) }
        let code = try resolve(text)
        guard isIncome(code) else { throw IncomeCategoryError.notIncome(text, valid: incomes.map(\.key)) }
        return code
    }
}
