import KakeiboValues

/// A failure reading or writing files: always names the file, and never leaves a file half-written.
public enum StoreError: KakeiboFailure, Equatable {
    /// A system call failed.
    case io(path: String, operation: FileOperation, code: Int32)
    /// A month file exists but cannot be used; it is left exactly as it is.
    case unreadable(path: String, problem: MonthFileProblem)
    /// A categories (or other configuration) file cannot be used.
    case badCategories(path: String, problem: TaxonomyProblem)
    /// No store directory was given, and neither KAKEIBO_HOME, XDG_DATA_HOME nor HOME says where it is.
    case noHome
    /// A month's totals (or a report's over several months) are too large to add up: no household spends that much.
    case tooLarge(path: String)
    /// A store named where no directory holds it (`no/such/parent/dir`): bad input, not a tree to create.
    case noParentDirectory(String)
    /// `--lock-timeout` ran out while another process held the store's lock.
    case lockTimeout(path: String, seconds: Double, holder: LockHolder?)
    /// A file the store writes is a symbolic link: refused, so that the link's target never goes stale behind it.
    case symbolicLink(path: String)
    /// A change's staged files vanished under it (removed by something other than kakeibo): it is only partly applied.
    case stagedFileGone(path: String)
    /// Every backup number is taken (a backup directory named with the largest number there is).
    case backupNumbersExhausted(path: String)
    /// A file kakeibo would open is not a regular file it may open (a link in the store, a FIFO, a device, a
    /// directory): left exactly as it is.
    case notAFile(path: String, kind: NodeKind)
    /// A file larger than kakeibo reads (`FileSystem.maximumFileSize`): left exactly as it is.
    case fileTooLarge(path: String, size: Int, limit: Int)

    public enum FileOperation: Sendable, Equatable {
        case read, write, create, rename, remove, sync, lock, list, makeDirectory
    }

    public var kind: FailureKind {
        if case .noParentDirectory = self { return .badInput }
        return .runtime
    }

    public func message(in language: Language) -> String {
        switch self {
        case .io(let path, let operation, let code):
            let reason = StoreError.reason(code, language)
            return language.pick("cannot \(operation.verb.en) \(path): \(reason)", "\(path) を\(operation.verb.ja)できません: \(reason)")
        case .unreadable(let path, let problem):
            return language.pick("\(path) is unreadable and was left untouched: ", "\(path) を読めません（ファイルは変更していません）: ")
                + problem.message(in: language)
        case .badCategories(let path, let problem):
            return language.pick("\(path): ", "\(path): ") + problem.message(in: language)
        case .noHome:
            return language.pick(
                "cannot tell where the store is: set KAKEIBO_HOME or HOME",
                "保存先がわかりません。KAKEIBO_HOME か HOME を設定してください")
        case .tooLarge(let path):
            return language.pick(
                "\(path): its totals are too large to add up (more than any household's); the file was left untouched",
                "\(path): 合計が大きすぎて計算できません（家計の範囲を超えています）。ファイルは変更していません")
        case .noParentDirectory(let path):
            return language.pick(
                "no directory to hold the store \(path): \(FileSystem.parentDirectory(path)) does not exist (a new store is made only inside an existing directory)",
                "保存先 \(path) を置くディレクトリ \(FileSystem.parentDirectory(path)) がありません（新しい保存先は既存のディレクトリの中にだけ作ります）")
        case .lockTimeout(let path, let seconds, let holder):
            let by =
                holder.map { " (" + language.pick("held by process", "使用中のプロセス") + " \($0.pid)\($0.command.isEmpty ? "" : " " + $0.command))" } ?? ""
            let time = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
            return language.pick(
                "gave up waiting for \(path) after \(time) s\(by): nothing was changed",
                "\(time) 秒待ちましたが \(path) のロックを取れませんでした\(by)。何も変更していません")
        case .symbolicLink(let path):
            return language.pick(
                "\(path) is a symbolic link: kakeibo writes a file by replacing it and never writes through a link, which would leave the link's target stale, so it was left untouched; put the file itself there (a store may be a link to its directory)",
                "\(path) はシンボリックリンクです。kakeibo はファイルを置き換えて書き、リンク越しには書かないため（リンク先が古いまま残ります）、変更していません。ファイルそのものを置いてください（保存先のディレクトリ自体はリンクでもかまいません）")
        case .stagedFileGone(let path):
            return language.pick(
                "\(path) was removed by another program while this change was being written: the change is only partly applied ('kakeibo check' shows which months)",
                "書き込み中に \(path) が他のプログラムに削除されました。変更は一部しか反映されていません（'kakeibo check' で確認できます）")
        case .backupNumbersExhausted(let path):
            return language.pick(
                "no backup number is left after \(path): remove it to go on", "\(path) の後に使えるバックアップ番号がありません。削除してください")
        case .notAFile(let path, let kind):
            return kind.refusal(path, in: language)
        case .fileTooLarge(let path, let size, let limit):
            return language.pick(
                "\(path) is \(StoreError.size(size)), more than kakeibo reads (\(StoreError.size(limit)); a month of 100,000 items is about 25 MB): it was left untouched",
                "\(path) は \(StoreError.size(size)) あり、kakeibo が読む上限（\(StoreError.size(limit))。10 万件の月で約 25 MB）を超えています。ファイルは変更していません")
        }
    }
}

extension StoreError {
    /// A size in megabytes (10^6 bytes), rounded up so that a file over the limit never reads as equal to it;
    /// from 10,000 MB in gigabytes ("43 GB").
    static func size(_ bytes: Int) -> String {
        bytes >= 10_000_000_000 ? "\((bytes + 999_999_999) / 1_000_000_000) GB" : "\((bytes + 999_999) / 1_000_000) MB"
    }

    /// Why a system call failed, in the chosen language: the common causes in Japanese too, the C library's
    /// words for the rest.
    public static func reason(_ code: Int32, _ language: Language) -> String {
        let english = String(cString: strerror(code))
        guard language == .ja else { return english }
        switch code {
        case ENOENT: return "ファイルまたはディレクトリがありません"
        case EACCES, EPERM: return "権限がありません"
        case EISDIR: return "ディレクトリです"
        case ENOTDIR: return "ディレクトリではありません"
        case EEXIST: return "すでに存在します"
        case ENOSPC: return "ディスクの空きがありません"
        case EDQUOT: return "ディスク容量の上限を超えています"
        case EROFS: return "読み取り専用のファイルシステムです"
        case ENOEXEC: return "実行できない形式です"
        case EIO: return "入出力エラーです"
        case ENAMETOOLONG: return "名前が長すぎます"
        case ELOOP: return "シンボリックリンクが多すぎます"
        default: return english
        }
    }
}

extension StoreError.FileOperation {
    var verb: LocalizedText {
        switch self {
        case .read: LocalizedText(en: "read", ja: "読み込み")
        case .write: LocalizedText(en: "write", ja: "書き込み")
        case .create: LocalizedText(en: "create", ja: "作成")
        case .rename: LocalizedText(en: "replace", ja: "置き換え")
        case .remove: LocalizedText(en: "remove", ja: "削除")
        case .sync: LocalizedText(en: "flush to disk", ja: "ディスクへ書き出し")
        case .lock: LocalizedText(en: "lock", ja: "ロック")
        case .list: LocalizedText(en: "list", ja: "一覧")
        case .makeDirectory: LocalizedText(en: "create directory", ja: "ディレクトリ作成")
        }
    }
}

extension NodeKind {
    /// Why kakeibo left a path of this kind alone, naming it: what `check` says of it, after its name.
    func refusal(_ path: String, in language: Language) -> String {
        language.pick("\(path): ", "\(path): ") + checkMessage(in: language) + language.pick(" (left untouched)", "（変更していません）")
    }
}

extension NodeKind {
    /// What `check` says of a path of this kind where kakeibo expects a file (or, for a file, a directory).
    public func checkMessage(in language: Language) -> String {
        switch self {
        case .symbolicLink:
            return language.pick(
                "a symbolic link: kakeibo opens no link inside the store (it could lead out of it); put the file itself here",
                "シンボリックリンクです。保存先の中のリンクは開きません（保存先の外へ通じうるため）。ファイルそのものを置いてください")
        case .file:
            return language.pick("a file where kakeibo keeps a directory: move it away", "kakeibo がディレクトリを置く場所にファイルがあります。移動してください")
        case .directory:
            return language.pick("a directory where kakeibo keeps a file: move it away", "kakeibo がファイルを置く場所にディレクトリがあります。移動してください")
        default:
            return language.pick(
                "\(self == .pipe ? "a named pipe (FIFO)" : self == .socket ? "a socket" : "a device"), not a regular file: kakeibo reads only regular files; move it away",
                "\(self == .pipe ? "名前付きパイプ（FIFO）" : self == .socket ? "ソケット" : "デバイス")で、通常のファイルではありません。kakeibo は通常のファイルだけを読みます。移動してください")
        }
    }
}

extension StoreError {
    /// A file that exists and is left exactly as it is because kakeibo can't or won't read it (damaged, a link, not a
    /// regular file, too large), as opposed to a failing system or a store that can't be found.
    package var isDamagedFile: Bool {
        switch self {
        case .unreadable, .symbolicLink, .notAFile, .fileTooLarge: true
        default: false
        }
    }
}
