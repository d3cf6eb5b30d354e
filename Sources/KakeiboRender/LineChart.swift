import KakeiboValues

/// A one-line chart with eighth-height blocks (▁▂▃▄▅▆▇█), scaled from the smallest value to the largest;
/// all-equal values draw as a flat ▁ line.
/// With `width`, more values than columns are resampled: each column is the average of an equal run of values.
public func sparkline(_ values: [Int], width: Int? = nil) -> String {
    if let width, width > 0, values.count > width {
        let runs = (0..<width).map { column in values[column * values.count / width..<(column + 1) * values.count / width] }
        return sparkline(runs.map { run in divideRoundingHalfAway(run.reduce(0, +), run.count) })
    }
    guard let low = values.min(), let high = values.max() else { return "" }
    let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    return String(values.map { high == low ? blocks[0] : blocks[divideRoundingHalfAway(($0 - low) * 7, high - low)] })
}

/// A line chart in box-drawing characters (╭╮╰╯─│): the value axis on the left, the points' labels underneath, and
/// no wider than the terminal. Each point gets an equal run of columns; with more points than columns, each column
/// shows the average of a run of points (and the chart says so).
struct LineChart {
    var values: [Int]
    /// Text rows for the line (the top row is the largest value, the bottom the smallest).
    var height = 8
    /// A value axis label ("¥118,519").
    var valueLabel: (Int) -> String
    /// The label under a point ("Jan"), given its index in `values`.
    var pointLabel: (Int) -> String
    /// A second label line under some points ("2024" under the first month and each January).
    var groupLabel: (Int) -> String?

    func render(width: Int, style: TextStyle) -> String {
        guard !values.isEmpty else { return "" }
        let low = values.min()!
        let high = values.max()!
        let rowValues = (0..<height).map { low + (high > low ? divideRoundingHalfAway((high - low) * $0, height - 1) : 0) }
        let axisLabels = rowValues.map(valueLabel)
        let labelWidth = axisLabels.map(displayWidth).max() ?? 0
        let plotWidth = max(1, width - labelWidth - 2)
        // Points per column when they don't fit, and columns per point when they do.
        let perColumn = (values.count + plotWidth - 1) / plotWidth
        let starts = Array(stride(from: 0, to: values.count, by: perColumn))
        let shown = starts.map { start -> Int in
            let run = values[start..<min(values.count, start + perColumn)]
            return divideRoundingHalfAway(run.reduce(0, +), run.count)
        }
        let step = max(1, min(8, plotWidth / shown.count))
        let rows = shown.map { high > low ? divideRoundingHalfAway(($0 - low) * (height - 1), high - low) : 0 }
        var grid = Array(repeating: Array(repeating: Character(" "), count: shown.count * step), count: height)
        for (index, row) in rows.enumerated() {
            let x = index * step
            if index > 0, rows[index - 1] != row {
                let before = rows[index - 1]
                grid[before][x] = row > before ? "╯" : "╮"
                grid[row][x] = row > before ? "╭" : "╰"
                for between in (min(before, row) + 1)..<max(before, row) { grid[between][x] = "│" }
            } else {
                grid[row][x] = "─"
            }
            for column in (x + 1)..<(x + step) { grid[row][column] = "─" }
        }
        var out = ""
        for row in stride(from: height - 1, through: 0, by: -1) {
            var line = String(grid[row])
            while line.hasSuffix(" ") { line.removeLast() }
            out += pad(axisLabels[row], to: labelWidth, alignRight: true) + " " + style.dim("┤") + style.paint(line, .series) + "\n"
        }
        out += spaces(labelWidth + 1) + style.dim("└" + repeated("─", count: grid[0].count)) + "\n"
        let end = max(labelWidth + 2 + grid[0].count, width)
        out += labelLine(starts.map(pointLabel), step: step, indent: labelWidth + 2, end: end)
        let groups = starts.map(groupLabel)
        if groups.contains(where: { $0 != nil }) { out += labelLine(groups, step: step, indent: labelWidth + 2, end: end) }
        if perColumn > 1 {
            out += style.language.pick(
                "(a column: \(perColumn) months' average)\n", "（1 列 = \(perColumn) か月の平均）\n")
        }
        return out
    }

    /// Labels placed under their points, skipping any that would run into the one before or past `end`.
    private func labelLine(_ labels: [String?], step: Int, indent: Int, end: Int) -> String {
        var line = spaces(indent)
        var used = indent
        for (index, label) in labels.enumerated() {
            guard let label, !label.isEmpty else { continue }
            let column = indent + index * step
            guard column >= used + (used > indent ? 1 : 0), column + displayWidth(label) <= end else { continue }
            line += spaces(column - used) + label
            used = column + displayWidth(label)
        }
        return line + "\n"
    }
}
