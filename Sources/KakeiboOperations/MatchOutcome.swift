import KakeiboValues

/// A line merged into an item: the line, and the item it went into (as it is after the merge).
public struct MergedLine: Sendable, Equatable {
    public var line: Item
    public var into: Item

    public init(line: Item, into: Item) {
        self.line = line
        self.into = into
    }
}

/// What matching changed in one write.
public struct MatchOutcome: Sendable, Equatable {
    /// Lines merged into another item now.
    public var merged: [MergedLine] = []
    /// Lines no longer merged (their group came apart).
    public var split: [Item] = []
    /// Lines that became transfers: their other side names one of the household's accounts.
    public var transfers: [Item] = []
    /// Lines that took their account's member.
    public var members = 0
    /// Bank withdrawals found to be a card's bill (`CardBills`), and those that equal more than one (said, not decided).
    public var bills: [BillFound] = []
    public var unsureBills: [BillUnsure] = []
    /// The lines an import brought that look like a move to a place of the household's own naming no account (said
    /// once, by the import that brings them; `accounts list` lists them all).
    public var possibleTransfers: [PossibleTransfer] = []

    public init() {}

    public var isEmpty: Bool {
        merged.isEmpty && split.isEmpty && transfers.isEmpty && members == 0 && bills.isEmpty && unsureBills.isEmpty && possibleTransfers.isEmpty
    }

    /// The ids of the items matching changed (a member filled in aside).
    public var touchedIDs: [String] {
        merged.map(\.line.id) + merged.map(\.into.id) + split.map(\.id) + transfers.map(\.id) + bills.map(\.line.id)
    }

    public static func + (a: MatchOutcome, b: MatchOutcome) -> MatchOutcome {
        var sum = a
        sum += b
        return sum
    }

    public static func += (a: inout MatchOutcome, b: MatchOutcome) {
        a.merged += b.merged
        a.split += b.split
        a.transfers += b.transfers
        a.members += b.members
        a.bills += b.bills
        a.unsureBills += b.unsureBills
        a.possibleTransfers += b.possibleTransfers
    }
}
