import KakeiboValues

/// `categories.json` in the configuration directory: written whole, atomically, under a lock on the directory,
/// so a half-written or emptied file (as a shell redirect leaves it) never happens.
public enum CategoriesFile {
    public static let fileName = "categories.json"

    /// Writes `taxonomy` to `path`, creating the directory (0700) if needed; an existing file is kept unless `replacing`.
    public static func write(_ taxonomy: Taxonomy, to path: String, replacing: Bool) throws {
        let directory = FileSystem.parentDirectory(path)
        try FileSystem.makeDirectories(directory)
        let lock = try FileLock(directory: directory)
        defer { lock.release() }
        if !replacing && FileSystem.exists(path) { throw CategoriesFileError.exists(path) }
        try FileSystem.replaceAtomically(path, TaxonomyCodec.encode(taxonomy))
    }
}

/// A categories file that is there already and was not to be replaced.
public enum CategoriesFileError: KakeiboFailure, Equatable {
    case exists(String)

    public var kind: FailureKind { .runtime }

    public func message(in language: Language) -> String {
        switch self {
        case .exists(let path):
            return language.pick("\(path) exists already; it was left as it is", "\(path) は既にあります。変更していません")
        }
    }
}
