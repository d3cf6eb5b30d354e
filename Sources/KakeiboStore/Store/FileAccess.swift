import KakeiboValues

/// How kakeibo opens a file it reads (docs/guarantees.md, "What kakeibo refuses to open").
public enum FileAccess: Sendable, Equatable {
    /// One of the store's own files (a month, a summary, a setting, a backup, the journal, a lock): never through a
    /// symbolic link (the store directory itself may be one), and only a regular file.
    case store
    /// A configuration file (config.json, categories.json, mapping.json): through a link too (a dotfiles checkout),
    /// but only to a regular file; a link there is never written through.
    case configuration
    /// A file the user names (an import, a statement, a receipt): through a link, and a pipe too (`<(…)`), but never
    /// a device or a directory.
    case input
}

/// What a path names, as `lstat` or `fstat` tells it.
public enum NodeKind: String, Sendable, Equatable {
    case file, directory, symbolicLink, pipe, device, socket

    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .file
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .symbolicLink
        case S_IFIFO: self = .pipe
        case S_IFSOCK: self = .socket
        default: self = .device
        }
    }
}
