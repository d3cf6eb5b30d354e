import Foundation
import Testing

/// The ExpenseLog app's endpoint carries its secret in the path after `/exec`: kakeibo shows it masked everywhere and
/// never writes it into the store; a token, which the app's protocol can't carry, is refused with the reason.
@Suite struct EndpointSecretTests {
    static let secret = "s3cretPathKey-7f2c9a"

    /// Every byte of every file under `directory`, as text.
    func everything(_ directory: URL) throws -> String {
        var text = ""
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            if let data = try? Data(contentsOf: file) { text += String(decoding: data, as: UTF8.self) }
        }
        return text
    }

    @Test func aSecretInTheEndpointsPathIsShownMaskedAndNeverWrittenIntoTheStore() throws {
        let server = try AppServer(token: EndpointSecretTests.secret)
        let box = try Sandbox()
        let endpoint = server.endpoint + "/" + EndpointSecretTests.secret
        #expect(try box.run("config", "set", "endpoint", endpoint).status == 0)
        _ = try box.add("牛乳", 178, date: "2024-11-03", category: "food/drink")
        var outputs = [try box.run("config", "list"), try box.run("config", "get", "endpoint")]
        #expect(outputs[1].stdout == server.endpoint + "/***\n", "\(outputs[1].stdout)")
        outputs.append(try box.run("push"))
        #expect(outputs[2].status == 0, "\(outputs[2].stderr)")
        #expect(try server.state().ids("2024-11").count == 1, "the secret still goes where the app sends it")
        outputs.append(try box.run("pull", "2024", "11"))
        // Refused endpoints are shown masked too.
        outputs.append(try box.run("config", "set", "endpoint", "ftp://example.com/exec/" + EndpointSecretTests.secret))
        outputs.append(try box.run("pull", "2024", "11", "--endpoint", "http://example.com/exec/" + EndpointSecretTests.secret))
        #expect(outputs[4].status == 2 && outputs[5].status == 2)
        for run in outputs {
            #expect(
                !run.stdout.contains(EndpointSecretTests.secret) && !run.stderr.contains(EndpointSecretTests.secret), "\(run.stdout)\(run.stderr)")
        }
        let stored = try everything(box.store)
        #expect(stored.contains("/exec/***"), "the sync state names the endpoint, masked")
        #expect(!stored.contains(EndpointSecretTests.secret), "the secret is in no file of the store")
    }

    @Test func aSyncStateAnOlderKakeiboWroteWithTheSecretLosesItAtTheNextSync() throws {
        let server = try AppServer(token: EndpointSecretTests.secret)
        let box = try Sandbox()
        let endpoint = server.endpoint + "/" + EndpointSecretTests.secret
        box.environment["KAKEIBO_ENDPOINT"] = endpoint
        _ = try box.add("牛乳", 178, date: "2024-11-03", category: "food/drink")
        let state =
            #"{"changeProtocol":false,"endpoints":{"\#(endpoint)":{"protocol":"app","checked":1733994000000}},"revisions":{},"deleted":{},"outbox":[],"conflicts":[]}"#
        try Data((state + "\n").utf8).write(to: box.store.appendingPathComponent("sync-state.json"))
        let push = try box.run("push")
        #expect(push.status == 0, "\(push.stderr)")
        #expect(try server.state().probes == 0, "the verdict the older state kept still counts")
        #expect(!(try everything(box.store)).contains(EndpointSecretTests.secret))
    }

    @Test func aTokenIsRefusedWithTheReasonForAnEndpointThatSpeaksTheAppsProtocol() throws {
        let server = try AppServer()
        let box = try Sandbox()
        box.environment["KAKEIBO_ENDPOINT"] = server.endpoint
        box.environment["KAKEIBO_TOKEN"] = "t0ken-never-sent"
        _ = try box.add("牛乳", 178, date: "2024-11-03", category: "food/drink")
        let push = try box.run("push")
        #expect(push.status == 2)
        #expect(push.stderr.contains("speaks the ExpenseLog app's protocol") && push.stderr.contains("unset KAKEIBO_TOKEN"), "\(push.stderr)")
        #expect(try server.state().ids("2024-11").isEmpty, "nothing was sent")

        box.environment["KAKEIBO_TOKEN"] = nil
        #expect(try box.run("push").status == 0)
        // Now the store knows the endpoint is the app's: `config set token` says so at once.
        let set = try box.run(["config", "set", "token"], stdin: "t0ken-never-sent\n")
        #expect(set.status == 2 && set.stderr.contains("speaks the ExpenseLog app's protocol"), "\(set.stderr)")
        #expect(try box.run("config", "get", "token").status == 1, "not saved")
    }

    @Test func aKeyInTheEndpointsQueryIsNeverShown() throws {
        let box = try Sandbox()
        let endpoint = "https://script.google.com/macros/s/AKfy/exec?token=s3cret&key=k3y&v"
        #expect(try box.run("config", "set", "endpoint", endpoint).status == 0)
        let get = try box.run("config", "get", "endpoint")
        #expect(get.stdout == "https://script.google.com/macros/s/AKfy/exec?token=***&key=***&v\n", "\(get.stdout)")
        let list = try box.run("config", "list")
        #expect(list.status == 0 && list.stdout.contains("token=***") && !list.stdout.contains("s3cret") && !list.stdout.contains("k3y"))
        // Without a query the address is shown as it is.
        #expect(try box.run("config", "set", "endpoint", "https://example.com/exec").status == 0)
        #expect(try box.run("config", "get", "endpoint").stdout == "https://example.com/exec\n")
    }
}
