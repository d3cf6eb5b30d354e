import KakeiboValues

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
    public var monthStart: MonthStart?
    /// The member new items are recorded as paid by, unless an item names another.
    public var member: String?
    /// How settling up shares the household's spending; members share equally without one.
    public var split: Split?
    /// The categories the app has, when this household's app isn't the published one.
    public var appCategories: AppCategories?

    /// A configuration with nothing set, for checking values.
    public static var empty: Configuration { Configuration(path: "", members: []) }

    /// Reads the file, or an empty configuration when there is none.
    public static func load(environment: Environment) throws -> Configuration {
        try load(at: FileSystem.join(try Locations.config(environment: environment), fileName))
    }

    /// Reads the file at `path`, or an empty configuration when there is none.
    package static func load(at path: String) throws -> Configuration {
        try parse(path: path, bytes: try FileSystem.read(path, access: .configuration))
    }

    /// The configuration in the file read from `path` (nil: there is none).
    static func parse(path: String, bytes: [UInt8]?) throws -> Configuration {
        var configuration = Configuration(path: path, members: [])
        guard let bytes else { return configuration }
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
        if key != .timeout && key != .monthStart && value.stringValue == nil { throw .notAString(key.rawValue) }
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
            case .monthStart: monthStart = try MonthStart.read(value)
            case .member, .split: try readHousehold(key, text)
            case .appCategories:
                do { appCategories = try AppCategories.parse(text) } catch { throw SettingError.value(error) }
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
        case .monthStart:
            let start = try MonthStart.parse(text)
            monthStart = start
            value = .integer(start.day)
        case .member, .split:
            try readHousehold(key, text)
            value = .string(key == .split ? split?.text ?? text : member ?? text)
        case .appCategories:
            let categories: AppCategories
            do { categories = try AppCategories.parse(text) } catch { throw SettingError.value(error) }
            appCategories = categories
            value = .string(categories.text)
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
        case .monthStart: monthStart = nil
        case .member: member = nil
        case .split: split = nil
        case .appCategories: appCategories = nil
        }
    }

    /// A key's value as `config get` shows it; a token only as "set".
    public func display(_ key: ConfigKey) -> String? {
        switch key {
        case .endpoint: return endpoint?.masked
        case .token: return token == nil ? nil : "set"
        case .timeout: return timeout.map { $0.rounded() == $0 ? String(Int($0)) : String($0) }
        case .monthStart: return monthStart.map { String($0.day) }
        case .member: return member
        case .split: return split?.text
        case .appCategories: return appCategories?.text
        }
    }

    /// The member and the split, checked as `config set` checks them.
    private mutating func readHousehold(_ key: ConfigKey, _ text: String) throws(SettingError) {
        if key == .split {
            split = try Split.parse(text)
        } else {
            do { member = try DetailField.member.validate(text) } catch { throw .member(text, error) }
        }
    }

    /// Writes the file atomically, 0600, creating the configuration directory (0700) if needed.
    public func save() throws {
        try FileSystem.makeDirectories(FileSystem.parentDirectory(path))
        var writer = JSONWriter()
        JSONValue.object(members).write(to: &writer)
        writer.raw("\n")
        try FileSystem.replaceAtomically(path, writer.bytes)
    }
}
