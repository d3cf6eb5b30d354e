/// What `find` looks for: text in an item's name, shop or memo (folded, see `TextFold`), and optionally a span of
/// dates, a category, a range of prices and tags (every one given, in any spelling).
public struct SearchQuery: Sendable {
    /// The text as given, for reports; empty when only tags, dates, a category or prices are looked for.
    public var text: String
    /// The text folded: what is looked for in folded names, shops and memos.
    public var folded: [UInt8]
    public var from: CalendarDate?
    public var to: CalendarDate?
    public var category: CategoryFilter?
    public var minimum: Yen?
    public var maximum: Yen?
    /// Tags an item must all have (as `Tags.validate` left them).
    public var tags: [String]

    /// A query for `text`, which must hold something other than whitespace unless another filter is given (an
    /// amount looked for with `--min 3000 --max 3000` alone).
    public init(
        _ text: String, from: CalendarDate? = nil, to: CalendarDate? = nil, category: CategoryFilter? = nil, minimum: Yen? = nil,
        maximum: Yen? = nil, tags: [String] = []
    ) throws(SearchError) {
        let trimmed = trimWhitespace(text)
        let filtered = !tags.isEmpty || from != nil || to != nil || category != nil || minimum != nil || maximum != nil
        guard !trimmed.isEmpty || filtered else { throw .emptyPattern }
        self.tags = tags
        if let from, let to, to < from { throw .emptySpan(from: from, to: to) }
        if let minimum, let maximum, maximum < minimum { throw .emptyPriceRange(minimum: minimum, maximum: maximum) }
        self.text = trimmed
        self.folded = TextFold.fold(trimmed)
        self.from = from
        self.to = to
        self.category = category
        self.minimum = minimum
        self.maximum = maximum
    }

    /// What a month file's folded bytes must hold for an item in it to match: the text, else the first tag, else
    /// nothing (every item is read).
    public var needle: [UInt8] { folded.isEmpty ? tags.first.map(TextFold.fold) ?? [] : folded }

    /// Whether the month can hold a match, by its dates alone.
    public func mayMatch(_ month: YearMonth) -> Bool {
        if let from, month.last < from { return false }
        if let to, month.first > to { return false }
        return true
    }

    /// Whether the item matches every part of the query.
    public func matches(_ item: Item) -> Bool {
        if let from, item.date < from { return false }
        if let to, item.date > to { return false }
        if let minimum, item.price < minimum { return false }
        if let maximum, item.price > maximum { return false }
        if let category, !category.matches(item) { return false }
        if !tags.allSatisfy({ Tags.contains(item.details.tags, $0) }) { return false }
        if folded.isEmpty { return true }
        return TextFold.contains(TextFold.fold(item.name), folded)
            || item.details.shop.map { TextFold.contains(TextFold.fold($0), folded) } ?? false
            || item.details.memo.map { TextFold.contains(TextFold.fold($0), folded) } ?? false
    }
}

/// A search that can't be run: exit 2.
public enum SearchError: KakeiboFailure, Equatable {
    case emptyPattern
    case emptySpan(from: CalendarDate, to: CalendarDate)
    case emptyPriceRange(minimum: Yen, maximum: Yen)

    public var kind: FailureKind { .badInput }

    public func message(in language: Language) -> String {
        switch self {
        case .emptyPattern:
            return language.pick("the text to find is empty", "検索する文字列が空です")
        case .emptySpan(let from, let to):
            return language.pick("the span ends (\(to.iso)) before it starts (\(from.iso))", "期間の終わり（\(to.iso)）が始まり（\(from.iso)）より前です")
        case .emptyPriceRange(let minimum, let maximum):
            return language.pick(
                "the highest price (\(maximum.amount)) is below the lowest (\(minimum.amount))",
                "上限の金額（\(maximum.amount)）が下限（\(minimum.amount)）より小さいです")
        }
    }
}
