/// The settings `kakeibo config` manages.
public enum ConfigKey: String, CaseIterable, Sendable {
    case endpoint, token, timeout
}
