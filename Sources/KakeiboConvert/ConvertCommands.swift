import KakeiboCLI

/// The code of the commands KakeiboConvert gives kakeibo-companion: `import` of other apps' files and statements
/// (in place of the built-in one, which reads only kakeibo's JSON), and `reconcile`. Their declarations, with where
/// they run, are in KakeiboCLI.
public enum ConvertCommands {
    public static var all: [any DeclaredCommand.Type] { [ForeignImportCommand.self, ReconcileCommand.self] }
}
