import ICUShim

/// A JSON value with ordered object keys, so output is byte-identical from run to run.
public indirect enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func == (a: JSON, b: JSON) -> Bool { a.serialized() == b.serialized() }

    public static func optional(_ s: String?) -> JSON { s.map(JSON.string) ?? .null }

    /// Compact (one line) or pretty (two-space indent) text.
    public func serialized(pretty: Bool = false) -> String {
        String(decoding: serializedBytes(pretty: pretty), as: UTF8.self)
    }

    /// The same text as `serialized(pretty:)`, as UTF-8 bytes (no String built per value).
    public func serializedBytes(pretty: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(to: &out, pretty: pretty, indent: 0)
        return out
    }

    /// A line feed and two spaces a level.
    static func newline<S: ByteSink>(_ out: inout S, indent: Int) {
        out.newline(spaces: 2 * indent)
    }

    static func ascii<S: ByteSink>(_ s: StaticString, into out: inout S) {
        s.withUTF8Buffer { out.put($0) }
    }

    /// A pretty array at `indent` whose `count` items `item(i, &out)` writes one level deeper: the framing
    /// `write` gives an array, for writers that write their items straight from their values.
    static func writeArray(count: Int, indent: Int, into out: inout [UInt8], _ item: (Int, inout [UInt8]) -> Void) {
        if count == 0 { ascii("[]", into: &out); return }
        out.append(UInt8(ascii: "["))
        for i in 0..<count {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            newline(&out, indent: indent + 1)
            item(i, &out)
        }
        newline(&out, indent: indent)
        out.append(UInt8(ascii: "]"))
    }

    func write(to out: inout [UInt8], pretty: Bool, indent: Int) {
        switch self {
        case .null: JSON.ascii("null", into: &out)
        case .bool(let b): JSON.ascii(b ? "true" : "false", into: &out)
        case .int(let i): JSON.decimal(i, into: &out)
        case .string(let s): JSON.escape(s, into: &out)
        case .array(let items):
            if items.isEmpty { JSON.ascii("[]", into: &out); return }
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { JSON.newline(&out, indent: indent + 1) }
                item.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { JSON.newline(&out, indent: indent) }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty { JSON.ascii("{}", into: &out); return }
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { JSON.newline(&out, indent: indent + 1) }
                JSON.escape(key, into: &out)
                if pretty { JSON.ascii(": ", into: &out) } else { out.append(UInt8(ascii: ":")) }
                value.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { JSON.newline(&out, indent: indent) }
            out.append(UInt8(ascii: "}"))
        }
    }

    static func decimal<S: ByteSink>(_ value: Int, into out: inout S) {
        if value >= 0 && value < 10 { out.put(0x30 + UInt8(value)); return }
        if value < 0 {
            var text = String(value)
            text.withUTF8 { out.put($0) }
            return
        }
        // Digits written on the stack and put at once: page maps hold hundreds of thousands of numbers.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var count = 0
            var rest = UInt(value)
            while rest > 0 {
                buffer[23 - count] = 0x30 + UInt8(rest % 10)
                rest /= 10
                count += 1
            }
            out.put(UnsafeBufferPointer(rebasing: buffer[(24 - count)...]))
        }
    }

    /// Escapes as RFC 8259 requires; non-ASCII stays literal UTF-8.
    public static func escape(_ s: String, into out: inout String) {
        var bytes: [UInt8] = []
        escape(s, into: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// Escapes into UTF-8 bytes: runs that need no escaping are copied whole.
    public static func escape(_ s: String, into out: inout [UInt8]) {
        putEscaped(s, into: &out)
    }

    /// `escape(_:into:)` into any sink.
    static func putEscaped<S: ByteSink>(_ s: String, into out: inout S) {
        out.put(0x22)
        // Borrowed in place: `var s = s; s.withUTF8` cost a retain and a release per string.
        if s.utf8.withContiguousStorageIfAvailable({ escapeContents($0, into: &out) }) == nil {
            var s = s
            s.withUTF8 { escapeContents($0, into: &out) }
        }
        out.put(0x22)
    }

    /// The escaped UTF-8 of a string, without the quotes.
    private static func escapeContents<S: ByteSink>(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout S) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        var runStart = 0
        var i = 0
        while i < count {
            // Up to the next byte that may need escaping, sixteen at a time (`qi_json_plain_prefix`, jsonscan.c):
            // curly quotes and dashes start with 0xE2 like U+2028/U+2029, so it stops only at their last byte.
            i += qi_json_plain_prefix(base + i, count - i)
            if i == count { break }
            let b = bytes[i]
            var replacement: StaticString? = nil
            var width = 1
            if b == 0x22 { replacement = "\\\"" }
            else if b == 0x5C { replacement = "\\\\" }
            else if b < 0x20 {
                switch b {
                case 0x0A: replacement = "\\n"
                case 0x0D: replacement = "\\r"
                case 0x09: replacement = "\\t"
                default: break
                }
                if replacement == nil {
                    out.put(UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
                    let hex = Array("0123456789abcdef".utf8)
                    for byte in [0x5C, 0x75, 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 0xF)]] { out.put(byte) }
                    i += 1
                    runStart = i
                    continue
                }
            } else if b | 1 == 0xA9, i >= runStart + 2, bytes[i - 1] == 0x80, bytes[i - 2] == 0xE2 {
                // U+2028 or U+2029, found at its last byte: the two before it are still in the run.
                replacement = b == 0xA8 ? "\\u2028" : "\\u2029"
                i -= 2
                width = 3
            }
            if let replacement {
                out.put(UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
                ascii(replacement, into: &out)
                i += width
                runStart = i
            } else {
                i += 1
            }
        }
        out.put(UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
    }
}
