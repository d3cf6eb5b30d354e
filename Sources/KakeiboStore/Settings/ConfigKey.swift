import KakeiboValues

/// The settings `kakeibo config` manages.
public enum ConfigKey: String, CaseIterable, Sendable {
    case endpoint, token, timeout
    /// The day each month starts on (1–31; 1, the calendar month, by default).
    case monthStart = "month-start"
    /// Who pays on this machine (the default `member` of new items) and how the household splits its spending.
    case member, split
    /// The categories the ExpenseLog app has, when it isn't the app as published ("0:0-3 1:0-2"): a push to a
    /// plain app server sends only items of these (see `AppCategories`).
    case appCategories = "app-categories"
}
