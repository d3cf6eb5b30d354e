import KakeiboKit
import Testing

@testable import KakeiboImport

/// `--layout-init` shows what its guess reads from the file: the rows it makes lines of, as the file numbers them,
/// what it sets aside, and each month's spending — so a wrong guess shows in the rows, not after an import.
@Suite struct LayoutGuessReadingTests {
    static let file = "利用日,利用先,利用金額\n2024/11/02,オーケー,\"4,218\"\n2024/11/09,東京ガス,6830\n2024/12/01,ユニクロ,-990\n,合計,\"10,058\"\n"

    @Test func theGuessIsShownReadingTheFilesOwnRows() throws {
        let bytes = Array(Self.file.utf8)
        let guess = try LayoutGuess.guess(bytes, fileName: "card.csv")
        let text = guess.explanation(fileName: "card.csv", directory: "/x", in: .en, reading: bytes)
        #expect(text.contains("read with it: 3 lines of 4 rows"), "\(text)")
        #expect(text.contains("row 2: 2024-11-02  オーケー  ¥4,218"), "\(text)")
        #expect(text.contains("row 4: 2024-12-01  ユニクロ  -¥990"), "\(text)")
        #expect(text.contains("spending: 2024-11 ¥11,048, 2024-12 -¥990"), "\(text)")
        #expect(!guess.explanation(fileName: "card.csv", directory: "/x", in: .en).contains("read with it"))
    }

    /// A guess that reads nothing says why, with the row.
    @Test func aGuessThatCannotReadTheFileSaysWhy() throws {
        let bytes = Array("日付,摘要,金額\n10/28,店,500\n10/29,店,300\n".utf8)
        let guess = try LayoutGuess.guess(bytes, fileName: "history.csv")
        let text = guess.explanation(fileName: "history.csv", directory: "/x", in: .en, reading: bytes)
        #expect(text.contains("read with it: ") && !text.contains("lines of"), "\(text)")
    }
}
