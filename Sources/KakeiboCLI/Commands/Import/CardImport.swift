import KakeiboKit

/// `kakeibo import DUMP` (found from the file) or `--from felica`: a transit IC card's history, read in `kakeibo`
/// itself (a dump is ASCII hex: no Foundation), its fares and purchases added as items and its charges recorded on
/// the card, never as spending (docs/ic-card.md).
struct CardImport {
    /// The `--from` word that forces a file to be read as a card's dump.
    static let source = "felica"

    var path: String
    /// `--account NAME`: the card's account.
    var account: String?
    var format: OutputFormat
    var tags: [String]
    /// `--member NAME`: whose the card's fares and purchases are (default: this machine's member).
    var member: String?
    /// `--dry-run`: say what the dump would add, writing nothing.
    var dryRun = false

    func run(_ bytes: [UInt8], _ context: Context) throws {
        context.readsOnly = dryRun
        let name = ImportCommand.displayName(path)
        let dump: CardDump
        do { dump = try CardDump.read(bytes) } catch { throw CardImportFailure(path: name, problem: .dump(error)) }
        let household = try context.household()
        let taxonomy = try context.taxonomy()
        let first = dump.records.map(\.record.date.yearMonth).min()
        let who = try ImportCommand.member(member, context)
        let filing = CardFiling(filer: try household.filer(taxonomy: taxonomy, from: first), member: who.forced ?? who.fallback, tags: tags)
        let outcome: CardImportOutcome
        do { outcome = try household.importCard(dump, account: account, filing: filing, dryRun: dryRun) } catch let error as CardIdentityError {
            throw CardImportFailure(path: name, problem: .identity(error))
        }
        try ImportCommand.show(ImportReport(path: name, card: outcome, dryRun: dryRun, taxonomy: taxonomy), format, context)
    }
}

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
