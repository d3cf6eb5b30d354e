import KakeiboOperations
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboRender

/// What a merge of lines from several sources says.
@Suite struct MatchRendererTests {
    /// The summary counts the items as well as the lines when a purchase took several: its list has a row per item.
    @Test func theMergeSummaryCountsItemsWhenAPurchaseTookSeveralLines() {
        let bank = item("品", 85_000, "2024-11-27", id: "yu:rent")
        var outcome = MatchOutcome()
        outcome.merged = [
            MergedLine(line: item("品", 85_000, "2024-11-27", id: "mf:rent"), into: bank),
            MergedLine(line: item("品", 85_000, "2024-11-27", id: "fixed-rent-2024-11"), into: bank),
        ]
        #expect(MatchRenderer.text(outcome, .en).first == "Merged 2 lines into 1 item another source has (each purchase counted once):")
        #expect(MatchRenderer.text(outcome, .ja).first == "ほかの記録と同じ 2 件を（1 件の記録に）まとめました（同じ買い物は一度だけ数えます）:")
        outcome.merged.removeLast()
        #expect(MatchRenderer.text(outcome, .en).first == "Merged 1 line into items another source has (each purchase counted once):")
    }
}
