import KakeiboStore
import KakeiboValues

extension Household {
    /// `unmerge` of a withdrawal found to be a card's bill (`CardBills`): it is spending again, kept apart, so it is
    /// never taken for a bill again (nor merged). Nil when the item is no such withdrawal.
    func unbill(_ found: Item, in index: inout ItemIndex) throws -> Unmerged? {
        let accounts = try accounts()
        let taxonomy = self.taxonomy
        guard CardBills.isFound(found, accounts: accounts, isIncome: { taxonomy.isIncome($0) }),
            !index.all.contains(where: { $0.details.merged == found.id })
        else { return nil }
        let card = found.details.transfer
        var alone = found
        alone.details.transfer = nil
        alone.details.apart = true
        alone.sync = found.sync.afterLocalChange
        try index.replace(alone)
        let matched = try match([alone.date.yearMonth], in: &index, accounts: accounts)
        return Unmerged(lines: [alone], from: alone, matched: matched, unbilled: card)
    }
}
