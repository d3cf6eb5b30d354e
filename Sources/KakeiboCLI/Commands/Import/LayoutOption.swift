import KakeiboImport
import KakeiboKit

extension LayoutCatalog {
    /// The household's layouts and kakeibo's, for this run's configuration directory.
    static func load(_ context: Context) throws -> LayoutCatalog { try load(context.environment) }

    /// `--layout NAME|FILE`: a layout of that name, else the file at that path, read as the command line's files are.
    func resolve(_ value: String) throws -> Layout {
        if let layout = try named(value) { return layout }
        if FileSystem.isDevice(value) { throw CommandError.notAFile(value) }
        guard let bytes = try FileSystem.read(value) else { throw CommandError.readInput(value, code: 2) }
        return try Layout.parse(bytes, origin: value)
    }
}
