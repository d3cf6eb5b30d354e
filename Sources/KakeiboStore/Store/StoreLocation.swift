import KakeiboValues

/// Where kakeibo keeps data and configuration, following the XDG base directory rules.
public enum Locations {
    /// The store: `--store DIR`, else $KAKEIBO_HOME, else $XDG_DATA_HOME/kakeibo, else ~/.local/share/kakeibo.
    /// A store named explicitly must be, or be made, inside a directory that exists: a typo in a path makes no new tree.
    /// A command that only reads (a dry run) may name one that isn't there: it reads as empty, and nothing is made.
    public static func store(option: String?, environment: Environment, readOnly: Bool = false) throws(StoreError) -> String {
        if let option, !option.isEmpty { return readOnly ? option : try existingParent(option) }
        if let home = environment["KAKEIBO_HOME"], !home.isEmpty { return readOnly ? home : try existingParent(home) }
        return try xdg("XDG_DATA_HOME", fallback: ".local/share", environment)
    }

    private static func existingParent(_ path: String) throws(StoreError) -> String {
        guard FileSystem.isDirectory(path) || FileSystem.isDirectory(FileSystem.parentDirectory(path)) else {
            throw .noParentDirectory(path)
        }
        return path
    }

    /// The configuration directory: $XDG_CONFIG_HOME/kakeibo, else ~/.config/kakeibo.
    public static func config(environment: Environment) throws(StoreError) -> String {
        try xdg("XDG_CONFIG_HOME", fallback: ".config", environment)
    }

    private static func xdg(_ variable: String, fallback: String, _ environment: Environment) throws(StoreError) -> String {
        // The XDG rules say a relative path in these variables is invalid and must be ignored.
        if let base = environment[variable], base.hasPrefix("/") { return FileSystem.join(base, "kakeibo") }
        guard let home = environment["HOME"], !home.isEmpty else { throw .noHome }
        return FileSystem.join(FileSystem.join(home, fallback), "kakeibo")
    }
}
