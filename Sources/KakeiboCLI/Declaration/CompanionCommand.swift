import KakeiboKit

/// A command whose code is in kakeibo-companion, because it needs Foundation (Shift_JIS, URLSession): declared here,
/// once, as a case. `kakeibo` parses, routes, lists, completes and documents it from its declaration without linking
/// its code; the companion's `main` gives each case its code in one exhaustive switch (`Kakeibo.main(companion:)`),
/// so a case without code does not compile. Adding one is a case, its declaration below, and its code.
package enum CompanionCommand: String, CaseIterable, Sendable {
    /// Other apps' exports and statements, in place of the built-in `import` (which reads kakeibo's JSON, and whose
    /// declaration says which binary runs a command line).
    case `import`
    case reconcile

    /// Its declaration; nil for `import`, whose declaration is the built-in command's (`ImportCommand`).
    var declaration: CommandInfo? {
        switch self {
        case .import: nil
        case .reconcile: StatementDeclarations.reconcile
        }
    }
}
