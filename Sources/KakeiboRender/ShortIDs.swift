import KakeiboReports
import KakeiboValues

/// Ids cut short for a table: the first 8 characters, or more where that is what it takes to tell an id apart from
/// every other id shown and from `others` (the rest of the store a command has read: imported ids such as
/// "mf:mfH0201…" can share their first 8 with items of other months), so whatever is shown works with
/// `edit`/`delete`. A fixed cost's item keeps its whole id (`fixed-8e4f12a3-2024-12`): every month's item of one
/// rule starts alike, so only the whole id names one of them in the store. A donation's (`furusato-b8716465-…`)
/// keeps its prefix and shortens the random rest, as every donation starts alike.
public func shortIDs(_ ids: [String], among others: [String] = []) -> [String] {
    let whole = ids.map { $0.hasPrefix(FixedCost.itemIDPrefix) }
    let prefix = FurusatoReport.idPrefix
    if ids.contains(where: { $0.hasPrefix(prefix) }) {
        let donation = ids.map { $0.hasPrefix(prefix) }
        let otherRests = others.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
        var rests = shortRandomIDs(zip(ids, donation).filter(\.1).map { String($0.0.dropFirst(prefix.count)) }, among: otherRests)
            .makeIterator()
        var rest = shortIDs(zip(ids, donation).filter { !$0.1 }.map(\.0), among: others).makeIterator()
        return donation.map { $0 ? prefix + (rests.next() ?? "") : rest.next() ?? "" }
    }
    guard whole.contains(true) else { return shortRandomIDs(ids, among: others) }
    var shortened = shortRandomIDs(zip(ids, whole).filter { !$0.1 }.map(\.0), among: others).makeIterator()
    return zip(ids, whole).map { id, keep in keep ? id : shortened.next() ?? id }
}

/// `shortIDs` of ids with no structure to keep.
func shortRandomIDs(_ ids: [String], among others: [String]) -> [String] {
    // The usual case, ASCII ids whose first 8 characters already differ (random UUIDs), is checked on those 8 bytes
    // packed into one number: hashing thousands of whole ids into sets, as below, was a tenth of a big month's table.
    var starts = [UInt64: String](minimumCapacity: ids.count + others.count)
    for id in ids + others {
        guard id.utf8.allSatisfy({ $0 < 0x80 }) else { return shortIDsByCharacter(ids, among: others) }
        let packed = id.utf8.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        if let seen = starts.updateValue(id, forKey: packed), seen != id { return shortIDsByCharacter(ids, among: others) }
    }
    return ids.map { $0.utf8.count > 8 ? String($0.prefix(8)) : $0 }
}

/// `shortIDs` the general way: each id as long as it takes (at least 8 characters) for no other id to start with
/// what is shown. Sorted, the ids that share most of an id's start are its neighbours.
func shortIDsByCharacter(_ ids: [String], among others: [String]) -> [String] {
    let sorted = Set(ids + others).map(Array.init).sorted { $0.lexicographicallyPrecedes($1) }
    var lengths: [String: Int] = [:]
    for (index, id) in sorted.enumerated() {
        var shared = 0
        for neighbour in [index - 1, index + 1] where sorted.indices.contains(neighbour) {
            shared = max(shared, zip(id, sorted[neighbour]).prefix { $0 == $1 }.count)
        }
        lengths[String(id)] = max(8, shared + 1)
    }
    return ids.map { String($0.prefix(lengths[$0] ?? 8)) }
}
