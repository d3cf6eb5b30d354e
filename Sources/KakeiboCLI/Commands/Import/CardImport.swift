import KakeiboKit

/// A card's dump refused whole (exit 2): nothing was imported.
struct CardImportFailure: KakeiboFailure {
    enum Problem {
        case dump(CardDumpProblem)
        case identity(CardIdentityError)
    }

    var path: String
    var problem: Problem

    var kind: FailureKind { .badInput }

    func message(in language: Language) -> String {
        let why =
            switch problem {
            case .dump(let problem): problem.message(in: language)
            case .identity(let error): error.message(in: language)
            }
        return language.pick("\(path): nothing imported: ", "\(path): 何も取り込んでいません: ") + why
    }

    /// What to type about it: which `--account` makes the dump the card it is.
    func hint(_ language: Language) -> String? {
        guard case .identity(let error) = problem else { return nil }
        switch error {
        case .recordsOfAnotherCard(let account), .cardIsAnotherAccount(_, let account):
            return language.pick(" (import it with --account \(account))", "（--account \(account) を付けて取り込んでください）")
        case .accountIsAnotherCard, .differentRecord:
            return language.pick(" (give this card its own --account NAME)", "（このカードには別の --account NAME を付けてください）")
        case .balanceRose: return nil
        }
    }
}
