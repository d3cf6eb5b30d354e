import KakeiboOperations
import KakeiboValues

extension ImportReport {
    /// The statements (and files read with a layout) of an import, together, as a real import sums them up.
    public struct Statements: Sendable {
        /// "楽天カード", and the format's key ("rakuten-card").
        public let source: String
        public let format: String
        public let encoding: String
        public let lines: Int
        public let added: Int
        /// Lines whose id the store already had (an earlier import of the same file).
        public let alreadyStored: Int
        /// Records that were not spending, by reason (`transfer`, `deposit`, `zero`, `other`).
        public let skipped: [(reason: String, count: Int)]
        public let unfiled: [StatementLine]
        public let unfiledCategory: CategoryCode
        /// Lines merged with items typed by hand.
        public let typedMatches: Int
        public let months: [YearMonth]
        /// What matching did: lines merged with other sources' lines, transfers found.
        public let matched: MatchOutcome
        /// Lines of money in (recorded as income) and charges (transfers), among `lines`.
        public let income: Int
        public let charges: Int

        public init(
            source: String, format: String, encoding: String, lines: Int, added: Int, alreadyStored: Int, skipped: [(reason: String, count: Int)],
            unfiled: [StatementLine], unfiledCategory: CategoryCode, months: [YearMonth], matched: MatchOutcome, income: Int, charges: Int
        ) {
            self.source = source
            self.format = format
            self.encoding = encoding
            self.lines = lines
            self.added = added
            self.alreadyStored = alreadyStored
            self.skipped = skipped
            self.unfiled = unfiled
            self.unfiledCategory = unfiledCategory
            self.typedMatches = matched.merged.filter { $0.line.source.kind == .typed || $0.into.source.kind == .typed }.count
            self.months = months
            self.matched = matched
            self.income = income
            self.charges = charges
        }
    }
}
