import Foundation
import Testing

/// The libcurl transport https goes through, run over plain http against the app test server on 127.0.0.1
/// (`KAKEIBO_SYNC_TRANSPORT=curl`; there is no https server with a trusted certificate here): redirects followed
/// with the token only to the endpoint's origin, nothing listening named as such. (A dropped POST through it:
/// `SyncTransportTests`.)
@Suite struct CurlTransportTests {
    func sandbox(_ server: HouseholdServer) throws -> Sandbox {
        let box = try Sandbox()
        box.environment["KAKEIBO_ENDPOINT"] = server.endpoint
        box.environment["KAKEIBO_SYNC_TRANSPORT"] = "curl"
        return box
    }

    @Test func aPullFollowsTheRedirectAndTheTokenStaysWithTheOrigin() throws {
        let server = try HouseholdServer()
        try server.seed(["2024-12": [wire("c1", "20241203", "牛乳", 220)]])
        let box = try sandbox(server)
        box.environment["KAKEIBO_TOKEN"] = "t0ken"
        let run = try box.run("pull", "2024", "12", "--format", "json")
        #expect(run.status == 0, "\(run.stderr)")
        #expect((try run.json() as? [String: Any])?["pulled"] as? Int == 1)
        let requests = try server.requests()
        let asked = try #require(requests.first { $0.path == "/exec" })
        let answer = try #require(requests.first { $0.path.hasPrefix("/answer/") })
        #expect(asked.accept == "application/json" && asked.authorization == "Bearer t0ken")
        #expect(answer.method == "GET" && answer.accept == "application/json" && answer.host != asked.host)
        #expect(answer.authorization == nil)
    }

    @Test func nothingListeningIsCannotConnect() throws {
        let box = try Sandbox()
        box.environment["KAKEIBO_ENDPOINT"] = "http://127.0.0.1:1/exec"
        box.environment["KAKEIBO_SYNC_TRANSPORT"] = "curl"
        let run = try box.run("pull", "2024", "12")
        #expect(run.status == 1)
        #expect(run.stderr.contains("cannot connect"), "\(run.stderr)")
    }
}
