import KakeiboKit

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
    public func fetch(_ months: [YearMonth], done: @escaping @Sendable () -> Void = {}) async throws(SyncError) -> [YearMonth: [WireItem]] {
        try await fetchRows(months, done: done).mapValues(\.items)
    }

    /// Each month's rows as the server sent them, read liberally (`ServerRows`). `done` is called as each month
    /// arrives.
    ///
    /// After a failure no new fetch starts, and the ones under way are left to finish (each within the timeout)
    /// rather than cancelled: cancelling a URLSession task from a task group deadlocks swift-corelibs-foundation.
    /// Of several failures, the earliest month's is thrown.
    public func fetchRows(_ months: [YearMonth], done: @escaping @Sendable () -> Void = {}) async throws(SyncError) -> [YearMonth: ServerRows] {
        let (fetched, failures) = await withTaskGroup(of: (YearMonth, Result<ServerRows, SyncError>).self) { group in
            var waiting = months[...]
            var fetched: [YearMonth: ServerRows] = [:]
            var failures: [YearMonth: SyncError] = [:]
            func next(_ group: inout TaskGroup<(YearMonth, Result<ServerRows, SyncError>)>) {
                guard failures.isEmpty, let month = waiting.popFirst() else { return }
                group.addTask {
                    // The month is returned from a value computed before the await: in release builds (Swift 6.3)
                    // the captured `month` read again after the await came back zeroed (0000-00).
                    let requested = month
                    let result: Result<ServerRows, SyncError> = await fetchResult(requested)
                    return (requested, result)
                }
            }
            for _ in 0..<HouseholdClient.concurrentFetches { next(&group) }
            while let (month, result) = await group.next() {
                switch result {
                case .success(let items):
                    fetched[month] = items
                    done()
                case .failure(let error):
                    failures[month] = error
                }
                next(&group)
            }
            return (fetched, failures)
        }
        if let first = failures.keys.min(), let error = failures[first] { throw error }
        return fetched
    }

    func fetchResult(_ month: YearMonth) async -> Result<ServerRows, SyncError> {
        do throws(SyncError) { return .success(try await fetchOne(month)) } catch { return .failure(error) }
    }

    func fetchOne(_ month: YearMonth) async throws(SyncError) -> ServerRows {
        do throws(ServerProblem) {
            return try HouseholdAPI.rows(in: try await transport.send(HouseholdAPI.fetch(month)))
        } catch {
            throw .fetch(month, host: host, error)
        }
    }

    /// Registers the items, in batches and in order; returns them once the server's answers list every one.
    /// `done` is called after each batch.
    public func register(_ items: [WireItem], done: @escaping @Sendable () -> Void = {}) async throws(SyncError) -> [WireItem] {
        var start = 0
        while start < items.count {
            let batch = Array(items[start..<min(start + HouseholdClient.batchSize, items.count)])
            do throws(ServerProblem) {
                let answer = try HouseholdAPI.items(in: try await transport.send(HouseholdAPI.register(batch)))
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
