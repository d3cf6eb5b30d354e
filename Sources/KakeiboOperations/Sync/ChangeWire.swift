import KakeiboStore
import KakeiboValues

/// A row as the household server's change protocol reports it: the item, its revision, and whether it was deleted.
public struct ServerRow: Sendable, Equatable {
    public var revision: Int
    public var deleted: Bool
    public var item: WireItem

    public init(revision: Int, deleted: Bool, item: WireItem) {
        self.revision = revision
        self.deleted = deleted
        self.item = item
    }
}

/// The server's answer to one change.
public struct ChangeResult: Sendable, Equatable {
    public enum Status: String, Sendable { case applied, unchanged, conflict, rejected }
    public var changeID: String
    public var status: Status
    /// The server's row after the change, or the one that caused the conflict; nil when it holds no such id.
    public var row: ServerRow?
    public var code: String?
    /// What the server said of a refused change.
    public var message: String?

    public init(changeID: String, status: Status, row: ServerRow?, code: String?, message: String? = nil) {
        self.changeID = changeID
        self.status = status
        self.row = row
        self.code = code
        self.message = message
    }
}

/// A change this store sends with the change protocol.
public struct OutgoingChange: Sendable, Equatable {
    public enum Kind: String, Sendable { case create, update, delete }
    public var changeID: String
    public var kind: Kind
    /// The revision of the server version the change was made from (update and delete).
    public var base: Int?
    public var id: String
    /// The whole new item (create and update).
    public var item: WireItem?

    public init(changeID: String, kind: Kind, base: Int?, id: String, item: WireItem?) {
        self.changeID = changeID
        self.kind = kind
        self.base = base
        self.id = id
        self.item = item
    }
}

/// One wire item as a JSON value, and back (through the wire format's own reader).
public enum WireJSON {
    public static func value(_ item: WireItem) -> JSONValue {
        (try? JSONValue.parse(WireFormat.encode([item])))?.arrayValue?.first ?? .null
    }

    /// The item a JSON object holds, if it is a valid one.
    public static func item(_ value: JSONValue) -> WireItem? {
        var writer = JSONWriter()
        writer.raw("[")
        value.write(to: &writer)
        writer.raw("]")
        return (try? WireFormat.decode(writer.bytes))?.first
    }
}
