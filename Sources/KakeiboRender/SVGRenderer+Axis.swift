import KakeiboValues

/// The plot area and the axis of amounts the year and the trend share.
extension SVGRenderer {
    static let plot = (left: 104.0, right: 736.0, top: 96.0, bottom: 376.0)

    /// Draws horizontal grid lines with amount labels from `low` (≤ 0) to `high` (≥ 0) in round steps, and returns
    /// the pixels per yen and the y of zero.
    static func drawAxis(_ svg: inout SVGDocument, low: Int, high: Int, language: Language) -> (scale: Double, zero: Double) {
        let step = niceStep(Double(max(high - low, 0)) / 4)
        let below = Int((Double(-min(low, 0)) / step).rounded(.up))
        let above = max(below == 0 ? 1 : 0, Int((Double(max(high, 0)) / step).rounded(.up)))
        let scale = (plot.bottom - plot.top) / (step * Double(below + above))
        let zero = plot.bottom - step * Double(below) * scale
        svg.open("g", [("class", "axis"), ("font-size", "11"), ("fill", faint)])
        for tick in -below...above {
            let amount = step * Double(tick)
            let y = zero - amount * scale
            svg.element(
                "line",
                [
                    ("x1", n(plot.left)), ("x2", n(plot.right)), ("y1", n(y)), ("y2", n(y)),
                    ("stroke", tick == 0 ? faint : grey), ("stroke-width", "1"),
                ])
            svg.element(
                "text", [("class", "tick"), ("x", n(plot.left - 8)), ("y", n(y + 4)), ("text-anchor", "end")],
                text: Yen(Int(amount)).formatted(language))
        }
        svg.close("g")
        return (scale, zero)
    }

    /// A round step of at least `rough`: 1, 2, 2.5 or 5 times a power of ten, always whole yen (an empty chart's
    /// axis goes to ¥10,000 in steps of ¥2,500).
    static func niceStep(_ rough: Double) -> Double {
        guard rough > 0 else { return 2_500 }
        var power = 1.0
        while power * 10 <= rough { power *= 10 }
        for factor in [1.0, 2.0, 2.5, 5.0] where factor * power >= rough && (factor * power).rounded() == factor * power {
            return factor * power
        }
        return 10 * power
    }
}
