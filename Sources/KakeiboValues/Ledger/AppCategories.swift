/// The categories the ExpenseLog app can show: what a push to a plain app server may send. The app knows its own
/// categories only (`Category.swift`): a category it doesn't have stops a debug build and shows as 食費（なし） in a
/// release build (and counts in its month total); a subcategory not of its category shows as なし. So an item whose
/// code isn't here stays in kakeibo. The default is the `expenselog` preset's; a changed app is described by the
/// `app-categories` setting, written "0:0-3 1:0-2" (each category's code, then the subcategory codes it has).
public struct AppCategories: Hashable, Sendable {
    /// Each category the app has, with the subcategory codes it has (an item with none is always shown).
    public let categories: [Int: Set<Int>]

    public init(categories: [Int: Set<Int>]) { self.categories = categories }

    /// The app as its source has it: 食費 with 0–3, 娯楽費 with 0–2.
    public static let expenseLog = AppCategories(
        categories: Dictionary(
            uniqueKeysWithValues: Taxonomy.expenseLog.categories.map { ($0.code, Set($0.subcategories.map(\.code))) }))

    /// Whether the app shows an item of this code under its own name.
    public func shows(_ code: CategoryCode) -> Bool {
        guard let subcategories = categories[code.category] else { return false }
        return code.subcategory.map(subcategories.contains) ?? true
    }

    /// The setting's text, categories and subcategories in order, runs of codes as ranges: "0:0-3 1:0-2".
    public var text: String {
        categories.keys.sorted().map { category in
            let codes = categories[category, default: []].sorted()
            guard !codes.isEmpty else { return String(category) }
            var runs: [String] = []
            var start = codes[0]
            var end = start
            for code in codes.dropFirst() + [Int.min] {
                if code == end + 1 {
                    end = code
                    continue
                }
                runs.append(start == end ? String(start) : "\(start)-\(end)")
                start = code
                end = code
            }
            return "\(category):" + runs.joined(separator: ",")
        }.joined(separator: " ")
    }

    /// Reads the setting: entries apart by spaces, each a category code alone or followed by `:` and its
    /// subcategory codes and ranges apart by commas ("0:0-3 1:0-2 5"). Codes are 0–9999.
    public static func parse(_ text: String) throws(ValueError) -> AppCategories {
        var categories: [Int: Set<Int>] = [:]
        func code(_ word: Substring) throws(ValueError) -> Int {
            guard !word.isEmpty, word.count <= 4, word.utf8.allSatisfy({ (48...57).contains($0) }), let value = Int(word) else {
                throw .appCategories(text)
            }
            return value
        }
        let entries = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard !entries.isEmpty else { throw .appCategories(text) }
        for entry in entries {
            let parts = entry.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let category = try code(parts[0])
            guard categories[category] == nil else { throw .appCategories(text) }
            var subcategories: Set<Int> = []
            if parts.count == 2 {
                for run in parts[1].split(separator: ",", omittingEmptySubsequences: false) {
                    let ends = run.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
                    let low = try code(ends[0])
                    let high = ends.count == 2 ? try code(ends[1]) : low
                    guard low <= high else { throw .appCategories(text) }
                    subcategories.formUnion(low...high)
                }
            }
            categories[category] = subcategories
        }
        return AppCategories(categories: categories)
    }
}
