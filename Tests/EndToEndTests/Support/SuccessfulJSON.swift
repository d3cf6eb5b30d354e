import Foundation
import Testing

/// The JSON object a successful run printed; records an issue if the run failed.
func successfulObject(_ run: Run) throws -> [String: Any] {
    #expect(run.status == 0, "\(run.stderr)")
    return try #require(try run.json() as? [String: Any])
}
