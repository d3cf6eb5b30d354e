import KakeiboStore
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboReports

@Suite struct SettlementTests {
    /// A month of two members' spending from a fixed seed: shared and personal items, refunds, and items without a
    /// member; the settlement must equal the sums worked out here item by item.
    @Test(arguments: [1, 7, 42, 99])
    func twoMemberMonthEqualsAnIndependentComputation(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var items: [Item] = []
        for index in 0..<120 {
            var new = item(
                "i\(index)", Int.random(in: 1...9_999, using: &random) * (index % 17 == 0 ? -1 : 1), "2024-12-\(10 + index % 18)", id: "n\(index)")
            let who = Int.random(in: 0...9, using: &random)
            new.details = ItemDetails(member: who < 5 ? "ayumi" : who < 9 ? "ken" : nil, personal: Int.random(in: 0...5, using: &random) == 0)
            items.append(new)
        }
        let split = try Split.parse("ayumi=60,ken=40")
        let settlement = Settlement(period: .month(december), items: items, split: split)

        func paid(_ member: String) -> Int {
            items.filter { $0.details.member == member && !$0.details.personal }.map(\.price.amount).reduce(0, +)
        }
        let shared = paid("ayumi") + paid("ken")
        // ayumi's 60%: rounded down, plus the left-over yen when her remainder is the larger (or equal: she is first).
        let ayumiShare = Int((Double(shared) * 0.6).rounded(.down))
        let kenShare = Int((Double(shared) * 0.4).rounded(.down))
        let left = shared - ayumiShare - kenShare
        let ayumiGetsIt = left == 1 && (shared * 60 % 100 + 100) % 100 >= (shared * 40 % 100 + 100) % 100
        let expectedAyumi = ayumiShare + (ayumiGetsIt ? 1 : 0)
        #expect(settlement.shared.amount == shared)
        #expect(settlement.members.map(\.name) == ["ayumi", "ken"])
        #expect(settlement.members[0].paid.amount == paid("ayumi"))
        #expect(settlement.members[0].share.amount == expectedAyumi)
        #expect(settlement.members[1].share.amount == shared - expectedAyumi)
        #expect(
            settlement.members[1].personal.amount
                == items.filter { $0.details.member == "ken" && $0.details.personal }.map(\.price.amount).reduce(0, +))
        #expect(settlement.unassigned.amount == items.filter { $0.details.member == nil }.map(\.price.amount).reduce(0, +))
        let owes = paid("ayumi") - expectedAyumi
        if owes == 0 {
            #expect(settlement.transfers.isEmpty)
        } else {
            let transfer = try #require(settlement.transfers.first)
            #expect(settlement.transfers.count == 1)
            #expect(transfer.from == (owes < 0 ? "ayumi" : "ken"))
            #expect(transfer.amount.amount == abs(owes))
        }
    }

    @Test func equalSharesGiveTheLeftOverYenInOrder() {
        #expect(Settlement.shares(of: 100, weights: [1, 1, 1]) == [34, 33, 33])
        #expect(Settlement.shares(of: 101, weights: [60, 40]) == [61, 40])
        #expect(Settlement.shares(of: -101, weights: [1, 1]) == [-50, -51])
        #expect(Settlement.shares(of: 0, weights: [0, 0]) == [0, 0])
    }

    @Test func splitsThatDontAddUpAreRefused() throws {
        for bad in ["ayumi=60,ken=30", "ayumi=100", "ayumi=60,ayumi=40", "ayumi=x,ken=40", "=60,ken=40", "ayumi=0,ken=100"] {
            #expect(throws: SettingError.self, "\(bad)") { try Split.parse(bad) }
        }
        #expect(try Split.parse("ayumi＝60、ken=40").text == "ayumi=60,ken=40")
    }
}
