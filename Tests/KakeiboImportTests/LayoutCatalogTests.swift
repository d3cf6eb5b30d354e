import Foundation
import KakeiboKit
import Testing

@testable import KakeiboImport

/// The layouts an import may use: the household's own in the configuration directory's `layouts/`, before and in
/// place of kakeibo's of the same name; `--layout` names one of them, or a file the command line reads.
@Suite struct LayoutCatalogTests {
    let home: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-layouts-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path + "/kakeibo/layouts", withIntermediateDirectories: true)
        return path
    }()
    var environment: Environment { Environment(["XDG_CONFIG_HOME": home]) }

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: home + "/kakeibo/layouts/" + name))
    }

    @Test func theHouseholdsLayoutReplacesTheShippedOneOfItsName() throws {
        let shipped = try #require(ShippedLayouts.all.first { $0.name == "aeon-card" })
        try write("aeon-card.json", shipped.fileText)
        try write(".hidden.json", "not a layout")
        try write("notes.txt", "not a layout either")
        let catalog = try LayoutCatalog.load(environment)
        #expect(catalog.layouts.filter { $0.name == "aeon-card" }.map(\.origin) == [home + "/kakeibo/layouts/aeon-card.json"])
        #expect(catalog.layouts.first?.name == "aeon-card", "the household's own come first")
        #expect(catalog.layouts.count == ShippedLayouts.all.count)
        #expect(try LayoutCatalog.directory(environment) == home + "/kakeibo/layouts")
    }

    @Test func aLayoutFileThatCantBeReadRefusesTheCatalogNamingIt() throws {
        try write("broken.json", "{")
        #expect {
            try LayoutCatalog.load(environment)
        } throws: { ($0 as? LayoutProblem)?.origin == home + "/kakeibo/layouts/broken.json" }
    }

    @Test func layoutNamesAValueOrLeavesAFileToTheCommandLine() throws {
        let catalog = try LayoutCatalog.load(environment)
        #expect(try catalog.named("aeon-card")?.name == "aeon-card")
        #expect(try catalog.named("mine.json") == nil)
        #expect(try catalog.named("./aeon-card") == nil)
        #expect(throws: LayoutChoiceError.self) { try catalog.named("aeon") }
        do {
            _ = try catalog.named("aeon")
        } catch {
            #expect(error.names == ShippedLayouts.all.map(\.name))
            #expect(error.message(in: .en).hasPrefix("--layout: no layout named 'aeon' and no such file; layouts: "))
        }
    }
}
