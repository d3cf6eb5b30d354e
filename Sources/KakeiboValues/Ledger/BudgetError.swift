/// A budget that cannot be set or found.
public enum BudgetError: KakeiboFailure, Equatable {
    case amount(String)
    case notSet(String)
    /// A budget limits spending; an income category has none (its goal is the savings goal).
    case incomeCategory(String)
    /// A yearly fund already carries its money across the year's months.
    case yearlyAndRollover
    /// Only a category (or subcategory) has a yearly fund.
    case yearlyNotForTarget(String)
    /// Only a category's or an allowance's budget rolls over.
    case rolloverNotForTarget(String)

    public var kind: FailureKind {
        switch self {
        case .amount, .incomeCategory, .yearlyAndRollover, .yearlyNotForTarget, .rolloverNotForTarget: .badInput
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
        case .yearlyAndRollover:
            return language.pick(
                "--yearly and --rollover don't mix: a yearly fund already carries what is left across the year's months",
                "--yearly と --rollover は同時に指定できません（年の予算は残りが年の中で持ち越されます）")
        case .yearlyNotForTarget(let target):
            return language.pick(
                "--yearly is for a category's fund, such as special (特別費); \(target) is monthly",
                "--yearly は項目の年の予算（special・特別費 など）に使います。\(target) は月単位です")
        case .rolloverNotForTarget(let target):
            return language.pick(
                "--rollover is for a category's or an allowance's monthly budget; \(target) doesn't roll over",
                "--rollover は項目かお小遣いの月の予算に使います。\(target) は繰り越せません")
        }
    }
}
