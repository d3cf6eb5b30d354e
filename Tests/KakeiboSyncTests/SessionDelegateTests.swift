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
