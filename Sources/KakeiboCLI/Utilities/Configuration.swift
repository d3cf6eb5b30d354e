import KakeiboKit

/// The settings `kakeibo config` manages.
public enum ConfigKey: String, CaseIterable, Sendable {
    case endpoint, token, timeout
}

/// `config.json` in the configuration directory: the household server's endpoint, a bearer token and a default
/// timeout. Written atomically and 0600 (it may hold the token); keys kakeibo doesn't know are kept as they are.
/// A file kakeibo can't read is reported and never overwritten.
public struct Configuration: Sendable {
    public static let fileName = "config.json"

    public let path: String
    private var members: [(String, JSONValue)]

    public var endpoint: Endpoint?
    public var token: String?
    public var timeout: Double?

    /// A configuration with nothing set, for checking values.
    static var empty: Configuration { Configuration(path: "", members: []) }

    /// Reads the file, or an empty configuration when there is none.
    public static func load(environment: [String: String]) throws -> Configuration {
        let path = FileSystem.join(try Locations.config(environment: environment), fileName)
        var configuration = Configuration(path: path, members: [])
        guard let bytes = try FileSystem.read(path) else { return configuration }
        let root: JSONValue
        do { root = try JSONValue.parse(bytes) } catch { throw ConfigFileError(path: path, problem: .syntax(error)) }
        guard let members = root.objectValue else { throw ConfigFileError(path: path, problem: .notAnObject) }
        configuration.members = members
        for (key, value) in members {
            guard let known = ConfigKey(rawValue: key) else { continue }
            do { try configuration.read(known, value) } catch { throw ConfigFileError(path: path, problem: error) }
        }
        return configuration
    }

    private mutating func read(_ key: ConfigKey, _ value: JSONValue) throws(ConfigFileError.Problem) {
        let text = value.stringValue ?? ""
        if key != .timeout && value.stringValue == nil { throw .notAString(key.rawValue) }
        do throws(SettingError) {
            switch key {
            case .endpoint: endpoint = try Endpoint.parse(text)
            case .token: token = try SyncSettings.validToken(text, source: path)
            case .timeout:
                let seconds: Double? =
                    switch value {
                    case .integer(let whole): Double(whole)
                    case .number(let fraction): fraction
                    default: nil
                    }
                guard let seconds, SyncSettings.timeoutRange.contains(seconds) else {
                    var writer = JSONWriter()
                    value.write(to: &writer)
                    throw SettingError.timeout(writer.text)
                }
                timeout = seconds
            }
        } catch {
            throw .value(key.rawValue, error)
        }
    }

    /// Whether the key is set in the file.
    public func has(_ key: ConfigKey) -> Bool { members.contains { $0.0 == key.rawValue } }

    /// Sets a key from text typed by a person, checking it as the sync commands will.
    public mutating func set(_ key: ConfigKey, _ text: String) throws(SettingError) {
        let value: JSONValue
        switch key {
        case .endpoint:
            endpoint = try Endpoint.parse(text)
            value = .string(text)
        case .token:
            token = try SyncSettings.validToken(text, source: "stdin")
            value = .string(text)
        case .timeout:
            let seconds = try SyncSettings.parseTimeout(text)
            timeout = seconds
            value = seconds.rounded() == seconds ? .integer(Int(seconds)) : .number(seconds)
        }
        if let index = members.firstIndex(where: { $0.0 == key.rawValue }) {
            members[index].1 = value
        } else {
            members.append((key.rawValue, value))
        }
    }

    public mutating func unset(_ key: ConfigKey) {
        members.removeAll { $0.0 == key.rawValue }
        switch key {
        case .endpoint: endpoint = nil
        case .token: token = nil
        case .timeout: timeout = nil
        }
    }

    /// A key's value as `config get` shows it; a token only as "set".
    public func display(_ key: ConfigKey) -> String? {
        switch key {
        case .endpoint: return endpoint?.text
        case .token: return token == nil ? nil : "set"
        case .timeout: return timeout.map { $0.rounded() == $0 ? String(Int($0)) : String($0) }
        }
    }

    /// Writes the file atomically, 0600, creating the configuration directory (0700) if needed.
    public func save() throws {
        try FileSystem.makeDirectories(FileSystem.parentDirectory(path))
        var writer = JSONWriter()
        JSONValue.object(members).write(to: &writer)
        writer.raw("\n")
        try FileSystem.replaceAtomically(path, writer.bytes, mode: 0o600)
    }
}

/// The configuration file exists but can't be used: exit 1, naming the file; it is left untouched.
public struct ConfigFileError: KakeiboFailure {
    public enum Problem: Error, Sendable {
        case syntax(JSONError)
        case notAnObject
        case notAString(String)
        case value(String, SettingError)
    }

    public var path: String
    public var problem: Problem

    public var kind: FailureKind { .runtime }

    public func message(in language: Language) -> String {
        let head = language.pick("\(path) is unreadable and was left untouched: ", "\(path) を読めません（ファイルは変更していません）: ")
        switch problem {
        case .syntax(let error): return head + language.pick("not valid JSON: ", "JSON として読めません: ") + error.message(in: language)
        case .notAnObject: return head + language.pick("expected a JSON object", "JSON オブジェクトが必要です")
        case .notAString(let key): return head + language.pick("\(key) must be a string", "\(key) は文字列にしてください")
        case .value(let key, let error): return head + "\(key): " + error.message(in: language)
        }
    }
}

/// What the sync commands use, each from the first place that says: the endpoint from `--endpoint`, else
/// $KAKEIBO_ENDPOINT, else the config file; the token from $KAKEIBO_TOKEN, else the config file (never the command
/// line); the timeout from `--timeout`, else the config file, else 30 seconds.
public struct SyncSettings: Sendable {
    public var endpoint: Endpoint
    public var token: String?
    public var timeout: Double

    public static let defaultTimeout = 30.0
    static let timeoutRange = 0.1...3600.0

    public static func resolve(endpointOption: String?, timeoutOption: String?, environment: [String: String]) throws -> SyncSettings {
        // Options and variables are checked before the file is read, so a bad one is reported as itself.
        let optionEndpoint = try endpointOption.map { text throws(SettingError) in try Endpoint.parse(text) }
        let environmentEndpoint = try environment["KAKEIBO_ENDPOINT"].flatMap { $0.isEmpty ? nil : $0 }.map {
            text throws(SettingError) in try Endpoint.parse(text)
        }
        let environmentToken = try environment["KAKEIBO_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }.map {
            text throws(SettingError) in try validToken(text, source: "KAKEIBO_TOKEN")
        }
        let optionTimeout = try timeoutOption.map { text throws(SettingError) in try parseTimeout(text) }
        let file = try Configuration.load(environment: environment)
        guard let endpoint = optionEndpoint ?? environmentEndpoint ?? file.endpoint else { throw SettingError.noEndpoint }
        return SyncSettings(
            endpoint: endpoint, token: environmentToken ?? file.token, timeout: optionTimeout ?? file.timeout ?? defaultTimeout)
    }

    /// Whether this household syncs with a server (so `month` marks what the server doesn't have yet).
    /// A configuration file that can't be read counts as not configured here; the sync commands report it.
    public static func isConfigured(environment: [String: String]) -> Bool {
        if let variable = environment["KAKEIBO_ENDPOINT"], !variable.isEmpty { return true }
        return (try? Configuration.load(environment: environment))?.endpoint != nil
    }

    /// `--timeout SECONDS`: a plain decimal number from 0.1 to 3600.
    public static func parseTimeout(_ text: String) throws(SettingError) -> Double {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard !parts[0].isEmpty, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } }),
            let seconds = Double(text), timeoutRange.contains(seconds)
        else { throw .timeout(text) }
        return seconds
    }

    /// A bearer token goes into an HTTP header: printable ASCII without spaces, at most 4096 characters.
    public static func validToken(_ text: String, source: String) throws(SettingError) -> String {
        guard !text.isEmpty, text.utf8.count <= 4096, text.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw .token(source: source)
        }
        return text
    }
}
