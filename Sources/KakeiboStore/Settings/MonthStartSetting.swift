import KakeiboValues

extension MonthStart {
    /// Reads a start day typed by a person (`config set month-start 25`, `--month-start 25`).
    public static func parse(_ text: String) throws(SettingError) -> MonthStart {
        guard text.count <= 2, text.allSatisfy({ $0.isASCII && $0.isNumber }), let day = Int(text), let start = MonthStart(day: day) else {
            throw .monthStart(text)
        }
        return start
    }

    /// Reads the value stored in config.json (a number).
    static func read(_ value: JSONValue) throws(SettingError) -> MonthStart {
        guard let day = value.intValue, let start = MonthStart(day: day) else {
            var writer = JSONWriter()
            value.write(to: &writer)
            throw .monthStart(writer.text)
        }
        return start
    }

    /// The start day a report uses: the command's `--month-start`, else `month-start` in config.json, else the
    /// calendar month. Only that key of the file is read, so a report never fails over a sync setting; a file or
    /// value that can't be read is an error rather than a silently different month.
    public static func resolve(option: MonthStart?, environment: Environment) throws -> MonthStart {
        if let option { return option }
        guard let directory = try? Locations.config(environment: environment) else { return .calendar }
        let path = FileSystem.join(directory, Configuration.fileName)
        guard let bytes = try FileSystem.read(path, access: .configuration) else { return .calendar }
        return try resolve(path: path, bytes: bytes)
    }

    /// The `month-start` key of the file read from `path`, else the calendar month.
    static func resolve(path: String, bytes: [UInt8]) throws -> MonthStart {
        let root: JSONValue
        do { root = try JSONValue.parse(bytes) } catch { throw ConfigFileError(path: path, problem: .syntax(error)) }
        guard let value = root["month-start"] else { return .calendar }
        do { return try read(value) } catch { throw ConfigFileError(path: path, problem: .value(ConfigKey.monthStart.rawValue, error)) }
    }
}
