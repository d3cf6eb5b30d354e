/// A budget that cannot be set or found.
public enum BudgetError: KakeiboFailure, Equatable {
    case amount(String)
    case notSet(String)
    /// A budget limits spending; an income category has none (its goal is the savings goal).
    case incomeCategory(String)

    public var kind: FailureKind {
        switch self {
        case .amount, .incomeCategory: .badInput
        case .notSet: .runtime
        }
    }

    public func message(in language: Language) -> String {
        switch self {
        case .amount(let text):
            return language.pick(
                "budget must be whole yen more than 0 and at most \(Yen.limitText), such as 30000 or 30,000, got '\(text)'",
                "予算は 1〜\(Yen.limitText) 円の整数で指定してください（30000、30,000 など。指定: '\(text)'）")
        case .notSet(let target):
            return language.pick("there is no budget for \(target)", "\(target) の予算は設定されていません")
        case .incomeCategory(let target):
            return language.pick(
                "'\(target)' is an income category: a budget limits spending (a goal for the balance is 'savings')",
                "'\(target)' は収入の項目です。予算は支出の上限です（収支の目標は savings）")
        }
    }
}
