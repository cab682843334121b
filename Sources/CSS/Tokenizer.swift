/// The tokenizer of CSS Syntax Level 3 §4, on UTF-8 bytes.
///
/// Preprocessing (§3.3) is folded into the scan: CR, CR LF and FF count as one newline, and NUL or an escape of
/// zero, a surrogate or a value above U+10FFFF becomes U+FFFD. Non-ASCII bytes are always "ident code points", so
/// a name is copied byte for byte without decoding. The input is taken as UTF-8 (EPUB requires it; a leading BOM
/// is skipped and `@charset` is parsed but not obeyed).
public struct Tokenizer {
    private let bytes: [UInt8]
    private var i: Int

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    public init(_ text: String) { self.init(Array(text.utf8)) }

    /// All tokens of the input, without the final EOF.
    public static func tokens(_ text: String) -> [Token] { tokens(Array(text.utf8)) }

    public static func tokens(_ bytes: [UInt8]) -> [Token] {
        var tokenizer = Tokenizer(bytes)
        var out: [Token] = []
        out.reserveCapacity(bytes.count / 4)
        while let token = tokenizer.next() { out.append(token) }
        return out
    }

    @inline(__always) private func byte(_ offset: Int = 0) -> UInt8? {
        let j = i + offset
        return j < bytes.count ? bytes[j] : nil
    }

    /// The next token (§4.3.1), nil at EOF. Comments are consumed here and produce no token.
    public mutating func next() -> Token? {
        skipComments()
        guard let c = byte() else { return nil }
        switch c {
        case 0x09, 0x0A, 0x0C, 0x0D, 0x20:
            while let b = byte(), isWhitespace(b) { i += 1 }
            return .whitespace
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            i += 1
            return consumeString(ending: c)
        case UInt8(ascii: "#"):
            if let n = byte(1), isNameByte(n) || startsEscape(1) {
                i += 1
                let isID = startsIdentifier(0)
                return .hash(consumeName(), isID: isID)
            }
            i += 1
            return .delim("#")
        case UInt8(ascii: "("): i += 1; return .leftParen
        case UInt8(ascii: ")"): i += 1; return .rightParen
        case UInt8(ascii: "["): i += 1; return .leftBracket
        case UInt8(ascii: "]"): i += 1; return .rightBracket
        case UInt8(ascii: "{"): i += 1; return .leftBrace
        case UInt8(ascii: "}"): i += 1; return .rightBrace
        case UInt8(ascii: ","): i += 1; return .comma
        case UInt8(ascii: ":"): i += 1; return .colon
        case UInt8(ascii: ";"): i += 1; return .semicolon
        case UInt8(ascii: "+"), UInt8(ascii: "."):
            if startsNumber(0) { return consumeNumeric() }
            i += 1
            return .delim(Unicode.Scalar(c))
        case UInt8(ascii: "-"):
            if startsNumber(0) { return consumeNumeric() }
            if byte(1) == UInt8(ascii: "-"), byte(2) == UInt8(ascii: ">") { i += 3; return .cdc }
            if startsIdentifier(0) { return consumeIdentLike() }
            i += 1
            return .delim("-")
        case UInt8(ascii: "<"):
            if byte(1) == UInt8(ascii: "!"), byte(2) == UInt8(ascii: "-"), byte(3) == UInt8(ascii: "-") { i += 4; return .cdo }
            i += 1
            return .delim("<")
        case UInt8(ascii: "@"):
            if startsIdentifier(1) { i += 1; return .atKeyword(consumeName()) }
            i += 1
            return .delim("@")
        case UInt8(ascii: "\\"):
            if startsEscape(0) { return consumeIdentLike() }
            i += 1
            return .delim("\\")  // a parse error: a backslash before a newline
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return consumeNumeric()
        default:
            if isNameStartByte(c) { return consumeIdentLike() }
            return .delim(consumeScalar())
        }
    }

    // MARK: Comments and checks (§4.3.2, §4.3.8–§4.3.10)

    private mutating func skipComments() {
        while byte() == UInt8(ascii: "/"), byte(1) == UInt8(ascii: "*") {
            i += 2
            while i < bytes.count, !(bytes[i] == UInt8(ascii: "*") && byte(1) == UInt8(ascii: "/")) { i += 1 }
            i = min(i + 2, bytes.count)  // an unclosed comment runs to EOF
        }
    }

    @inline(__always) private func isWhitespace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D
    }
    @inline(__always) private func isNewline(_ b: UInt8) -> Bool { b == 0x0A || b == 0x0C || b == 0x0D }
    @inline(__always) private func isNameStartByte(_ b: UInt8) -> Bool {
        (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || b == UInt8(ascii: "_") || b >= 0x80 || b == 0
    }
    @inline(__always) private func isNameByte(_ b: UInt8) -> Bool {
        isNameStartByte(b) || (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "-")
    }
    @inline(__always) private func isDigit(_ b: UInt8?) -> Bool { b.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
    @inline(__always) private func isHex(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x66)
    }

    /// §4.3.8: a backslash not followed by a newline (or EOF).
    private func startsEscape(_ offset: Int) -> Bool {
        guard byte(offset) == UInt8(ascii: "\\"), let next = byte(offset + 1) else { return false }
        return !isNewline(next)
    }

    /// §4.3.9
    private func startsIdentifier(_ offset: Int) -> Bool {
        guard let c = byte(offset) else { return false }
        if c == UInt8(ascii: "-") {
            guard let n = byte(offset + 1) else { return false }
            return isNameStartByte(n) || n == UInt8(ascii: "-") || startsEscape(offset + 1)
        }
        return isNameStartByte(c) || startsEscape(offset)
    }

    /// §4.3.10
    private func startsNumber(_ offset: Int) -> Bool {
        guard let c = byte(offset) else { return false }
        if c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
            return isDigit(byte(offset + 1)) || (byte(offset + 1) == UInt8(ascii: ".") && isDigit(byte(offset + 2)))
        }
        if c == UInt8(ascii: ".") { return isDigit(byte(offset + 1)) }
        return isDigit(c)
    }

    // MARK: Consumers (§4.3.3–§4.3.7, §4.3.11–§4.3.14)

    /// One code point (for a delim), decoded from UTF-8; invalid bytes become U+FFFD.
    private mutating func consumeScalar() -> Unicode.Scalar {
        var decoder = UTF8()
        var iterator = bytes[i...].makeIterator()
        let start = i
        if case .scalarValue(let s) = decoder.decode(&iterator) {
            i += UTF8.width(s)
            return s
        }
        i = start + 1
        return "\u{FFFD}"
    }

    /// §4.3.7: the code point of an escape, the backslash already checked by `startsEscape`.
    private mutating func consumeEscape(into out: inout [UInt8]) {
        i += 1  // the backslash
        guard let c = byte() else { out.append(contentsOf: [0xEF, 0xBF, 0xBD]); return }
        guard isHex(c) else {
            if c == 0 { out.append(contentsOf: [0xEF, 0xBF, 0xBD]); i += 1 }
            else if c < 0x80 { out.append(c); i += 1 }
            else { append(consumeScalar(), to: &out) }
            return
        }
        var value: UInt32 = 0
        var digits = 0
        while digits < 6, let h = byte(), isHex(h) {
            value = value * 16 + UInt32(h <= 0x39 ? h - 0x30 : (h | 0x20) - 0x61 + 10)
            i += 1
            digits += 1
        }
        if let w = byte(), isWhitespace(w) {
            i += (w == 0x0D && byte(1) == 0x0A) ? 2 : 1
        }
        let scalar = (value == 0 || value > 0x10FFFF) ? nil : Unicode.Scalar(value)
        append(scalar ?? "\u{FFFD}", to: &out)
    }

    private func append(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        UTF8.encode(scalar) { out.append($0) }
    }

    /// §4.3.11: a name, with escapes resolved and NUL replaced.
    private mutating func consumeName() -> String {
        let start = i
        while let b = byte(), isNameByte(b), b != 0 { i += 1 }
        if !startsEscape(0) && byte() != 0 {  // the fast path: no escape, no NUL
            return String(decoding: bytes[start..<i], as: UTF8.self)
        }
        var out = Array(bytes[start..<i])
        while let b = byte() {
            if b == 0 { out.append(contentsOf: [0xEF, 0xBF, 0xBD]); i += 1 }
            else if isNameByte(b) { out.append(b); i += 1 }
            else if startsEscape(0) { consumeEscape(into: &out) }
            else { break }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// §4.3.5: after the opening quote.
    private mutating func consumeString(ending quote: UInt8) -> Token {
        var out: [UInt8] = []
        while let b = byte() {
            if b == quote { i += 1; return .string(String(decoding: out, as: UTF8.self)) }
            if isNewline(b) { return .badString }  // the newline is left for a whitespace token
            if b == UInt8(ascii: "\\") {
                guard let n = byte(1) else { i += 1; continue }  // an escape at EOF does nothing
                if isNewline(n) { i += (n == 0x0D && byte(2) == 0x0A) ? 3 : 2; continue }  // line continuation
                consumeEscape(into: &out)
                continue
            }
            if b == 0 { out.append(contentsOf: [0xEF, 0xBF, 0xBD]) } else { out.append(b) }
            i += 1
        }
        return .string(String(decoding: out, as: UTF8.self))  // EOF closes the string (a parse error)
    }

    /// §4.3.12: returns the value and whether it is an integer.
    private mutating func consumeNumber() -> (Double, Bool) {
        let start = i
        var isInteger = true
        if byte() == UInt8(ascii: "+") || byte() == UInt8(ascii: "-") { i += 1 }
        while isDigit(byte()) { i += 1 }
        if byte() == UInt8(ascii: "."), isDigit(byte(1)) {
            isInteger = false
            i += 2
            while isDigit(byte()) { i += 1 }
        }
        if let e = byte(), e | 0x20 == UInt8(ascii: "e") {
            let sign = byte(1) == UInt8(ascii: "+") || byte(1) == UInt8(ascii: "-")
            if isDigit(byte(sign ? 2 : 1)) {
                isInteger = false
                i += sign ? 3 : 2
                while isDigit(byte()) { i += 1 }
            }
        }
        var text = String(decoding: bytes[start..<i], as: UTF8.self)
        if text.hasPrefix("+") { text.removeFirst() }
        if text.hasPrefix(".") || text.hasPrefix("-.") { text = text.replacingFirst(".", with: "0.") }
        return (Double(text) ?? 0, isInteger)
    }

    /// §4.3.3
    private mutating func consumeNumeric() -> Token {
        let (value, isInteger) = consumeNumber()
        if startsIdentifier(0) { return .dimension(value, unit: consumeName(), isInteger: isInteger) }
        if byte() == UInt8(ascii: "%") { i += 1; return .percentage(value) }
        return .number(value, isInteger: isInteger)
    }

    /// §4.3.4: an ident, a function, or a url token.
    private mutating func consumeIdentLike() -> Token {
        let name = consumeName()
        guard byte() == UInt8(ascii: "(") else { return .ident(name) }
        i += 1
        guard name.asciiCaseInsensitiveEquals("url") else { return .function(name) }
        var j = i
        while j < bytes.count, isWhitespace(bytes[j]) { j += 1 }
        if j < bytes.count, bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'") {
            return .function(name)  // url("…") is a function holding a string token
        }
        return consumeURL()
    }

    /// §4.3.6: an unquoted url, after `url(`.
    private mutating func consumeURL() -> Token {
        while let b = byte(), isWhitespace(b) { i += 1 }
        var out: [UInt8] = []
        while let b = byte() {
            switch b {
            case UInt8(ascii: ")"):
                i += 1
                return .url(String(decoding: out, as: UTF8.self))
            case 0x09, 0x0A, 0x0C, 0x0D, 0x20:
                while let w = byte(), isWhitespace(w) { i += 1 }
                if byte() == nil { return .url(String(decoding: out, as: UTF8.self)) }
                if byte() == UInt8(ascii: ")") { i += 1; return .url(String(decoding: out, as: UTF8.self)) }
                consumeBadURLRemnants()
                return .badURL
            case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "("), 0x00...0x08, 0x0B, 0x0E...0x1F, 0x7F:
                consumeBadURLRemnants()
                return .badURL
            case UInt8(ascii: "\\"):
                guard startsEscape(0) else { consumeBadURLRemnants(); return .badURL }
                consumeEscape(into: &out)
            default:
                out.append(b)
                i += 1
            }
        }
        return .url(String(decoding: out, as: UTF8.self))  // EOF closes the url (a parse error)
    }

    /// §4.3.14: skips to the `)` that ends a bad url, stepping over escapes.
    private mutating func consumeBadURLRemnants() {
        while let b = byte() {
            if b == UInt8(ascii: ")") { i += 1; return }
            if startsEscape(0) { var ignored: [UInt8] = []; consumeEscape(into: &ignored) } else { i += 1 }
        }
    }
}

extension String {
    fileprivate func replacingFirst(_ target: Character, with replacement: String) -> String {
        guard let index = firstIndex(of: target) else { return self }
        return String(self[..<index]) + replacement + String(self[self.index(after: index)...])
    }
}
