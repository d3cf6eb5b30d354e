import Foundation
import KakeiboKit
import Testing

@testable import KakeiboNetwork

/// A task URLSession never gets round to: it ignores `cancel` and never completes, as a real one does while libcurl
/// inflates a gzip bomb. `resume` hands it what `arrive` sends, as the network would. Every one has the same number,
/// as the first tasks of two sessions do.
final class StuckTask: URLSessionDataTask, @unchecked Sendable {
    var arrive: (StuckTask) -> Void = { _ in }
    override var taskIdentifier: Int { 4242 }
    override func resume() { arrive(self) }
    override func cancel() {}
}

/// The wait for an answer ends by the delegate's own verdict, not by URLSession's report that the task is done.
@Suite(.timeLimit(.minutes(1))) struct SessionDelegateTests {
    let delegate = SessionDelegate(origin: try! Endpoint.parse("http://127.0.0.1:8080/exec"), token: nil)
    let session = URLSession(configuration: .ephemeral)

    /// Runs the task; once everything `arrive` sends has arrived (`resume` hands it over on this thread), its outcome
    /// if the delegate has settled the wait, nil if it is still waiting (for a report a stuck task never makes).
    func outcome(_ task: StuckTask) -> Result<HTTPResponse, ServerProblem>? {
        let told = Told()
        delegate.run(task, seconds: 3600) { told.set($0) }
        return told.value
    }

    @Test func anAnswerPastTheCapEndsTheWaitThoughTheTaskNeverStops() {
        let task = StuckTask()
        task.arrive = { [delegate, session] task in
            delegate.urlSession(session, dataTask: task, didReceive: Data(count: URLSessionTransport.maximumAnswerBytes - 10))
            delegate.urlSession(session, dataTask: task, didReceive: Data(count: 11))
        }
        #expect(outcome(task) == .failure(.tooLarge(limit: URLSessionTransport.maximumAnswerBytes)))
        // What URLSession reports afterwards is dropped: the wait has its outcome.
        delegate.urlSession(session, task: task, didCompleteWithError: URLError(.cancelled))
        delegate.urlSession(session, dataTask: task, didReceive: Data(count: 1))
        #expect(delegate.waiting == 0)
    }

    /// (Before the delegate ended the wait itself, this one hung: it can fail only by the suite's time limit.)
    @Test func theTimeoutEndsTheWaitThoughTheTaskNeverStops() {
        let told = Told()
        delegate.run(StuckTask(), seconds: 0.01) { told.set($0) }
        #expect(told.wait() == .failure(.timedOut(seconds: 0.01)))
    }

    /// A server that redirects to itself for ever is told as a loop after `maximumRedirects`, not as a refusal.
    @Test func aRedirectLoopEndsAsOne() throws {
        let task = StuckTask()
        let url = try #require(URL(string: "http://127.0.0.1:8080/exec?year=2024&month=12"))
        let moved = try #require(HTTPURLResponse(url: url, statusCode: 302, httpVersion: "HTTP/1.1", headerFields: ["Location": url.absoluteString]))
        let followed = Counter()
        task.arrive = { [delegate, session] task in
            for _ in 0...URLSessionTransport.maximumRedirects {
                delegate.urlSession(session, task: task, willPerformHTTPRedirection: moved, newRequest: URLRequest(url: url)) { next in
                    if next != nil { followed.add() }
                }
            }
        }
        #expect(outcome(task) == .failure(.tooManyRedirects(limit: URLSessionTransport.maximumRedirects)))
        #expect(followed.value == URLSessionTransport.maximumRedirects)
    }

    /// A POST's session and the GETs' share the delegate, and a task's number counts within its session: two tasks
    /// with one number are still two waits.
    @Test func tasksOfTheSameNumberAreWaitedForApart() {
        let first = StuckTask()
        let firstTold = Told()
        delegate.run(first, seconds: 3600) { firstTold.set($0) }
        let second = StuckTask()
        second.arrive = { [delegate, session] task in
            delegate.urlSession(session, dataTask: task, didReceive: Data(count: URLSessionTransport.maximumAnswerBytes + 1))
        }
        #expect(outcome(second) == .failure(.tooLarge(limit: URLSessionTransport.maximumAnswerBytes)))
        #expect(delegate.waiting == 1, "the first task's wait was lost")
        guard delegate.waiting == 1 else { return }
        delegate.urlSession(session, task: first, didCompleteWithError: URLError(.networkConnectionLost))
        #expect(firstTold.value == .failure(.connectionLost))
    }

    @Test func aTaskURLSessionCompletesEndsTheWaitAsURLSessionSays() {
        let task = StuckTask()
        task.arrive = { [delegate, session] task in
            delegate.urlSession(session, dataTask: task, didReceive: Data("[]".utf8))
            delegate.urlSession(session, task: task, didCompleteWithError: nil)
        }
        // StuckTask has no response: an answer without one is no HTTP answer, and says so.
        #expect(outcome(task) == .failure(.other("not an HTTP answer")))
    }
}

/// What the delegate told of a task's outcome, from whichever thread it tells it.
final class Told: @unchecked Sendable {
    private let lock = NSLock()
    private let arrived = DispatchSemaphore(value: 0)
    private var result: Result<HTTPResponse, ServerProblem>?

    func set(_ result: Result<HTTPResponse, ServerProblem>) {
        lock.withLock { self.result = result }
        arrived.signal()
    }

    /// The outcome if it has been told.
    var value: Result<HTTPResponse, ServerProblem>? { lock.withLock { result } }

    /// The outcome, waiting until it is told.
    func wait() -> Result<HTTPResponse, ServerProblem>? {
        arrived.wait()
        return value
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}
