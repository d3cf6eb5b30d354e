import Foundation
import Testing

/// The URLSession transport against the app test server on 127.0.0.1, and over TLS to a self-signed server:
/// redirects followed (no token to a plain app server: the app sends none), nothing listening named as
/// such. (A dropped POST: `SyncTransportTests`; hostile answers: `HostileAnswerTests`.)
@Suite struct URLSessionTransportTests {
    func sandbox(_ server: HouseholdServer) throws -> Sandbox {
        let box = try Sandbox()
        box.environment["KAKEIBO_ENDPOINT"] = server.endpoint
        return box
    }

    @Test func aPullFollowsTheRedirectAndSendsAPlainAppServerNoToken() throws {
        let server = try HouseholdServer()
        try server.seed(["2024-12": [wire("c1", "20241203", "牛乳", 220)]])
        let box = try sandbox(server)
        let run = try box.run("pull", "2024", "12", "--format", "json")
        #expect(run.status == 0, "\(run.stderr)")
        #expect((try run.json() as? [String: Any])?["pulled"] as? Int == 1)
        let requests = try server.requests()
        let asked = try #require(requests.first { $0.path == "/exec" })
        let answer = try #require(requests.first { $0.path.hasPrefix("/answer/") })
        #expect(asked.accept == "application/json" && asked.authorization == nil, "the app sends no Authorization header")
        #expect(answer.method == "GET" && answer.accept == "application/json" && answer.host != asked.host)
        #expect(answer.authorization == nil)
    }

    @Test func nothingListeningIsCannotConnect() throws {
        let box = try Sandbox()
        box.environment["KAKEIBO_ENDPOINT"] = "http://127.0.0.1:1/exec"
        let run = try box.run("pull", "2024", "12")
        #expect(run.status == 1)
        #expect(run.stderr.contains("cannot connect"), "\(run.stderr)")
    }

    /// A month's items over TLS: a server with a self-signed certificate (openssl, Python's ssl) is refused as a
    /// connection that can't be trusted, and answers once its certificate is the system's bundle. URLSession on
    /// Linux takes no other bundle, so the trusted run has its own mount namespace with the certificate mounted over
    /// /etc/ssl/certs/ca-certificates.crt (root and unshare(1) needed; the machine's own bundle is never touched).
    @Test(.enabled(if: Tools.has("openssl") && Tools.has("python3")))
    func aSelfSignedServerIsTrustedOnlyThroughTheGivenCertificates() throws {
        let box = try Sandbox()
        let certificate = box.root.appendingPathComponent("cert.pem").path
        let key = box.root.appendingPathComponent("key.pem").path
        let made = try Tools.run(
            "openssl",
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "1", "-subj", "/CN=localhost",
                "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
            ], environment: box.baseEnvironment)
        try #require(made.status == 0, "\(made.stderr)")
        let script = try box.write("tls_server.py", Self.server)
        let process = Process()
        let input = Pipe()
        let output = Pipe()
        process.executableURL = Tools.find("python3")
        process.arguments = [script, certificate, key]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        defer {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        // The port is known once the server prints it: no sleeping, no polling.
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 10 { line.append(first) }
        let port = try #require(Int(String(decoding: line, as: UTF8.self)))
        box.environment["KAKEIBO_ENDPOINT"] = "https://127.0.0.1:\(port)/exec"
        let untrusted = try box.run("pull", "2024", "12")
        #expect(untrusted.status == 1)
        #expect(untrusted.stderr.contains("cannot connect") && untrusted.stderr.contains("certificate"), "\(untrusted.stderr)")
        guard Tools.has("unshare") && getuid() == 0 else { return }
        let mounted = "mount --bind \"$1\" /etc/ssl/certs/ca-certificates.crt && shift && exec \"$@\""
        let kakeibo = [Products.kakeibo.path, "pull", "2024", "12", "--format", "json"]
        let trusted = try Tools.run("unshare", ["-m", "sh", "-c", mounted, "sh", certificate] + kakeibo, environment: box.baseEnvironment)
        #expect(trusted.status == 0, "\(trusted.stderr)")
        #expect(trusted.stdout.contains("\"pulled\" : 1") || trusted.stdout.contains("\"pulled\": 1"), "\(trusted.stdout)")
    }

    /// Answers every GET with one item over TLS; prints its port, and exits when its stdin closes.
    static let server = """
        import http.server, ssl, sys, threading
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                body = b'[{"id":"tls1","date":"20241203","name":"milk","price":220,"category":0}]'
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            def log_message(self, *arguments):
                pass
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[1], sys.argv[2])
        server.socket = context.wrap_socket(server.socket, server_side=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        print(server.server_address[1], flush=True)
        sys.stdin.read()
        """
}
