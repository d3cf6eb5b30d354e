import Foundation
import Testing

@testable import KakeiboKit
@testable import KakeiboSync

/// A task URLSession never gets round to: it ignores `cancel` and never completes, as a real one does while libcurl
/// inflates a gzip bomb. `resume` hands it the bytes given, as the network would.
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

    @Test func anAnswerPastTheCapEndsTheWaitThoughTheTaskNeverStops() async {
        let task = StuckTask()
        task.arrive = { [delegate, session] task in
            delegate.urlSession(session, dataTask: task, didReceive: Data(count: URLSessionTransport.maximumAnswerBytes - 10))
            delegate.urlSession(session, dataTask: task, didReceive: Data(count: 11))
        }
        let result = await delegate.run(task, seconds: 3600)
        #expect(result == .failure(.tooLarge(limit: URLSessionTransport.maximumAnswerBytes)))
        // What URLSession reports afterwards is dropped: the wait has its outcome.
        delegate.urlSession(session, task: task, didCompleteWithError: URLError(.cancelled))
        delegate.urlSession(session, dataTask: task, didReceive: Data(count: 1))
    }

    @Test func theTimeoutEndsTheWaitThoughTheTaskNeverStops() async {
        let result = await delegate.run(StuckTask(), seconds: 0.01)
        #expect(result == .failure(.timedOut(seconds: 0.01)))
    }

    /// A server that redirects to itself for ever is told as a loop after `maximumRedirects`, not as a refusal.
    @Test func aRedirectLoopEndsAsOne() async throws {
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
        #expect(await delegate.run(task, seconds: 3600) == .failure(.tooManyRedirects(limit: URLSessionTransport.maximumRedirects)))
        #expect(followed.value == URLSessionTransport.maximumRedirects)
    }

    @Test func aTaskURLSessionCompletesEndsTheWaitAsURLSessionSays() async {
        let task = StuckTask()
        task.arrive = { [delegate, session] task in
            delegate.urlSession(session, dataTask: task, didReceive: Data("[]".utf8))
            delegate.urlSession(session, task: task, didCompleteWithError: nil)
        }
        // StuckTask has no response: an answer without one is no HTTP answer, and says so.
        #expect(await delegate.run(task, seconds: 3600) == .failure(.other("not an HTTP answer")))
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}
