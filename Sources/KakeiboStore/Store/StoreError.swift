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
                "\(path) is a symbolic link: kakeibo replaces store files, which would leave the link's target stale, so it was left untouched; put the file itself in the store (or point the store at its directory)",
                "\(path) はシンボリックリンクです。置き換えるとリンク先が古いまま残るため、変更していません。ファイルそのものを保存先に置いてください")
        case .stagedFileGone(let path):
            return language.pick(
                "\(path) was removed by another program while this change was being written: the change is only partly applied ('kakeibo check' shows which months)",
                "書き込み中に \(path) が他のプログラムに削除されました。変更は一部しか反映されていません（'kakeibo check' で確認できます）")
        case .backupNumbersExhausted(let path):
            return language.pick(
                "no backup number is left after \(path): remove it to go on", "\(path) の後に使えるバックアップ番号がありません。削除してください")
        }
    }
}

extension StoreError {
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
