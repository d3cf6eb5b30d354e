import KakeiboStore
import KakeiboValues

/// The household server's two operations over a transport: fetch months, several at a time, and register items in
/// batches. Every answer is checked completely; the first failure is thrown, naming the month or the batch.
public struct HouseholdClient: Sendable {
    public let transport: any HTTPTransport
    /// The endpoint's host, for messages (never the whole URL, which may hold a key).
    public let host: String

    /// At most this many fetches at once: a year's 12 months all go together (the service allows 30 at once), so
    /// a year whose months each take a second answers in about a second.
    public static let concurrentFetches = 12
    /// Items per POST: about 150 KB of JSON, so 10,000 imported items go in 10 POSTs.
    public static let batchSize = 1000

    public init(transport: any HTTPTransport, host: String) {
        self.transport = transport
        self.host = host
    }

    /// Each month's items as the server sent them, rows that can't be understood left out (`fetchRows` has them).
    public func fetch(_ months: [YearMonth], done: () -> Void = {}) throws(SyncError) -> [YearMonth: [WireItem]] {
        try fetchRows(months, done: done).mapValues(\.items)
    }

    /// Each month's rows as the server sent them, read liberally (`ServerRows`). `done` is called as each month
    /// arrives. After a failure no new fetch starts, and the ones under way are left to finish (each within the
    /// timeout); of several failures, the earliest month's is thrown.
    public func fetchRows(_ months: [YearMonth], done: () -> Void = {}) throws(SyncError) -> [YearMonth: ServerRows] {
        var fetched: [YearMonth: ServerRows] = [:]
        var failures: [YearMonth: SyncError] = [:]
        transport.send(months.map(HouseholdAPI.fetch), concurrently: HouseholdClient.concurrentFetches) { index, answer in
            do throws(ServerProblem) {
                fetched[months[index]] = try HouseholdAPI.rows(in: try answer.get())
                done()
            } catch {
                failures[months[index]] = .fetch(months[index], host: host, error)
            }
            return failures.isEmpty
        }
        if let first = failures.keys.min(), let error = failures[first] { throw error }
        return fetched
    }

    /// Registers the items, in batches and in order; returns them once the server's answers list every one.
    /// `done` is called after each batch.
    public func register(_ items: [WireItem], done: () -> Void = {}) throws(SyncError) -> [WireItem] {
        var start = 0
        while start < items.count {
            let batch = Array(items[start..<min(start + HouseholdClient.batchSize, items.count)])
            do throws(ServerProblem) {
                let answer = try HouseholdAPI.items(in: try transport.send(HouseholdAPI.register(batch)))
                let listed = Set(answer.map(\.id))
                let missing = batch.filter { !listed.contains($0.id) }.count
                guard missing == 0 else { throw ServerProblem.unconfirmed(missing: missing, sent: batch.count) }
            } catch {
                throw .register(count: batch.count, host: host, error)
            }
            done()
            start += batch.count
        }
        return items
    }
}
