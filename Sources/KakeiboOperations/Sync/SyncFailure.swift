import KakeiboStore
import KakeiboValues

/// A sync that failed: exit 1, naming the month or items and why. Nothing was written to the store.
public enum SyncError: KakeiboFailure, Equatable {
    case fetch(YearMonth, host: String, ServerProblem)
    case register(count: Int, host: String, ServerProblem)

    public var kind: FailureKind { .runtime }

    public func message(in language: Language) -> String {
        let unchanged = language.pick("; nothing changed here", "。ここでは何も変更していません")
        switch self {
        case .fetch(let month, let host, let problem):
            return language.pick("cannot fetch \(month.iso) from \(host): ", "\(host) から \(month.iso) を取得できません: ")
                + problem.message(in: language) + unchanged
        case .register(let count, let host, let problem):
            return language.pick("cannot push \(itemCount(count, .en)) to \(host): ", "\(host) へ \(itemCount(count, .ja))を送れません: ")
                + problem.message(in: language) + unchanged
                + language.pick(
                    " (if the server stored them, the next push finds them there and does not send them again)",
                    "（サーバーが保存していた場合も、次の push がサーバー上で見つけるので二重には送りません）")
        }
    }
}

/// An exchange of the change protocol that failed: exit 1, nothing written here (or, `afterProgress`, only what the
/// exchanges before it answered).
public enum ChangeProtocolError: KakeiboFailure, Equatable {
    case exchange(op: String, host: String, ServerProblem)
    case malformed(op: String, host: String)
    case notTheService
    case refused(code: String, message: String)
    /// `since` kept listing rows past what any household holds.
    case tooManyRows(host: String, limit: Int)
    /// An exchange failed after others were answered and recorded here (changes sent, rows received), or after
    /// changes were sent whose answer did not come (`awaiting`: kept with their ids for the next sync).
    indirect case afterProgress(ChangeProtocolError, sent: Int, received: Int, awaiting: Int)

    public var kind: FailureKind { .runtime }

    public func message(in language: Language) -> String {
        let unchanged = language.pick("; nothing changed here", "。ここでは何も変更していません")
        guard case .afterProgress(let failure, let sent, let received, let awaiting) = self else { return problem(in: language) + unchanged }
        var text = failure.problem(in: language)
        if sent + received > 0 {
            text += language.pick(
                "; what came before it is recorded here (\(ChangeProtocolError.changes(sent)) sent, \(itemCount(received, .en)) received)",
                "。それまでの分（送信 \(sent) 件・受信 \(received) 件）はここに記録しました")
        }
        if awaiting > 0 {
            text += language.pick(
                "; the server may have applied the \(ChangeProtocolError.changes(awaiting)) whose answer did not come: they are kept here with their ids, and the next sync sends them again for the server to apply once",
                "。応答のなかった \(awaiting) 件の変更はサーバーが反映した可能性があります。ID とともにここに残したので、次の sync で送り直し、サーバーは一度だけ反映します")
        }
        return text
    }

    static func changes(_ count: Int) -> String { count == 1 ? "1 change" : "\(Yen(count).grouped) changes" }

    /// Whether the server surely never received the request that failed (see `ServerProblem.surelyNotReceived`); a
    /// refusal, or an answer from something that is not the household server, means it wrote nothing.
    public var surelyNotReceived: Bool {
        switch self {
        case .exchange(_, _, let problem): return problem.surelyNotReceived
        case .refused, .notTheService: return true
        case .malformed, .tooManyRows, .afterProgress: return false
        }
    }

    /// What went wrong, without what it left here.
    private func problem(in language: Language) -> String {
        switch self {
        case .afterProgress(let failure, _, _, _):
            return failure.problem(in: language)
        case .exchange(let op, let host, let problem):
            return language.pick("\(op) with \(host) failed: ", "\(host) との \(op) に失敗しました: ") + problem.message(in: language)
        case .malformed(let op, let host):
            return language.pick(
                "\(host) answered \(op) with something that is not the household server's answer (truncated?)",
                "\(host) の \(op) への応答が家計簿サーバーの形式ではありません（途中で切れた？）")
        case .notTheService:
            return language.pick(
                "the answer is not from the household server (no \"service\": is the endpoint right?)", "応答が家計簿サーバーからではありません（エンドポイントを確認してください）")
        case .tooManyRows(let host, let limit):
            return language.pick(
                "\(host) listed more than \(limit) changed rows, more than any household's history: not read",
                "\(host) が \(limit) 行を超える変更を返しました（家計簿の履歴としては多すぎます）。読み込んでいません")
        case .refused(let code, let message):
            let hint: String
            switch code {
            case "bad_token": hint = language.pick(" (check 'kakeibo config set token')", "（'kakeibo config set token' を確認してください）")
            case "not_configured": hint = language.pick(" (run setup in the Apps Script editor)", "（Apps Script エディタで setup を実行してください）")
            case "busy": hint = language.pick(" (retry later; nothing was written)", "（後でやり直してください。何も書き込まれていません）")
            default: hint = ""
            }
            return language.pick("the household server refused: ", "家計簿サーバーが拒否しました: ") + "\(code): \(terminalSafe(String(message.prefix(200))))"
                + hint
        }
    }
}

/// The server applied the changes a request sent, but recording its answer here failed (a full disk, a file that
/// can't be written): exit 1, saying the changes reached the server. They stay in the sync state with their ids, so
/// the next sync sends them again and the server, which remembers them, answers without applying them twice.
public struct AnswerNotRecorded: KakeiboFailure {
    /// Why the write failed.
    public let failure: any Error
    /// The changes of the request whose answer could not be recorded.
    public let reached: Int
    /// What earlier requests of the same command recorded here.
    public let sent: Int
    public let received: Int

    public init(_ failure: any Error, reached: Int, sent: Int, received: Int) {
        self.failure = failure
        self.reached = reached
        self.sent = sent
        self.received = received
    }

    public var kind: FailureKind { .runtime }

    public func message(in language: Language) -> String {
        let why = (failure as? any KakeiboFailure)?.message(in: language) ?? String(describing: failure)
        var text =
            why
            + language.pick(
                "; the server applied the \(ChangeProtocolError.changes(reached)) this sync sent (they reached it), but its answer could not be recorded here: they are kept here with their ids, and the next sync records them without the server applying them twice",
                "。この sync で送った \(reached) 件の変更はサーバーに届いて反映されましたが、その応答をここに記録できませんでした。ID とともにここに残したので、次の sync で記録します（サーバーが二重に反映することはありません）")
        if sent + received > 0 {
            text += language.pick(
                "; what came before it is recorded here (\(ChangeProtocolError.changes(sent)) sent, \(itemCount(received, .en)) received)",
                "。それまでの分（送信 \(sent) 件・受信 \(received) 件）はここに記録しました")
        }
        return text
    }
}

/// "1 item", "1,234 items" / "1,234件", for the messages here.
func itemCount(_ count: Int, _ language: Language) -> String {
    language.pick(count == 1 ? "1 item" : "\(Yen(count).grouped) items", "\(Yen(count).grouped)件")
}
