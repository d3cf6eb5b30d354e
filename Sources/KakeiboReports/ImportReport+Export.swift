import KakeiboOperations
import KakeiboValues

extension ImportReport {
    /// Another app's export as its import counts it, the part of the file's report only an export has: the merge, the
    /// rows read, where they went and why some were not imported. Made by the importer's converter.
    public struct Export: Sendable {
        /// The merge into the store.
        public let merge: MergeOutcome
        /// The export's kind as `--from` names it (`moneyforward`, `zaim`) and as people do ("MoneyForward ME").
        public let source: String
        public let sourceName: String
        /// The text encoding the export was read in (UTF-8, Shift_JIS).
        public let encoding: String
        /// Rows read, the header aside.
        public let rows: Int
        public let skipped: [SkipReason: Int]
        /// The export's categories that nothing mapped, sent to `fallback`, with their row counts.
        public let unmapped: [(name: String, count: Int)]
        public let fallback: CategoryCode?
        /// Income rows imported.
        public let income: Int
        /// Names cut to the longest an item's name may be.
        public let shortened: Int
        /// Names whose line breaks or other control characters became spaces.
        public let cleaned: Int
        /// Transfers imported (MoneyForward's 振替, Zaim's transfer rows).
        public let transfers: Int

        public init(
            merge: MergeOutcome, source: String, sourceName: String, encoding: String, rows: Int, skipped: [SkipReason: Int],
            unmapped: [(name: String, count: Int)], fallback: CategoryCode?, income: Int, shortened: Int, cleaned: Int, transfers: Int = 0
        ) {
            self.merge = merge
            self.source = source
            self.sourceName = sourceName
            self.encoding = encoding
            self.rows = rows
            self.skipped = skipped
            self.unmapped = unmapped
            self.fallback = fallback
            self.income = income
            self.shortened = shortened
            self.cleaned = cleaned
            self.transfers = transfers
        }
    }
}

/// Why a row of an export is not imported. Each skipped row counts once: under its kind (transfer, income,
/// balance) first, then not counted, then zero.
public enum SkipReason: String, CaseIterable, Sendable {
    /// MoneyForward's 計算対象 = 0, Zaim's 集計の設定 = 集計に含めない.
    case notCounted
    /// A move between the household's own accounts: MoneyForward's 振替 = 1, Zaim's transfer.
    case transfer
    /// Money coming in (MoneyForward's 大項目 収入, Zaim's income) when the taxonomy has no income category.
    case income
    /// Zaim's balance adjustment.
    case balance
    /// An amount of 0: kakeibo items are never zero.
    case zero
    /// The same entry twice in one file (MoneyForward rows with the same ID and content).
    case duplicate
    /// Its category is mapped to null in the mapping file.
    case mapping
}
