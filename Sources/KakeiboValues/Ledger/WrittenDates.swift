extension CalendarDate {
    /// Every date with a year written in the text, in the order written: `2024/12/1`, `2024年12月1日`, `R6.12.1`,
    /// `令和6年12月1日` (a period line's `2024年12月1日～2024年12月31日` gives both days). A date outside its era's
    /// days is none.
    public static func written(in text: String) -> [CalendarDate] { TypedDate.all(in: text) }
}
