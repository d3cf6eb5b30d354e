import KakeiboValues

/// Finding the most recently added items without reading the whole store.
///
/// Every write of a month file happens after the `added` times of the items in it were taken from the clock, so a
/// file's modification time is at or after every `added` in it. Reading files newest-written first, we can stop as
/// soon as we hold `limit` items added after the next file was last written: nothing in it, or in any older file,
/// can be newer. The rule assumes `added` and the file system share a clock; `clockAllowance` covers coarse file
/// times and small skew, and if a file read breaks the rule (an item added after its file was written: a clock set
/// with KAKEIBO_NOW ahead of the real one, a file `touch`ed into the past) the rest of the store is read too.
extension LedgerStore {
    /// How far an item's `added` may lie after its file's modification time before we stop trusting the times:
    /// ten minutes, far above file-time granularity (≤ 2 s) and ordinary clock skew on a shared store.
    public static let clockAllowance: Int64 = 10 * 60 * 1000

    /// What a search for recent items read.
    public struct RecentRead: Sendable {
        /// Every item of the months read: the `limit` most recently added of the store are among them.
        public var items: [Item]
        public var monthsRead: Int
        public var monthsInStore: Int
    }

    /// Reads months newest-written first until the `limit` most recently added items of the store are certain to be
    /// among those read.
    public func recentlyAdded(limit: Int) throws(StoreError) -> RecentRead {
        try finishInterruptedCommit()
        var files: [(month: YearMonth, modified: Int64)] = []
        for month in try months() {
            var info = stat()
            guard stat(path(month), &info) == 0 else {
                if errno == ENOENT { continue } // removed since the listing
                throw .io(path: path(month), operation: .read, code: errno)
            }
            files.append((month, Platform.modificationTime(info)))
        }
        files.sort { ($0.modified, $0.month) > ($1.modified, $1.month) }
        var result = RecentRead(items: [], monthsRead: 0, monthsInStore: files.count)
        guard limit > 0 else { return result }
        var newest: [Int64] = [] // the `limit` latest `added` times read so far, latest first
        var timesHold = true
        for file in files {
            if timesHold, newest.count == limit, let cutoff = newest.last, cutoff > file.modified + LedgerStore.clockAllowance {
                break
            }
            let items = try readMonth(file.month)
            result.monthsRead += 1
            if items.contains(where: { $0.added.milliseconds > file.modified + LedgerStore.clockAllowance }) { timesHold = false }
            result.items += items
            newest = Array((newest + items.map(\.added.milliseconds)).sorted(by: >).prefix(limit))
        }
        return result
    }
}
