/// The settings `kakeibo config` manages.
public enum ConfigKey: String, CaseIterable, Sendable {
    case endpoint, token, timeout
    /// Who pays on this machine (the default `member` of new items) and how the household splits its spending.
    case member, split
}
