import KakeiboValues

/// config.json as read once in a run: where it is (or why no configuration directory was found) and its bytes, nil
/// when there is no file. Every setting a command needs is taken from this one read (`Context.configFile()`).
public struct ConfigFile: Sendable {
    /// Where it is; nil when no configuration directory was found (`missing` says why).
    public let path: String?
    let missing: StoreError?
    let bytes: [UInt8]?

    /// Reads the file, if the configuration directory can be found and the file is there.
    public static func read(environment: Environment) throws(StoreError) -> ConfigFile {
        let directory: String
        do { directory = try Locations.config(environment: environment) } catch { return ConfigFile(path: nil, missing: error, bytes: nil) }
        let path = FileSystem.join(directory, Configuration.fileName)
        return ConfigFile(path: path, missing: nil, bytes: try FileSystem.read(path, access: .configuration))
    }
}

extension Configuration {
    /// The configuration the file holds (empty when there is no file); no configuration directory is an error.
    public init(_ file: ConfigFile) throws {
        guard let path = file.path else { throw file.missing ?? StoreError.noHome }
        self = try Configuration.parse(path: path, bytes: file.bytes)
    }
}

extension MonthStart {
    /// The start day a report uses: the command's `--month-start`, else `month-start` in the file, else the calendar
    /// month. Only that key is read, so a report never fails over a sync setting.
    public static func resolve(option: MonthStart?, file: ConfigFile) throws -> MonthStart {
        if let option { return option }
        guard let path = file.path, let bytes = file.bytes else { return .calendar }
        return try resolve(path: path, bytes: bytes)
    }
}

extension SyncSettings {
    /// Whether this household syncs with a server, from the file as read (nil: it could not be read, which counts
    /// as not configured here; the sync commands report it).
    public static func isConfigured(environment: Environment, file: ConfigFile?) -> Bool {
        if let variable = environment["KAKEIBO_ENDPOINT"], !variable.isEmpty { return true }
        return (try? file.map(Configuration.init))??.endpoint != nil
    }
}
