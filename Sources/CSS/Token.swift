/// One token of CSS Syntax Level 3 §4. Strings hold the value after escapes are resolved.
///
/// `unicode-range` tokens are not produced (§4 makes them optional outside `@font-face`, which Quire skips):
/// `U+26` tokenizes as an ident and a number, which no rule Quire reads ever sees.
public enum Token: Equatable, Sendable {
    case ident(String)
    case function(String)
    case atKeyword(String)
    /// `#name`; `isID` is the spec's "id" type flag: the name would also be a valid identifier.
    case hash(String, isID: Bool)
    case string(String)
    /// A string broken by an unescaped newline (§4.3.5).
    case badString
    case url(String)
    /// A `url(` whose unquoted value held a quote, `(`, whitespace before its end, or a bad escape (§4.3.6).
    case badURL
    case delim(Unicode.Scalar)
    case number(Double, isInteger: Bool)
    case percentage(Double)
    case dimension(Double, unit: String, isInteger: Bool)
    case whitespace
    /// `<!--`
    case cdo
    /// `-->`
    case cdc
    case colon, semicolon, comma
    case leftBracket, rightBracket, leftParen, rightParen, leftBrace, rightBrace

    /// The numeric value of a number, percentage or dimension token.
    public var numericValue: Double? {
        switch self {
        case .number(let v, _), .percentage(let v), .dimension(let v, _, _): return v
        default: return nil
        }
    }

    /// True for an ident token whose value equals `name` ignoring ASCII case (CSS keywords are ASCII case-insensitive).
    @inlinable public func isIdent(_ name: String) -> Bool {
        if case .ident(let s) = self { return s.asciiCaseInsensitiveEquals(name) }
        return false
    }
}

extension String {
    /// ASCII case-insensitive comparison (CSS keywords, property names, media types); non-ASCII bytes compare exactly.
    @inlinable func asciiCaseInsensitiveEquals(_ other: String) -> Bool {
        var a = self.utf8.makeIterator(), b = other.utf8.makeIterator()
        while true {
            switch (a.next(), b.next()) {
            case (nil, nil): return true
            case (let x?, let y?):
                if x == y { continue }
                if x | 0x20 == y | 0x20, (x | 0x20) >= 0x61, (x | 0x20) <= 0x7A { continue }
                return false
            default: return false
            }
        }
    }

    /// The string with ASCII letters lower-cased (CSS case-insensitivity never folds non-ASCII letters).
    @usableFromInline var asciiLowercased: String {
        var needs = false
        for byte in utf8 where byte >= 0x41 && byte <= 0x5A { needs = true; break }
        guard needs else { return self }
        return String(decoding: utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
