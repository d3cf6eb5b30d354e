import KakeiboValues

/// A JSON document as a tree, for small files (categories, configuration); large ones use `JSONScanner` directly.
public enum JSONValue: Hashable, Sendable {
    case object([(String, JSONValue)])
    case array([JSONValue])
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case null

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case (.array(let x), .array(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.integer(let x), .integer(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.null, .null): return true
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .object(let members):
            for (key, value) in members {
                hasher.combine(key)
                hasher.combine(value)
            }
        case .array(let values): hasher.combine(values)
        case .string(let value): hasher.combine(value)
        case .integer(let value): hasher.combine(value)
        case .number(let value): hasher.combine(value)
        case .bool(let value): hasher.combine(value)
        case .null: hasher.combine(0)
        }
    }

    /// Parses a whole document; keys keep their order, a repeated key is an error.
    public static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
        var result: Result<JSONValue, JSONError> = .success(.null)
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer)
            do throws(JSONError) {
                let value = try read(&scanner)
                try scanner.end()
                result = .success(value)
            } catch { result = .failure(error) }
        }
        return try result.get()
    }

    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    public var intValue: Int? { if case .integer(let i) = self { i } else { nil } }
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    public var objectValue: [(String, JSONValue)]? { if case .object(let o) = self { o } else { nil } }

    /// Writes the value as JSON text, pretty-printed with two-space indents.
    public func write(to writer: inout JSONWriter, indent: Int = 0) {
        switch self {
        case .object(let members):
            guard !members.isEmpty else { return writer.raw("{}") }
            writer.raw("{\n")
            let last = members.count - 1
            for index in members.indices {
                writer.spaces(indent + 2)
                writer.key(members[index].0)
                members[index].1.write(to: &writer, indent: indent + 2)
                if index == last { writer.raw("\n") } else { writer.raw(",\n") }
            }
            writer.spaces(indent)
            writer.raw("}")
        case .array(let values):
            guard !values.isEmpty else { return writer.raw("[]") }
            writer.raw("[\n")
            let last = values.count - 1
            for index in values.indices {
                writer.spaces(indent + 2)
                values[index].write(to: &writer, indent: indent + 2)
                if index == last { writer.raw("\n") } else { writer.raw(",\n") }
            }
            writer.spaces(indent)
            writer.raw("]")
        case .string(let value): writer.string(value)
        case .integer(let value): writer.integer(value)
        case .number(let value): writer.raw(value.description)
        case .bool(let value): writer.bool(value)
        case .null: writer.raw("null")
        }
    }

    /// Up to this many keys an object's keys are checked for repeats by looking along them.
    static let fewKeys = 16

    static func read(_ scanner: inout JSONScanner) throws(JSONError) -> JSONValue {
        switch try scanner.peekKind() {
        case .object:
            try scanner.beginObject()
            var members: [(String, JSONValue)] = []
            // Each key once: a look along the few keys of an ordinary object, a set once there are many (a hostile
            // answer of 200,000 keys would otherwise take quadratic time).
            var keys: Set<String>?
            while let key = try scanner.nextKey() {
                if keys == nil && members.count >= JSONValue.fewKeys { keys = Set(members.map(\.0)) }
                let repeated = keys?.contains(key) ?? members.contains { $0.0 == key }
                if repeated { throw scanner.error(.expected("each key once")) }
                keys?.insert(key)
                members.append((key, try read(&scanner)))
            }
            return .object(members)
        case .array:
            try scanner.beginArray()
            var values: [JSONValue] = []
            while try scanner.nextElement() { values.append(try read(&scanner)) }
            return .array(values)
        case .string: return .string(try scanner.readString())
        case .number:
            var probe = scanner
            if let integer = try? probe.readInteger() {
                scanner = probe
                return .integer(integer)
            }
            return .number(try scanner.readDouble())
        case .bool: return .bool(try scanner.readBool())
        case .null:
            _ = scanner.readNull()
            return .null
        }
    }
}
