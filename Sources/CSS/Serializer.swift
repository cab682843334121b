/// Turns component values back into readable CSS text: for selector provenance and An+B arguments. Runs of
/// whitespace become one space; identifiers are written as they were read (escapes already resolved).
enum Serializer {
    static func text(_ values: [ComponentValue]) -> String {
        var out = ""
        append(values, to: &out)
        return out.trimmingWhitespace
    }

    private static func append(_ values: [ComponentValue], to out: inout String) {
        for v in values {
            switch v {
            case .token(let t): append(t, to: &out)
            case .function(let name, let args):
                out += name + "("
                append(args, to: &out)
                out += ")"
            case .block(let kind, let contents):
                out += kind == .brace ? "{" : kind == .bracket ? "[" : "("
                append(contents, to: &out)
                out += kind == .brace ? "}" : kind == .bracket ? "]" : ")"
            }
        }
    }

    private static func append(_ t: Token, to out: inout String) {
        switch t {
        case .ident(let s): out += s
        case .function(let s): out += s + "("
        case .atKeyword(let s): out += "@" + s
        case .hash(let s, _): out += "#" + s
        case .string(let s): out += "\"" + s + "\""
        case .badString: out += "\""
        case .url(let s): out += "url(" + s + ")"
        case .badURL: out += "url()"
        case .delim(let c): out.unicodeScalars.append(c)
        case .number(let v, let isInteger): out += number(v, isInteger)
        case .percentage(let v): out += number(v, false) + "%"
        case .dimension(let v, let unit, let isInteger): out += number(v, isInteger) + unit
        case .whitespace: if !out.hasSuffix(" ") { out += " " }
        case .cdo: out += "<!--"
        case .cdc: out += "-->"
        case .colon: out += ":"
        case .semicolon: out += ";"
        case .comma: out += ","
        case .leftBracket: out += "["
        case .rightBracket: out += "]"
        case .leftParen: out += "("
        case .rightParen: out += ")"
        case .leftBrace: out += "{"
        case .rightBrace: out += "}"
        }
    }

    private static func number(_ v: Double, _ isInteger: Bool) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
        return String(v)
    }
}

extension String {
    var trimmingWhitespace: String {
        let isSpace = { (b: UInt8) in b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D }
        let bytes = Array(utf8)
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else { return "" }
        if first == 0, last == bytes.count - 1 { return self }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
