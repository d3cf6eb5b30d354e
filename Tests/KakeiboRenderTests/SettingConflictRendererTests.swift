import KakeiboOperations
import KakeiboStore
import KakeiboValues
import Testing

@testable import KakeiboRender

/// A setting's conflict on one entry, as `kakeibo conflicts` shows it: the entry, and each field that differs.
@Suite struct SettingConflictRendererTests {
    func view() -> SettingConflictView {
        let (mine, theirs) = (Account(name: "楽天カード", kind: .card, member: "ayumi"), Account(name: "楽天カード", kind: .card, member: "ken"))
        let entry = SettingEntryConflict(key: mine.id, kind: .account, label: "楽天カード", mine: .account(mine), theirs: .account(theirs))
        return SettingConflictView(setting: .accounts, mine: "{}", theirs: SyncedSetting(revision: 7, value: "{}"), entries: [entry])
    }

    @Test func anAccountBothChangedIsShownFieldByField() {
        let text = ConflictRenderer.table([], settings: [view()], taxonomy: .standard, style: TextStyle(language: .en))
        #expect(text.contains("  account 楽天カード: member ayumi (mine) vs ken (theirs)\n"), "\(text)")
        #expect(text.contains("kakeibo resolve accounts:楽天カード mine|theirs"))
        let ja = ConflictRenderer.table([], settings: [view()], taxonomy: .standard, style: TextStyle(language: .ja))
        #expect(ja.contains("口座 楽天カード: メンバー ayumi （こちら） vs ken （サーバー）"), "\(ja)")
    }

    @Test func theJSONNamesTheEntryAndItsFields() {
        let json = ConflictRenderer.json([], settings: [view()], taxonomy: .standard, language: .en)
        let compact = json.filter { !$0.isWhitespace }
        #expect(compact.contains(#""label":"楽天カード""#) && compact.contains(#"{"field":"member","mine":"ayumi","theirs":"ken"}"#), "\(json)")
    }
}
