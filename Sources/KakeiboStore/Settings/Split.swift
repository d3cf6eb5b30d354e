import KakeiboValues

/// How a household shares its spending when settling up: each member's percentage, together 100
/// (`ayumi=60,ken=40`), or `by-income`: in proportion to each member's income in the period settled. Without one,
/// the members who appear share equally.
public struct Split: Hashable, Sendable {
    public struct Share: Hashable, Sendable {
        public var member: String
        public var percent: Int

        public init(member: String, percent: Int) {
            self.member = member
            self.percent = percent
        }
    }

    public private(set) var shares: [Share]
    /// Shares follow each member's income in the period (`shares` is empty): what `by-income` sets.
    public private(set) var byIncome = false

    public init(_ shares: [Share]) { self.shares = shares }

    /// `by-income`, as `config set split` takes it (収入比 too).
    public static let byIncomeText = "by-income"

    /// The split in proportion to income.
    public static var proportionalToIncome: Split {
        var split = Split([])
        split.byIncome = true
        return split
    }

    /// The members it names: the household's known members (none by income: any member may have income).
    public var members: [String] { shares.map(\.member) }

    /// "ayumi=60,ken=40" or "by-income", as `config set split` takes it and `config get split` shows it.
    public var text: String {
        byIncome ? Split.byIncomeText : shares.map { "\($0.member)=\($0.percent)" }.joined(separator: ",")
    }

    /// Parses "NAME=PERCENT,NAME=PERCENT…": at least two members, each named once, whole percentages from 1 to 99
    /// that add to 100 (full-width "＝", "，" and "、" read as their ASCII forms).
    public static func parse(_ text: String) throws(SettingError) -> Split {
        let folded = trimWhitespace(text).lowercased()
        if folded == byIncomeText || folded == "収入比" { return .proportionalToIncome }
        let normalized = text.replacingEvery("＝", with: "=").replacingEvery("，", with: ",").replacingEvery("、", with: ",")
        var shares: [Share] = []
        for part in normalized.split(separator: ",", omittingEmptySubsequences: false) {
            let pieces = part.split(separator: "=", omittingEmptySubsequences: false)
            guard pieces.count == 2 else { throw .split(text, .form) }
            let member: String
            do { member = try DetailField.member.validate(String(pieces[0])) } catch { throw .split(text, .member(error)) }
            guard let percent = Int(trimWhitespace(String(pieces[1]))), (1...99).contains(percent) else {
                throw .split(text, .percent(String(pieces[1])))
            }
            guard !shares.contains(where: { $0.member == member }) else { throw .split(text, .repeated(member)) }
            shares.append(Share(member: member, percent: percent))
        }
        guard shares.count >= 2 else { throw .split(text, .form) }
        let sum = shares.map(\.percent).reduce(0, +)
        guard sum == 100 else { throw .split(text, .sum(sum)) }
        return Split(shares)
    }
}

/// Why a split can't be used.
public enum SplitProblem: Equatable, Sendable {
    case form
    case member(DetailError)
    case percent(String)
    case repeated(String)
    case sum(Int)

    func message(_ shown: String, _ language: Language) -> String {
        switch self {
        case .form:
            return language.pick(
                "split \(shown) must name two or more members with percentages, e.g. ayumi=60,ken=40, or be by-income",
                "分担 \(shown) は 2 人以上のメンバーと割合（例: ayumi=60,ken=40）か by-income で指定してください")
        case .member(let error):
            return language.pick("split \(shown): ", "分担 \(shown): ") + error.message(in: language)
        case .percent(let text):
            return language.pick(
                "split \(shown): a percentage must be a whole number from 1 to 99, got '\(terminalSafe(String(text.prefix(20))))'",
                "分担 \(shown): 割合は 1〜99 の整数で指定してください（指定: '\(terminalSafe(String(text.prefix(20))))'）")
        case .repeated(let member):
            return language.pick(
                "split \(shown) names \(terminalSafe(member)) twice", "分担 \(shown) に \(terminalSafe(member)) が 2 回あります")
        case .sum(let sum):
            return language.pick(
                "split \(shown) adds up to \(sum), not 100", "分担 \(shown) の合計が 100 ではなく \(sum) です")
        }
    }
}
