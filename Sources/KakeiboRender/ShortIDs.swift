import KakeiboReports
import KakeiboValues

/// Ids cut short for a table: the first 8 characters, or more where that is what it takes to tell the listed items
/// apart (imported ids such as "mf:…" can share their first 8), so whatever is shown works with `edit`/`delete`.
/// A fixed cost's item keeps its whole id (`fixed-8e4f12a3-2024-12`): every month's item of one rule starts alike,
/// so only the whole id names one of them in the store. A donation's (`furusato-b8716465-…`) keeps its prefix and
/// shortens the random rest, as every donation starts alike.
public func shortIDs(_ ids: [String]) -> [String] {
    let whole = ids.map { $0.hasPrefix(FixedCost.itemIDPrefix) }
    let prefix = FurusatoReport.idPrefix
    if ids.contains(where: { $0.hasPrefix(prefix) }) {
        let donation = ids.map { $0.hasPrefix(prefix) }
        var rests = shortRandomIDs(zip(ids, donation).filter(\.1).map { String($0.0.dropFirst(prefix.count)) }).makeIterator()
        var others = shortIDs(zip(ids, donation).filter { !$0.1 }.map(\.0)).makeIterator()
        return donation.map { $0 ? prefix + (rests.next() ?? "") : others.next() ?? "" }
    }
    guard whole.contains(true) else { return shortRandomIDs(ids) }
    var shortened = shortRandomIDs(zip(ids, whole).filter { !$0.1 }.map(\.0)).makeIterator()
    return zip(ids, whole).map { id, keep in keep ? id : shortened.next() ?? id }
}

/// `shortIDs` of ids with no structure to keep.
func shortRandomIDs(_ ids: [String]) -> [String] {
    // The usual case, ASCII ids whose first 8 characters already differ (random UUIDs), is checked on those 8 bytes
    // packed into one number: hashing thousands of whole ids into sets, as below, was a tenth of a big month's table.
    var starts = Set<UInt64>(minimumCapacity: ids.count)
    for id in ids {
        guard id.utf8.allSatisfy({ $0 < 0x80 }) else { return shortIDsByCharacter(ids) }
        let packed = id.utf8.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard starts.insert(packed).inserted else { return shortIDsByCharacter(ids) }
    }
    return ids.map { $0.utf8.count > 8 ? String($0.prefix(8)) : $0 }
}

/// `shortIDs` the general way: any characters, any number of ids sharing their first 8.
func shortIDsByCharacter(_ ids: [String]) -> [String] {
    var length = 8
    let longest = ids.map(\.count).max() ?? 0
    let distinct = Set(ids).count
    while length < longest, Set(ids.lazy.map { $0.prefix(length) }).count < distinct { length += 1 }
    return ids.map { String($0.prefix(length)) }
}
