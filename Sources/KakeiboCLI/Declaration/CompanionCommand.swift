import KakeiboKit

/// A command whose code is in kakeibo-companion, because it needs Foundation (URLSession): declared here,
/// once, as a case. `kakeibo` parses, routes, lists, completes and documents it from its declaration without linking
/// its code; the companion's `main` gives each case its code in one exhaustive switch (`Kakeibo.main(companion:)`),
/// so a case without code does not compile. Adding one is a case, its declaration below, and its code.
package enum CompanionCommand: String, CaseIterable, Sendable {
    case pull, push, sync

    /// Its declaration.
    var declaration: CommandInfo? {
        switch self {
        case .pull: SyncDeclarations.pull
        case .push: SyncDeclarations.push
        case .sync: SyncDeclarations.sync
        }
    }
}
