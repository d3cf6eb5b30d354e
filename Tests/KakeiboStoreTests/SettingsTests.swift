import Foundation
import KakeiboValues
import Testing

@testable import KakeiboStore

/// The sync settings: endpoint rules, timeout and token checks, the config file, and which source wins.
@Suite struct ConfigTests {
    @Test(
        arguments: [
            ("https://script.google.com/macros/s/AKfy/exec", "https", "script.google.com", nil),
            ("HTTPS://Example.COM", "https", "example.com", nil),
            ("https://x.example/exec?key=1", "https", "x.example", nil),
            ("http://127.0.0.1:8080/exec", "http", "127.0.0.1", 8080),
            ("http://127.1.2.3/exec", "http", "127.1.2.3", nil),
            ("http://localhost/exec", "http", "localhost", nil),
            ("http://[::1]:9/exec", "http", "::1", 9),
        ] as [(String, String, String, Int?)])
    func goodEndpoints(_ text: String, _ scheme: String, _ host: String, _ port: Int?) throws {
        let endpoint = try Endpoint.parse(text)
        #expect(endpoint.text == text)
        #expect(endpoint.scheme == scheme)
        #expect(endpoint.host == host)
        #expect(endpoint.port == port)
    }

    @Test(arguments: [
        ("http://example.com/exec", SettingError.EndpointProblem.insecure(host: "example.com")),
        ("http://127.0.0.1.evil.example/", .insecure(host: "127.0.0.1.evil.example")),
        ("http://192.168.1.2/", .insecure(host: "192.168.1.2")),
        ("ftp://example.com", .scheme),
        ("example.com", .scheme),
        ("https://", .host),
        ("https://:443/", .host),
        ("https://a b.example/", .characters),
        ("https://例え.jp/", .characters),
        ("https://user:pw@x.example/", .credentials),
        ("https://x.example:0/", .port),
        ("https://x.example:70000/", .port),
        ("https://x.example:port/", .port),
        ("https://x.example/#top", .fragment),
        ("http://[::1/", .host),
        ("http://::1/", .host),
    ])
    func badEndpoints(_ text: String, _ problem: SettingError.EndpointProblem) {
        #expect(throws: SettingError.endpoint(text, problem)) { try Endpoint.parse(text) }
    }

    @Test func theEndpointKeepsItsPathAndQueryForTheRequest() throws {
        let keyed = try Endpoint.parse("https://x.example/macros/s/A%2Fb/exec?key=k1&v=2")
        #expect(keyed.path == "/macros/s/A%2Fb/exec")
        #expect(keyed.query == "key=k1&v=2")
        #expect(keyed.query(adding: [("year", "2024"), ("q", "a b&c")]) == "key=k1&v=2&year=2024&q=a%20b%26c")
        let bare = try Endpoint.parse("http://[::1]:9")
        #expect((bare.path, bare.query) == ("", nil))
        #expect(bare.query(adding: []) == nil)
        #expect(try Endpoint.parse("https://x.example/exec?").query == "")
    }

    /// What a URL can't hold is refused where it is typed, not when the request is made.
    @Test(arguments: [
        "https://x.example/a|b", "https://x.example/%zz", "https://x.example/exec?k=%4", "https://x.example/a\\b", "https://x.example/{id}",
    ])
    func aPathOrQueryAURLCannotHoldIsRefused(_ text: String) {
        #expect(throws: SettingError.endpoint(text, .characters)) { try Endpoint.parse(text) }
    }

    @Test func aPasswordInTheEndpointIsNeverEchoed() {
        let error = SettingError.endpoint("https://me:hunter2@x.example/", .credentials)
        for language in Language.allCases { #expect(!error.message(in: language).contains("hunter2")) }
    }

    @Test func timeouts() throws {
        #expect(try SyncSettings.parseTimeout("30") == 30)
        #expect(try SyncSettings.parseTimeout("0.5") == 0.5)
        #expect(try SyncSettings.parseTimeout("3600") == 3600)
        for bad in ["0", "0.05", "-1", "1e3", ".5", "5.", "abc", "3601", "nan", "inf", " 1", ""] {
            #expect(throws: SettingError.timeout(bad)) { try SyncSettings.parseTimeout(bad) }
        }
    }

    @Test func tokens() throws {
        #expect(try SyncSettings.validToken("abc.DEF-123_~+/=", source: "t") == "abc.DEF-123_~+/=")
        for bad in ["", "a b", "é", "a\nb", "a\rb", String(repeating: "x", count: 4097)] {
            #expect(throws: SettingError.token(source: "t")) { try SyncSettings.validToken(bad, source: "t") }
        }
    }

    /// A temporary configuration directory, as $XDG_CONFIG_HOME.
    struct Home {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-config-\(UUID().uuidString)")
        var variables: [String: String] { ["XDG_CONFIG_HOME": root.path, "HOME": root.path] }
        var environment: Environment { Environment(variables) }
        var file: URL { root.appendingPathComponent("kakeibo/config.json") }

        func write(_ text: String) throws {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
    }

    @Test func theFileKeepsKeysItDoesNotKnowAndIsPrivate() throws {
        let home = Home()
        defer { try? FileManager.default.removeItem(at: home.root) }
        try home.write(#"{"budget": {"food": 40000}, "endpoint": "https://old.example/"}"#)
        var configuration = try Configuration.load(environment: home.environment)
        try configuration.set(.endpoint, "https://new.example/exec")
        try configuration.set(.timeout, "2.5")
        try configuration.set(.token, "t0ken")
        try configuration.save()

        let again = try Configuration.load(environment: home.environment)
        #expect(again.endpoint?.host == "new.example")
        #expect(again.timeout == 2.5)
        #expect(again.token == "t0ken")
        #expect(again.display(.token) == "set")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: home.file)) as? [String: Any])
        #expect((json["budget"] as? [String: Int]) == ["food": 40000])
        let attributes = try FileManager.default.attributesOfItem(atPath: home.file.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)

        var cleared = again
        cleared.unset(.token)
        try cleared.save()
        #expect(try Configuration.load(environment: home.environment).token == nil)
    }

    @Test(arguments: [
        #"{"endpoint": 5}"#, #"{"endpoint": "http://example.com/"}"#, #"{"timeout": 0}"#, #"{"timeout": "30"}"#,
        #"{"token": "a b"}"#, "[1]", "{", "",
    ])
    func aFileKakeiboCannotUseIsReported(_ text: String) throws {
        let home = Home()
        defer { try? FileManager.default.removeItem(at: home.root) }
        try home.write(text)
        #expect(throws: ConfigFileError.self) { try Configuration.load(environment: home.environment) }
        #expect(!SyncSettings.isConfigured(environment: home.environment))
    }

    @Test func theOptionBeatsTheEnvironmentWhichBeatsTheFile() throws {
        let home = Home()
        defer { try? FileManager.default.removeItem(at: home.root) }
        try home.write(#"{"endpoint": "https://file.example/", "token": "from-file", "timeout": 5}"#)
        var variables = home.variables
        var settings = try SyncSettings.resolve(endpointOption: nil, timeoutOption: nil, environment: Environment(variables))
        #expect(settings.endpoint.host == "file.example")
        #expect(settings.token == "from-file")
        #expect(settings.timeout == 5)
        #expect(SyncSettings.isConfigured(environment: Environment(variables)))

        variables["KAKEIBO_ENDPOINT"] = "https://env.example/"
        variables["KAKEIBO_TOKEN"] = "from-env"
        let environment = Environment(variables)
        settings = try SyncSettings.resolve(endpointOption: nil, timeoutOption: "7", environment: environment)
        #expect(settings.endpoint.host == "env.example")
        #expect(settings.token == "from-env")
        #expect(settings.timeout == 7)

        settings = try SyncSettings.resolve(endpointOption: "http://127.0.0.1:9/x", timeoutOption: nil, environment: environment)
        #expect(settings.endpoint.host == "127.0.0.1")

        try FileManager.default.removeItem(at: home.file)
        settings = try SyncSettings.resolve(endpointOption: "https://o.example/", timeoutOption: nil, environment: home.environment)
        #expect(settings.timeout == SyncSettings.defaultTimeout)
        #expect(settings.token == nil)
        #expect(throws: SettingError.noEndpoint) {
            try SyncSettings.resolve(endpointOption: nil, timeoutOption: nil, environment: home.environment)
        }
    }
}

/// The environment a run reads: the process's, looked up when asked, or a given one that hides the process's.
@Suite struct EnvironmentTests {
    @Test func theProcessEnvironmentIsReadWhenAsked() throws {
        let path = try #require(ProcessInfo.processInfo.environment["PATH"])
        #expect(Environment.process["PATH"] == path)
        #expect(Environment.process.variables["PATH"] == path)
        #expect(Environment.process.variables == ProcessInfo.processInfo.environment)
        #expect(Environment.process["KAKEIBO_NOT_SET_ANYWHERE"] == nil)
    }

    @Test func aGivenEnvironmentHidesTheProcesss() {
        let given: Environment = ["KAKEIBO_HOME": "/tmp/a=b"]
        #expect(given["KAKEIBO_HOME"] == "/tmp/a=b")
        #expect(given["PATH"] == nil)
        #expect(given.variables == ["KAKEIBO_HOME": "/tmp/a=b"])
        #expect(Environment(["X": "1"])["X"] == "1")
    }
}

/// The identity an endpoint's secret is kept as: SHA-256, so the store never holds what could give the secret back.
@Suite struct EndpointSecretKeyTests {
    @Test func theDigestIsSHA256() {
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        // Two blocks.
        #expect(
            SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func aSecretAfterExecIsMaskedAndKeptOnlyAsItsDigest() throws {
        let endpoint = try Endpoint.parse("https://script.google.com/macros/s/AKfy/exec/s3cret?k=v")
        #expect(endpoint.masked == "https://script.google.com/macros/s/AKfy/exec/***?k=***")
        #expect(endpoint.stateKey == "https://script.google.com/macros/s/AKfy/exec/***#sha256:" + SHA256.hex("s3cret").prefix(16))
        #expect(Endpoint.stateKey(endpoint.stateKey) == endpoint.stateKey, "a key already masked stays as it is")
        let other = try Endpoint.parse("https://script.google.com/macros/s/AKfy/exec/other")
        #expect(other.stateKey != endpoint.stateKey, "two secrets are two endpoints")
        let plain = try Endpoint.parse("https://script.google.com/macros/s/AKfy/exec")
        #expect(plain.masked == plain.text && plain.stateKey == "https://script.google.com/macros/s/AKfy/exec")
    }
}
