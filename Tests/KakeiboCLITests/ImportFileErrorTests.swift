import KakeiboImport
import KakeiboKit
import Testing

@testable import KakeiboCLI

/// What `import` says of a file no format recognises: every format it tried, and the way forward.
@Suite struct ImportFileErrorTests {
    @Test func anUnknownFileNamesEveryFormatTriedAndTheWayForward() {
        for language in Language.allCases {
            let message = ImportFileError.unknown("x.csv").message(in: language)
            for format in ImportFormats.builtIn {
                #expect(message.contains(format.formatTitle.short(language)), "names what was tried: \(format.word)")
            }
            #expect(message.contains("--from") && message.contains("docs/statements.md"), "and the way forward")
        }
    }
}
