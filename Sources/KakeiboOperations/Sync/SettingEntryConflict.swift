import KakeiboValues

/// An entry of a household setting that this machine and another member changed to different definitions: its
/// fields that differ, each side's (nil where that side removed the entry).
public struct SettingEntryConflict: Sendable, Equatable {
    /// The entry's key, as `resolve SETTING:KEY` takes it (its label is taken too).
    public var key: String
    public var kind: SettingEntry.Kind
    public var label: String
    public var mine: SettingEntry?
    public var theirs: SettingEntry?

    public init(key: String, kind: SettingEntry.Kind, label: String, mine: SettingEntry?, theirs: SettingEntry?) {
        self.key = key
        self.kind = kind
        self.label = label
        self.mine = mine
        self.theirs = theirs
    }

    /// Each field whose text differs, with this machine's and the server's (nil: that side has no entry).
    public var differences: [(name: String, mine: String?, theirs: String?)] {
        let (here, there) = (mine?.fields ?? [], theirs?.fields ?? [])
        // A layout's fields are its keys: one only the other side has is a difference too.
        let names = here.map(\.name) + there.map(\.name).filter { name in !here.contains { $0.name == name } }
        return names.compactMap { name in
            let a = here.first { $0.name == name }?.value
            let b = there.first { $0.name == name }?.value
            return a == b ? nil : (name, a, b)
        }
    }

    public static func == (a: SettingEntryConflict, b: SettingEntryConflict) -> Bool {
        a.key == b.key && a.mine == b.mine && a.theirs == b.theirs
    }

    /// The entries of a setting in conflict that both sides changed, each side's version.
    static func list(_ setting: SharedSetting, base: String, mine: String, theirs: String) -> [SettingEntryConflict]? {
        guard let was = SettingEntries(setting, base), let here = SettingEntries(setting, mine), let there = SettingEntries(setting, theirs)
        else { return nil }
        return SettingMerge.entries(was: was, here: here, there: there, prefer: .mine, only: nil).conflicts.compactMap { key in
            guard let entry = here[key] ?? there[key] else { return nil }
            return SettingEntryConflict(key: key, kind: entry.kind, label: entry.label, mine: here[key], theirs: there[key])
        }
    }
}
