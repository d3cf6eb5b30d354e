import KakeiboValues

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
