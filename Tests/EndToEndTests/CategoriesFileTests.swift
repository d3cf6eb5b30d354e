import Foundation
import Testing

/// The household's categories file: an emptied one names itself and the way back, and `categories init` writes a
/// preset without replacing a file that is there.
@Suite struct CategoriesFileTests {
    @Test func emptiedCategoriesFileSaysWhichFileAndHowToRestore() throws {
        let box = try Sandbox()
        try box.write("config/kakeibo/categories.json", "")
        let month = try box.run("month", "2024", "12")
        #expect(month.status == 1)
        #expect(month.stderr.contains("categories.json: the file is empty"))
        #expect(month.stderr.contains("kakeibo categories init --force"))
        #expect(month.stderr.split(separator: "\n").count == 1)
        let listed = try box.run("categories")
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("栄養補助"))
        #expect(listed.stderr.contains("showing the default categories"))
        let restored = try box.run("categories", "init", "--force")
        #expect(restored.status == 0)
        #expect(try box.run("month", "2024", "12").status == 0)
    }

    @Test func categoriesInitWritesAPresetAndKeepsAnExistingFile() throws {
        let box = try Sandbox()
        let written = try box.run("categories", "init", "--preset", "household")
        #expect(written.status == 0)
        #expect(written.stdout.isEmpty)
        let path = box.config.appendingPathComponent("categories.json").path
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let again = try box.run("categories", "init")
        #expect(again.status == 1)
        #expect(again.stderr.contains("exists already") && again.stderr.contains("--force"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let json = try #require(try box.run("categories", "--format", "json").json() as? [String: Any])
        let list = try #require(json["categories"] as? [[String: Any]])
        let codes = list.compactMap { $0["code"] as? Int }
        #expect(list.filter { [0, 1].contains($0["code"] as? Int) }.map { $0["key"] as? String } == ["food", "entertainment"], "the app's codes")
        // Only the income category (code 90, as in the standard taxonomy) lives in the 90s.
        #expect(codes.filter { (90...99).contains($0) } == [90])
        let names = Set(list.compactMap { $0["ja"] as? String })
        for name in ["食費", "娯楽費", "住居費", "水道光熱費", "通信費", "日用品", "医療費", "教育費", "衣服・美容", "交際費", "特別費"] {
            #expect(names.contains(name), "missing \(name)")
        }
        let rent = try box.run("add", "家賃", "85000", "--category", "rent", "--date", "2024-12-01")
        #expect(rent.stdout.contains("Housing › Rent"))
        #expect(try box.run("categories", "--preset", "household").status == 2)
    }
}
