import KakeiboStore
import KakeiboValues

extension Household {
    /// Saves (or replaces) the household's note on a month; an empty note removes it. Returns the note as saved.
    @discardableResult
    public func setNote(_ month: YearMonth, _ text: String) throws -> String {
        let note = try MonthNote.validate(text)
        return try store.update(.notes) { notes in
            notes[month] = note.isEmpty ? nil : note
            return note
        }
    }
}
