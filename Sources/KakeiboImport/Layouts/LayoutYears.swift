import KakeiboKit

/// Where the year of a date written without one (`4月30日`, `10/28`) comes from: `--year`, else a date with a year
/// above the file's header (a period line: its latest), else a year in the file's name (its latest:
/// `…_202410.csv`, `…2024-12-to-2025-01…`). That year is the newest row's; going back through the rows, a day later in
/// the year than the newer row's is of the year before (a file across a new year, oldest or newest row first). Never
/// today's year by default: a file that says none is refused, row named, and so is a date the year makes future.
package struct LayoutYears: Sendable {
    /// `--year`.
    package var given: Int?
    /// The file's name, without its directories.
    package var fileName: String?
    /// Today, past which no date may land.
    package var today: CalendarDate?

    package init(given: Int? = nil, fileName: String? = nil, today: CalendarDate? = nil) {
        self.given = given
        self.fileName = fileName
        self.today = today
    }

    /// The newest row's year: given, else said above the header, else in the file's name; nil when nothing says.
    func newest(above header: ArraySlice<CSVRecord>) -> Int? {
        if let given { return given }
        let said = header.flatMap { record in record.fields.flatMap { CalendarDate.written(in: $0) } }
        if let latest = said.max() { return latest.year }
        return fileName.flatMap { LayoutYears.years(inName: $0).max() }
    }

    /// The years a file's name holds: a run of digits starting 19 or 20, of four (2024), or more when a month
    /// follows (202410, 20241028).
    static func years(inName name: String) -> [Int] {
        var years: [Int] = []
        var run: [Int] = []
        for character in name + " " {
            if character.isASCII, let digit = character.wholeNumberValue {
                run.append(digit)
                continue
            }
            defer { run = [] }
            guard run.count >= 4, run[0] == 1 && run[1] == 9 || run[0] == 2 && run[1] == 0 else { continue }
            if run.count >= 6, !(1...12).contains(run[4] * 10 + run[5]) { continue }
            years.append(run[0] * 1000 + run[1] * 100 + run[2] * 10 + run[3])
        }
        return years
    }

    /// Each row's year, in the rows' order, the newest row's being `newest`. The rows are oldest first when more of
    /// them step forward in the year than back.
    static func assign(_ days: [(month: Int, day: Int)], newest: Int) -> [Int] {
        func later(_ a: (month: Int, day: Int), _ b: (month: Int, day: Int)) -> Bool { (a.month, a.day) > (b.month, b.day) }
        let pairs = zip(days, days.dropFirst())
        let forward = pairs.filter { later($1, $0) }.count
        let back = pairs.filter { later($0, $1) }.count
        let order = forward >= back ? Array(days.indices.reversed()) : Array(days.indices)
        var years = Array(repeating: newest, count: days.count)
        var year = newest
        for (step, index) in order.enumerated() {
            if step > 0, later(days[index], days[order[step - 1]]) { year -= 1 }
            years[index] = year
        }
        return years
    }
}
