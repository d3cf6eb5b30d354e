import Foundation
import KakeiboKit
import Testing

/// `tax medical` and `furusato` as a person runs them, and `--reimbursed` on items. (scripts/check-xlsx opens the
/// workbook in openpyxl.)
@Suite struct TaxCommandTests {
    func household() throws -> Sandbox {
        let box = try Sandbox()
        box.environment["KAKEIBO_NOW"] = "2025-02-10T09:00:00Z"
        for arguments in [["categories", "init", "--preset", "household"], ["config", "set", "split", "ayumi=50,ken=50"]] {
            let run = try box.run(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
        }
        return box
    }

    @Test func reimbursedIsADetailThatRoundTrips() throws {
        let box = try household()
        let added = try box.run(
            "add", "山田クリニック", "3200", "--date", "2024-03-01", "--category", "medical/clinic", "--member", "ayumi", "--reimbursed", "1,000",
            "--format", "json")
        #expect(added.status == 0, "\(added.stderr)")
        let item = try #require(try added.json() as? [String: Any])
        #expect(item["reimbursed"] as? Int == 1000)
        let id = try #require(item["id"] as? String)
        #expect(try box.run("month", "2024", "3").stdout.contains("reimbursed ¥1,000"))
        // Through export and import, and the month file's schema says a kakeibo before it can't read it.
        let exported = try box.run("export").stdout
        #expect(exported.contains(#""reimbursed":1000"#))
        let month = try String(contentsOf: box.store.appendingPathComponent("2024-03.json"), encoding: .utf8)
        #expect(month.hasPrefix(#"{"schema":3,"#))
        #expect(try box.run("edit", id, "--reimbursed", "500").status == 0)
        let found = try #require(try box.run("find", "山田", "--format", "json").json() as? [String: Any])
        #expect((found["items"] as? [[String: Any]])?.first?["reimbursed"] as? Int == 500)
        #expect(try box.run("edit", id, "--clear", "reimbursed").status == 0)
        let cleared = try #require(try box.run("month", "2024", "3", "--format", "json").json() as? [String: Any])
        let items = try #require(cleared["items"] as? [[String: Any]])
        #expect(items.first?["reimbursed"] is NSNull)
        for bad in [["--reimbursed", "-5"], ["--reimbursed", "abc"], ["--reimbursed", "5000"]] {
            let run = try box.run(["add", "歯科", "3000", "--category", "medical/dental"] + bad)
            #expect(run.status == 2 && run.stderr.contains("reimbursed"), "\(bad): \(run.stderr)")
        }
    }

    @Test func taxMedicalSummarisesAndWritesAWorkbook() throws {
        let box = try household()
        for arguments in [
            ["add", "山田クリニック", "3200", "--date", "2024-03-01", "--category", "medical/clinic", "--member", "ayumi", "--reimbursed", "1000"],
            ["add", "歯の治療", "120000", "--date", "2024-07-01", "--category", "medical/dental", "--member", "ken", "--shop", "さくら歯科"],
            ["add", "かぜ薬", "19980", "--date", "2024-05-01", "--category", "medical/medicine", "--member", "ken", "--shop", "マツモトキヨシ"],
            ["add", "給与", "300000", "--date", "2024-12-25", "--income"],
        ] {
            #expect(try box.run(arguments).status == 0)
        }
        let table = try box.run("tax", "medical")
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains("Medical expense deduction 2024"), "last year by default in tax season")
        #expect(table.stdout.contains("threshold ¥15,000") && table.stdout.contains("applies: ¥127,180"), "\(table.stdout)")
        #expect(table.stdout.contains("The medical expense deduction is larger"))
        for language in ["en", "ja"] {
            for line in try box.run(["tax", "medical", "2024", "--lang", language], environment: ["COLUMNS": "40"]).lines
            where NarrowTerminalTests.isTableLine(Substring(line)) {
                #expect(displayWidth(line) <= 40, "tax medical (\(language)): \(line)")
            }
        }
        let tsv = try box.run("tax", "medical", "2024", "--format", "tsv").lines
        #expect(tsv.first?.hasPrefix("医療を受けた人\t病院・薬局などの名称\t診療・治療") == true)
        #expect(tsv.contains("ken\tさくら歯科\t該当する\t\t\t\t120000\t0\t2024-07-01"))
        let file = box.root.appendingPathComponent("医療費.xlsx").path
        let written = try box.run("tax", "medical", "2024", "--output", file, "--format", "json", "--income", "4800000")
        #expect(written.status == 0, "\(written.stderr)")
        let report = try #require(try written.json() as? [String: Any])
        #expect(report["threshold"] as? Int == 100_000 && report["deduction"] as? Int == 42180 && report["incomeGiven"] as? Bool == true)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        #expect(Array(bytes.prefix(4)) == [0x50, 0x4B, 0x03, 0x04], "a ZIP, as an .xlsx is")
        #expect(String(decoding: bytes, as: UTF8.self).contains("xl/worksheets/sheet1.xml"))
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        for (bad, words) in [
            (["tax", "medical", "2024", "--output", "f.csv"], "must end in .xlsx"), (["tax", "medical", "2024", "--income", "-3"], "income"),
            (["tax", "pension"], "medical"), (["tax", "medical", "2024", "--format", "xml"], "table"),
            (["tax", "medical", "2024", "--output", box.store.appendingPathComponent("f.xlsx").path], "inside the store"),
        ] {
            let run = try box.run(bad)
            #expect(run.status == 2 && run.stderr.contains(words), "\(bad): \(run.stderr)")
        }
    }

    /// An item tagged 医療 counts whatever its category (a taxi under transport), once even when it is in the medical
    /// category too; the rows of the TSV (the form's B to J) sum to what was paid, computed here from the items.
    @Test func itemsTagged医療CountOnceWhateverTheirCategory() throws {
        let box = try household()
        for arguments in [
            ["add", "タクシー", "2400", "--date", "2024-03-01", "--category", "transport", "--member", "ken", "--tag", "＃医療"],
            ["add", "山田クリニック", "3200", "--date", "2024-03-01", "--category", "medical/clinic", "--member", "ken", "--tag", "医療"],
            ["add", "新幹線", "14000", "--date", "2024-03-02", "--category", "transport", "--member", "ken", "--tag", "旅行"],
            ["add", "給与", "300000", "--date", "2024-03-25", "--income", "--tag", "医療"],
        ] {
            let run = try box.run(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
        }
        let json = try #require(try box.run("tax", "medical", "2024", "--format", "json").json() as? [String: Any])
        let rows = try #require(json["rows"] as? [[String: Any]])
        #expect(json["paid"] as? Int == 2400 + 3200, "\(json)")
        #expect(rows.compactMap { $0["paid"] as? Int }.reduce(0, +) == json["paid"] as? Int)
        #expect(rows.first { $0["payee"] as? String == "タクシー" }?["kinds"] as? [String] == ["other"])
        let tsv = try box.run("tax", "medical", "2024", "--format", "tsv").lines
        #expect(tsv.contains("ken\tタクシー\t\t\t\t該当する\t2400\t0\t2024-03-01"), "\(tsv)")
        #expect(!tsv.contains { $0.contains("新幹線") || $0.contains("給与") }, "neither another tag nor income")
    }

    @Test func furusatoWithSixMunicipalitiesLosesTheOneStopRule() throws {
        let box = try household()
        box.environment["KAKEIBO_NOW"] = "2024-12-20T09:00:00Z"
        let towns = ["北海道紋別市", "佐賀県唐津市", "宮崎県都城市", "鹿児島県大崎町", "山形県寒河江市"]
        for (index, town) in towns.enumerated() {
            let run = try box.run(
                ["furusato", "add", town, String(10000 * (index + 1)), "--date", "2024-0\(index + 1)-15", "--member", "ayumi"]
                    + (index < 2 ? ["--onestop"] : ["--receipt", "R-\(index)"]))
            #expect(run.status == 0, "\(run.stderr)")
        }
        let five = try box.run("furusato", "2024")
        #expect(five.stdout.contains("One-stop applications to send by 2025-01-10: 3"), "\(five.stdout)")
        box.environment["KAKEIBO_NOW"] = "2025-01-11T09:00:00Z"
        let late = try box.run("furusato", "2024")
        #expect(late.stdout.contains("One-stop applications not sent by 2025-01-10: 3; file a tax return"), "\(late.stdout)")
        box.environment["KAKEIBO_NOW"] = "2024-12-20T09:00:00Z"
        #expect(try box.run("furusato", "add", "静岡県焼津市", "5000", "--date", "2024-11-01").status == 0)
        let six = try box.run("furusato", "2024")
        #expect(six.stdout.contains("More than 5 municipalities: the one-stop exception (ワンストップ特例) no longer applies"), "\(six.stdout)")
        let json = try #require(try box.run("furusato", "2024", "--format", "json").json() as? [String: Any])
        let donations = try #require(json["donations"] as? [[String: Any]])
        #expect(json["total"] as? Int == donations.compactMap { $0["amount"] as? Int }.reduce(0, +))
        #expect(json["total"] as? Int == 155_000 && json["oneStopApplies"] as? Bool == false && (json["municipalities"] as? [Any])?.count == 6)
        // Donations are spending: the year's total counts them.
        let year = try #require(try box.run("year", "2024", "--format", "json").json() as? [String: Any])
        #expect(year["total"] as? Int == 155_000)
        #expect(try box.run("furusato", "2024", "--lang", "ja").stdout.contains("ワンストップ特例は使えません"))
        // Its table fits a narrow terminal, as tax medical's does.
        for command in [["furusato", "2024"], ["furusato", "2024", "--lang", "ja"]] {
            for line in try box.run(command, environment: ["COLUMNS": "40"]).lines where NarrowTerminalTests.isTableLine(Substring(line)) {
                #expect(displayWidth(line) <= 40, "\(command): \(line)")
            }
        }
        for (bad, words) in [
            (["furusato", "add", "市", "-5000"], "more than 0 yen"), (["furusato", "add", "市", "0"], "more than 0 yen"),
            (["furusato", "add", "市", "5000", "--member", "nobody"], "unknown member 'nobody'"), (["furusato", "add", "市"], "AMOUNT"),
            (["furusato", "2024", "--onestop"], "works only with add"), (["furusato", "add", "市", "5000", "--date", "13/45"], "date"),
        ] {
            let before = try box.snapshot()
            let run = try box.run(bad)
            #expect(run.status == 2 && run.stderr.contains(words), "\(bad): \(run.stderr)")
            #expect(try box.snapshot() == before)
        }
    }
}
