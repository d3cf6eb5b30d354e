import KakeiboStore
import KakeiboValues

/// The household server's protocol: a web app in front of a spreadsheet with one sheet per month.
///
/// - Fetch: `GET {endpoint}?year=2024&month=12` (no leading zero) → 200 and a JSON array of items.
/// - Register: `POST {endpoint}` with a JSON array of items → 200 and the array of the items it registered.
///   The server appends; it does not deduplicate.
public enum HouseholdAPI {
    public static func fetch(_ month: YearMonth) -> HTTPRequest {
        HTTPRequest(
            method: .get,
            query: [.init(name: "year", value: String(month.year)), .init(name: "month", value: String(month.month))],
            body: nil)
    }

    public static func register(_ items: [WireItem]) -> HTTPRequest {
        HTTPRequest(method: .post, query: [], body: WireFormat.encode(items))
    }

    /// The items of an answer; anything but a 200 with a JSON array of valid items is a problem saying what came.
    public static func items(in response: HTTPResponse) throws(ServerProblem) -> [WireItem] {
        try check(response)
        do { return try WireFormat.decode(response.body) } catch { throw .notItems(error) }
    }

    /// A month's rows, read liberally: rows that can't be understood are set aside, not refused (`ServerRows`);
    /// an answer that isn't a 200 with a JSON array is a problem saying what came.
    public static func rows(in response: HTTPResponse) throws(ServerProblem) -> ServerRows {
        try check(response)
        do { return try ServerRows.decode(response.body) } catch { throw .notItems(error) }
    }

    private static func check(_ response: HTTPResponse) throws(ServerProblem) {
        if (300..<400).contains(response.status) { throw .redirect(status: response.status, location: response.location) }
        guard response.status == 200 else { throw .status(response.status) }
        if isHTML(response) { throw .htmlPage(title: title(response.body)) }
    }

    /// An error page: the service's errors come as a 200 with HTML.
    static func isHTML(_ response: HTTPResponse) -> Bool {
        if let type = response.contentType?.lowercased(), type.contains("html") { return true }
        let first = response.body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: "<")
    }

    /// The page's <title>, for the message.
    static func title(_ body: [UInt8]) -> String? {
        let lower = body.prefix(64 * 1024).map { (65...90).contains($0) ? $0 + 32 : $0 }
        guard let open = find(Array("<title".utf8), in: lower),
            let start = lower[open...].firstIndex(of: UInt8(ascii: ">")).map({ $0 + 1 }),
            let end = find(Array("</title>".utf8), in: lower, from: start)
        else { return nil }
        let text = trimWhitespace(String(decoding: body[start..<end], as: UTF8.self))
        return text.isEmpty ? nil : String(terminalSafe(text).prefix(80))
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int = 0) -> Int? {
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        return (start...(haystack.count - needle.count)).first { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
    }
}
