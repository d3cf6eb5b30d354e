import KakeiboOperations
import KakeiboValues

/// What an import of files did, or with `--dry-run` would do, file by file: the format found, the rows read, what
/// was added, what was already there, what was set aside and why, and how each month's totals change. The one
/// report of every import — statements, layouts, app exports, kakeibo's JSON, IC card dumps — from which the dry
/// run, the summary and the JSON are all worded (`ImportRenderer`); what only one kind of file has is a part of
/// its file (`File.export`, `File.card`, `File.merged`).
public struct ImportReport: Sendable {
    /// Nothing was written.
    public let dryRun: Bool
    public let files: [File]
    /// What matching the files' lines with the other sources' makes of them, all files together: lines merged into
    /// one purchase, transfers found.
    public let matched: MatchOutcome
    /// The import's statements (and files read with a layout) together, as a real import sums them up (nil: none).
    /// Its account of what matching did is said with it; without statements, with the first export or JSON file's.
    public let statements: Statements?
    /// What an export of everything set beside its items (budgets, fixed costs, notes); nil for any other import.
    public let settings: SettingsMerged?

    public init(
        dryRun: Bool, files: [File], matched: MatchOutcome = MatchOutcome(), statements: Statements? = nil, settings: SettingsMerged? = nil
    ) {
        self.dryRun = dryRun
        self.files = files
        self.matched = matched
        self.statements = statements
        self.settings = settings
    }

    /// The import of one file of kakeibo's (or the household server's) JSON, merged on its own: its counts are the
    /// merge's, and the months it wrote its `merged.months` (the merge keeps no items to total them by).
    public init(path: String, merged: MergeOutcome, settings: SettingsMerged?) {
        let file = File(
            path: path, format: "kakeibo", formatName: "kakeibo JSON", variant: "", encoding: "UTF-8", rows: merged.imported,
            lines: merged.imported, added: merged.added, alreadyThere: merged.unchanged, updated: merged.updated, merged: merged)
        self.init(dryRun: false, files: [file], matched: merged.matched, settings: settings)
    }

    /// Rows of a file not imported, for one reason.
    public struct SetAside: Sendable, Equatable {
        /// The reason's key (`transfer`, `deposit`, `notCounted`, …), as JSON names it.
        public let reason: String
        public let count: Int
        /// The amount of those rows, where they have one (money in, a transfer); 0 otherwise.
        public let total: Yen

        public init(reason: String, count: Int, total: Yen) {
            self.reason = reason
            self.count = count
            self.total = total
        }
    }

    /// How a month's totals change.
    public struct MonthChange: Sendable, Equatable {
        public let month: YearMonth
        /// Items the month gains (less those that leave it).
        public let items: Int
        public let spending: Yen
        public let income: Yen
    }

    /// A category of the app's own that nothing mapped: how many rows, and where they were filed.
    public struct Unmapped: Sendable, Equatable {
        public let name: String
        public let count: Int
        public let total: Yen
        /// Where the rows went: one category, or nil for several.
        public let filedAs: CategoryCode?

        public init(name: String, count: Int, total: Yen, filedAs: CategoryCode?) {
            self.name = name
            self.count = count
            self.total = total
            self.filedAs = filedAs
        }
    }

    public struct File: Sendable {
        public let path: String
        /// The format's key (`rakuten-card`, `zaim`) or the layout's name, and as people name it.
        public let format: String
        public let formatName: String
        /// Which of its shapes the file has, or where its layout came from.
        public let variant: String
        public let encoding: String
        /// Records read, headers and totals aside.
        public let rows: Int
        /// Items the file brings.
        public let lines: Int
        public let added: Int
        public let alreadyThere: Int
        /// Items of kakeibo's own JSON that came back changed and were updated (any other file changes no stored item).
        public let updated: Int
        /// Lines here the file gives otherwise, kept as they are here (see `KeptLine`).
        public let kept: [KeptLine]
        /// Lines the user deleted or moved, not brought back.
        public let removedHere: Int
        public let setAside: [SetAside]
        /// Lines nothing could file, in the unfiled category: their date, name, price and id.
        public let unfiled: [StatementLine]
        public let unmapped: [Unmapped]
        public let months: [MonthChange]
        /// What else the file said (a count that doesn't add up, an undated line).
        public let notes: [LocalizedText]
        /// kakeibo's JSON: its items merged (nil for other files).
        public let merged: MergeOutcome?
        /// Another app's export: what its conversion and merge counted (nil for other files).
        public let export: Export?
        /// An IC card's dump: the card, its records by kind, its balance (nil for other files).
        public let card: Card?

        /// A file merged on its own, from its counts alone (no months' totals).
        init(
            path: String, format: String, formatName: String, variant: String, encoding: String, rows: Int, lines: Int, added: Int,
            alreadyThere: Int, updated: Int, merged: MergeOutcome
        ) {
            self.path = path
            self.format = format
            self.formatName = formatName
            self.variant = variant
            self.encoding = encoding
            self.rows = rows
            self.lines = lines
            self.added = added
            self.alreadyThere = alreadyThere
            self.updated = updated
            kept = []
            removedHere = 0
            setAside = []
            unfiled = []
            unmapped = []
            months = []
            notes = []
            self.merged = merged
            export = nil
            card = nil
        }

        /// The months' changes follow from what the import did: added items count in their month (an import changes no
        /// item the store has); income categories apart from spending. After `matched`:
        /// a line merged into another item or found to be a transfer counts nowhere, and a stored item merged into
        /// one of the file's lines counts no more (the purchase is counted once, as the file's line). `arriving`:
        /// the ids every file of the import adds.
        public init(
            path: String, format: String, formatName: String, variant: String, encoding: String, rows: Int, lines: Int,
            outcome: ImportBatchOutcome, matched: MatchOutcome = MatchOutcome(), arriving: Set<String> = [], setAside: [SetAside],
            unfiled: [StatementLine], unmapped: [Unmapped], notes: [LocalizedText], taxonomy: Taxonomy, merged: MergeOutcome? = nil,
            export: Export? = nil, card: Card? = nil
        ) {
            self.merged = merged
            self.export = export
            self.card = card
            self.path = path
            self.format = format
            self.formatName = formatName
            self.variant = variant
            self.encoding = encoding
            self.rows = rows
            self.lines = lines
            added = outcome.added.count
            alreadyThere = outcome.alreadyThere
            updated = 0
            kept = outcome.kept
            removedHere = outcome.removedHere
            self.setAside = setAside
            self.unfiled = unfiled
            self.unmapped = unmapped
            self.notes = notes
            var changes: [YearMonth: (items: Int, spending: Int, income: Int)] = [:]
            func count(_ item: Item, _ sign: Int) {
                let isIncome = taxonomy.isIncome(item.category)
                changes[item.date.yearMonth, default: (0, 0, 0)].items += sign
                if isIncome {
                    changes[item.date.yearMonth, default: (0, 0, 0)].income += sign * item.price.amount
                } else {
                    changes[item.date.yearMonth, default: (0, 0, 0)].spending += sign * item.price.amount
                }
            }
            var after: [String: Item] = [:]
            for item in matched.merged.map(\.into) + matched.merged.map(\.line) + matched.transfers { after[item.id] = item }
            let addedIDs = Set(outcome.added.map(\.id))
            for item in outcome.added {
                let now = after[item.id] ?? item
                if now.counts { count(now, 1) }
            }
            for merge in matched.merged
            where addedIDs.contains(merge.into.id) && !addedIDs.contains(merge.line.id) && !arriving.contains(merge.line.id) {
                var before = merge.line
                before.details.merged = nil
                if before.counts { count(before, -1) }
            }
            months = changes.sorted { $0.key < $1.key }.map { month, change in
                MonthChange(month: month, items: change.items, spending: Yen(change.spending), income: Yen(change.income))
            }
        }
    }
}
