import Foundation
import Testing

/// `kakeibo fuel`: exact arithmetic, recording, and bad values.
@Suite struct FuelCommandTests {
    @Test func fuelCostIsExactAndCanBeRecorded() throws {
        let box = try Sandbox()
        let run = try box.run("fuel", "--km", "320", "--km-per-litre", "16", "--yen-per-litre", "175")
        #expect(run.status == 0)
        #expect(run.stdout == "320 km ÷ 16 km/L = 20.0 L\n20.0 L × ¥175/L = ¥3,500\n")
        let rounded = try box.run("fuel", "--km", "100", "--km-per-litre", "3", "--yen-per-litre", "175")
        #expect(rounded.stdout.contains("¥5,833.33… → ¥5,833 (rounded half up to the yen)"))
        let json = try successfulObject(try box.run("fuel", "--km", "42.5", "--km-per-litre", "18.2", "--yen-per-litre", "174.5", "--format", "json"))
        #expect(json["cost"] as? Int == 407 && json["litres"] as? Double == 2.34 && json["exact"] as? Bool == false)
        #expect(!FileManager.default.fileExists(atPath: box.store.path))

        let added = try successfulObject(
            try box.run("fuel", "--km", "320", "--km-per-litre", "16", "--yen-per-litre", "175", "--add", "--date", "2024-12-01", "--format", "json"))
        let item = try #require(added["added"] as? [String: Any])
        #expect(item["price"] as? Int == 3500 && item["category"] as? String == "car" && item["subcategory"] as? String == "fuel")
        #expect(item["name"] as? String == "Fuel 320 km")
        let named = try box.run(
            "fuel", "--km", "10", "--km-per-litre", "10", "--yen-per-litre", "170", "--add", "--name", "給油", "--category", "food", "--lang", "ja")
        #expect(named.stdout.contains("登録しました: 2024-12-15 給油 170円 食費"))
    }

    static let badFuel: [([String], String)] = [
        (["--km", "0", "--km-per-litre", "16", "--yen-per-litre", "175"], "--km must be more than 0"),
        (["--km", "320", "--km-per-litre", "0", "--yen-per-litre", "175"], "--km-per-litre must be more than 0"),
        (["--km", "320", "--km-per-litre", "-16", "--yen-per-litre", "175"], "--km-per-litre must be more than 0, got '-16'"),
        (["--km", "320", "--km-per-litre", "16", "--yen-per-litre", "-1"], "--yen-per-litre must be more than 0"),
        (["--km", "320", "--km-per-litre", "sixteen", "--yen-per-litre", "175"], "'sixteen'"),
        (["--km", "320", "--km-per-litre", "16.125", "--yen-per-litre", "175"], "two decimal places"),
        (["--km", "320"], "fuel needs --km-per-litre, --yen-per-litre"),
        ([], "fuel needs --km, --km-per-litre, --yen-per-litre"),
        (["--km", "320", "--km-per-litre", "16", "--yen-per-litre", "175", "--name", "x"], "--name only applies with --add"),
        (["--km", "0.01", "--km-per-litre", "16", "--yen-per-litre", "1", "--add"], "rounds to ¥0"),
        (["--km", "320", "--km-per-litre", "16", "--yen-per-litre", "175", "--format", "csv"], "table, json"),
    ]

    @Test(arguments: badFuel)
    func badFuelValuesAreRefused(_ arguments: [String], _ mention: String) throws {
        let box = try Sandbox()
        _ = try box.add("seed", 100, date: "2024-12-01")
        let before = try box.snapshot()
        let run = try box.run(["fuel"] + arguments)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains(mention), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(try box.snapshot() == before)
    }
}
