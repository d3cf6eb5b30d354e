import Foundation

/// A folder of reconstructed downloads under Tests/Fixtures and the totals its expected.json states for each file.
struct DownloadsFolder {
    let directory: URL
    let expected: [String: [String: Any]]

    init(_ relative: String) {
        directory = Products.repository.appendingPathComponent(relative)
        guard let data = try? Data(contentsOf: directory.appendingPathComponent("expected.json")),
            let all = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else {
            expected = [:]
            return
        }
        expected = all.compactMapValues { $0 as? [String: Any] }
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
}
