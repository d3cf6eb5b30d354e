import KakeiboOperations
import KakeiboReports
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboRender

/// What `import --from` prints, made from a summary value alone.
@Suite struct ImportRendererTests {
    func summary(skipped: [SkipReason: Int] = [:], unmapped: [(name: String, count: Int)] = [], fallback: CategoryCode? = nil) -> ImportReport.Export
    {
        let merge = MergeOutcome(imported: 3, added: 2, updated: 0, moved: 0, unchanged: 1, months: [december])
        return ImportReport.Export(
            merge: merge, source: "zaim", sourceName: "Zaim", encoding: "UTF-8", rows: 6, skipped: skipped, unmapped: unmapped,
            fallback: fallback, income: 1, shortened: 0, cleaned: 0)
    }

    @Test func theTextSaysWhatWasImportedSkippedAndSentToTheFallback() {
        let text = ImportRenderer.foreign(
            summary(skipped: [.transfer: 1, .zero: 1], unmapped: [("ペット", 1)], fallback: CategoryCode(0, nil)), taxonomy: .expenseLog, .en)
        #expect(
            text == """
                Imported 3 items from Zaim (UTF-8): 2 new, 0 updated, 1 unchanged, in 1 month
                Skipped 2 rows: transfer 1, zero amount 1
                Income: 1 row
                Sent 1 row of unmapped categories to Food: ペット 1

                """)
        #expect(ImportRenderer.foreign(summary(), taxonomy: .expenseLog, .ja).hasPrefix("Zaim（UTF-8）から3 件を取り込みました"))
    }

    @Test func theJSONKeepsItsPublishedKeysInOrder() {
        let json = ImportRenderer.foreignJSON(summary(skipped: [.duplicate: 2]), taxonomy: .expenseLog)
        let keys = ["imported", "added", "updated", "unchanged", "months", "source", "encoding", "rows", "skipped", "unmapped", "fallback"]
        var at = json.startIndex
        for key in keys {
            let found = json.range(of: "\"\(key)\"", range: at..<json.endIndex)
            #expect(found != nil, "\(key)")
            if let found { at = found.upperBound }
        }
        #expect(json.contains("\"duplicate\": 2") || json.contains("\"duplicate\":2"))
    }
}
