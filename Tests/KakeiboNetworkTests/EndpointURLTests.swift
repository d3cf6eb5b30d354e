import Foundation
import KakeiboKit
import Testing

@testable import KakeiboNetwork

/// The URL a request goes to: its query after the endpoint's own.
@Suite struct EndpointURLTests {
    @Test func theQueryIsAddedToTheEndpointsOwn() throws {
        func url(_ endpoint: String, _ request: HTTPRequest) throws -> String {
            try URLSessionTransport.url(for: request, at: try Endpoint.parse(endpoint)).absoluteString
        }
        #expect(
            try url("https://x.example/exec", HouseholdAPI.fetch(YearMonth(year: 2024, month: 12)!)) == "https://x.example/exec?year=2024&month=12")
        #expect(
            try url("https://x.example/exec?key=k1", HouseholdAPI.fetch(YearMonth(year: 2024, month: 1)!))
                == "https://x.example/exec?key=k1&year=2024&month=1")
        #expect(try url("https://x.example/exec?key=k1", HouseholdAPI.register([])) == "https://x.example/exec?key=k1")
        #expect(
            try url("http://[::1]:8080/a%20b", HouseholdAPI.fetch(YearMonth(year: 2024, month: 3)!)) == "http://[::1]:8080/a%20b?year=2024&month=3")
        #expect(try url("https://x.example", HouseholdAPI.register([])) == "https://x.example/")
    }
}
