import KakeiboKit

/// kakeibo's two programs: `kakeibo`, which links no Foundation and so starts as fast as the standard library allows,
/// and kakeibo-companion beside it, for HTTP over URLSession (which needs Foundation), which `kakeibo` execs with
/// the same arguments (as git runs its subcommands).
package enum Binary: Sendable {
    case kakeibo
    case companion

    /// The companion's file name: one binary for every command that needs Foundation, so Foundation is on disk once.
    package static let companionName = "kakeibo-companion"
}

/// Which binary runs a command: declared once, with the command (`CommandInfo.runs`). Routing, help, completion,
/// the man page and docs/commands/ all read it.
package enum Runs: Sendable {
    /// `kakeibo` runs it (and so does the companion, which has every command `kakeibo` has).
    case kakeibo
    /// It needs HTTP (`Network`), which only kakeibo-companion has: `kakeibo` hands it over.
    case network

    /// The binary that runs the command.
    var binary: Binary {
        switch self {
        case .kakeibo: .kakeibo
        case .network: .companion
        }
    }

    /// A sentence for the manual: where the command runs, when that is not simply `kakeibo`.
    var manual: String? {
        switch self {
        case .kakeibo: nil
        case .network: "Runs in kakeibo-companion, which kakeibo starts (HTTP over URLSession needs Foundation); it must be installed beside kakeibo."
        }
    }
}
