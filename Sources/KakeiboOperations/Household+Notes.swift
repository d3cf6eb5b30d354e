import KakeiboStore
import KakeiboValues

extension Household {
    /// Saves (or replaces) the household's note on a month; an empty note removes it. Returns the note as saved.
    /// A year's notes travel as one household setting, so a note that would make its year longer than the server
    /// keeps is refused here rather than by every sync.
    @discardableResult
    public func setNote(_ month: YearMonth, _ text: String) throws -> String {
        let note = try MonthNote.validate(text)
        return try store.update(.notes) { notes in
            notes[month] = note.isEmpty ? nil : note
            let length = SharedSettingFiles.notesValue(notes.filter { $0.key.year == month.year }).utf16.count
            guard length <= SharedSetting.maximumLength else {
                throw NoteError.yearTooLong(year: month.year, length: length, limit: SharedSetting.maximumLength)
            }
            return note
        }
    }
}

/// One year's notes from three versions — as last synced (`base`), this machine's and the server's — month by month:
/// a month changed on one side takes that side's note; one both changed to different notes is a conflict, which
/// takes the side `prefer` names.
public struct NotesMerge: Equatable {
    /// The merged year, as a setting's value.
    public let value: String
    /// The months both sides changed to different notes.
    public let conflicts: [YearMonth]

    public init(base: String, mine: String, theirs: String, prefer: ConflictSide) {
        let (base, mine, theirs) = (SharedSettingFiles.notes(base), SharedSettingFiles.notes(mine), SharedSettingFiles.notes(theirs))
        var merged: [YearMonth: String] = [:]
        var conflicts: [YearMonth] = []
        for month in Set(mine.keys).union(theirs.keys).sorted() {
            let (was, here, there) = (base[month], mine[month], theirs[month])
            let note: String?
            if here == there || there == was {
                note = here
            } else if here == was {
                note = there
            } else {
                conflicts.append(month)
                note = prefer == .mine ? here : there
            }
            merged[month] = note
        }
        value = SharedSettingFiles.notesValue(merged)
        self.conflicts = conflicts
    }
}
