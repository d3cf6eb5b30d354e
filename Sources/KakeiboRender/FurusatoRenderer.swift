import KakeiboReports
import KakeiboStore
import KakeiboValues

/// `furusato` as a table (the donations, the total, the one-stop rule checked) and as JSON.
public enum FurusatoRenderer {
    public static func table(_ report: FurusatoReport, style: TextStyle) -> String {
        let l = style.language
        var out = style.bold(l.pick("Furusato nozei \(report.year) (ふるさと納税)", "ふるさと納税 \(report.year)年")) + "\n"
        guard !report.donations.isEmpty else {
            return out
                + l.pick(
                    "No donations in \(report.year); record one with 'kakeibo furusato add MUNICIPALITY AMOUNT'\n",
                    "\(report.year)年の寄附はありません。'kakeibo furusato add 自治体 金額' で記録します\n")
        }
        var table = TextTable([
            .left(l.pick("Date", "日付")).dropping(1), .left(l.pick("Municipality", "自治体")).shrinking(), .right(l.pick("Amount", "金額")),
            .left(l.pick("One-stop", "ワンストップ")), .left(l.pick("Receipt", "受領証明書")).shrinking().dropping(0),
        ])
        for donation in report.donations {
            table.add(
                donation.date.iso, donation.municipality, donation.amount.formatted(l),
                donation.oneStop ? l.pick("sent", "申請済") : l.pick("not sent", "未申請"),
                donation.receipt ?? "-")
        }
        out += table.render(style) + "\n"
        let count = report.municipalities.count
        out += l.pick(
            "Total \(report.total.formatted(l)) · \(report.donations.count) donations · \(count) municipalities\n",
            "合計 \(report.total.formatted(l))・寄附 \(report.donations.count) 件・\(count) 自治体\n")
        if !report.oneStopApplies {
            out += l.pick(
                "More than \(FurusatoReport.oneStopLimit) municipalities: the one-stop exception (ワンストップ特例) no longer applies; file a tax return (確定申告) to deduct these donations.\n",
                "\(FurusatoReport.oneStopLimit) 自治体を超えたため、ワンストップ特例は使えません。寄附金控除を受けるには確定申告が必要です。\n")
        } else if report.unsent.isEmpty {
            out += l.pick("Every one-stop application is sent.\n", "ワンストップ特例の申請はすべて送付済みです。\n")
        } else if report.pastDeadline {
            out += l.pick(
                "One-stop applications not sent by \(report.deadline.iso): \(report.unsent.count); file a tax return (確定申告) to deduct those donations\n",
                "\(report.deadline.iso) までに送らなかったワンストップ特例の申請: \(report.unsent.count) 件。その寄附の控除には確定申告が必要です\n")
            for donation in report.unsent {
                out += "  " + terminalSafe("\(donation.date.iso) \(donation.municipality) \(donation.amount.formatted(l))") + "\n"
            }
        } else {
            out += l.pick(
                "One-stop applications to send by \(report.deadline.iso): \(report.unsent.count)\n",
                "ワンストップ特例の申請書を \(report.deadline.iso) までに送るもの: \(report.unsent.count) 件\n")
            for donation in report.unsent {
                out += "  " + terminalSafe("\(donation.date.iso) \(donation.municipality) \(donation.amount.formatted(l))") + "\n"
            }
        }
        return out
    }

    public static func json(_ report: FurusatoReport) -> String {
        let donations: [JSONValue] = report.donations.map { donation in
            .object([
                ("id", .string(donation.id)), ("date", .string(donation.date.iso)), ("municipality", .string(donation.municipality)),
                ("amount", .integer(donation.amount.amount)), ("member", donation.member.map(JSONValue.string) ?? .null),
                ("onestop", .bool(donation.oneStop)), ("receipt", donation.receipt.map(JSONValue.string) ?? .null),
            ])
        }
        return JSONRenderer.render(
            .object([
                ("year", .integer(report.year)), ("donations", .array(donations)), ("total", .integer(report.total.amount)),
                ("count", .integer(report.donations.count)), ("municipalities", .array(report.municipalities.map(JSONValue.string))),
                ("oneStopApplies", .bool(report.oneStopApplies)), ("unsent", .array(report.unsent.map { .string($0.id) })),
                ("deadline", .string(report.deadline.iso)), ("pastDeadline", .bool(report.pastDeadline)),
            ]))
    }
}
