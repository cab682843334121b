/// A component value of CSS Syntax Level 3 §5: a preserved token, a function with its arguments, or a simple block.
public indirect enum ComponentValue: Equatable, Sendable {
    case token(Token)
    case function(String, [ComponentValue])
    case block(BlockKind, [ComponentValue])

    public enum BlockKind: Sendable { case brace, bracket, paren }

    @inline(__always) var isWhitespace: Bool { if case .token(.whitespace) = self { return true }; return false }
    @inline(__always) var token: Token? { if case .token(let t) = self { return t }; return nil }
}

/// A rule as the parser reads it (§5.4.2, §5.4.3), before its prelude and block are given meaning.
struct RawRule {
    /// The at-keyword's name, nil for a qualified rule.
    var atName: String?
    var prelude: [ComponentValue]
    /// The `{}` block's contents; nil for an at-rule ended by `;` (or EOF).
    var block: [ComponentValue]?
}

/// A declaration (§5.4.6) before its value is typed: the name as written and the value without `!important` and
/// without leading or trailing whitespace.
struct RawDeclaration {
    var name: String
    var value: [ComponentValue]
    var important: Bool
}

/// The parser of CSS Syntax Level 3 §5 over a token list. Error recovery is the spec's: a rule missing its block at
/// EOF is dropped, blocks and functions still open at EOF are closed, and a bad declaration is dropped up to the next
/// `;` while the rest of its block is kept.
struct Parser {
    private var values: [ComponentValue]
    private var i = 0

    /// Parses tokens into component values once; rules and declarations are then read from them.
    init(tokens: [Token]) {
        var index = 0
        values = Parser.componentValues(tokens, &index, until: nil)
    }

    init(values: [ComponentValue]) { self.values = values }

    /// §5.4.7–§5.4.9, applied to a whole token list: nests blocks and functions, stopping at the closing token `until`.
    private static func componentValues(_ tokens: [Token], _ i: inout Int, until end: Token?) -> [ComponentValue] {
        var out: [ComponentValue] = []
        while i < tokens.count {
            let t = tokens[i]
            i += 1
            if let end, t == end { return out }
            switch t {
            case .leftBrace: out.append(.block(.brace, componentValues(tokens, &i, until: .rightBrace)))
            case .leftBracket: out.append(.block(.bracket, componentValues(tokens, &i, until: .rightBracket)))
            case .leftParen: out.append(.block(.paren, componentValues(tokens, &i, until: .rightParen)))
            case .function(let name): out.append(.function(name, componentValues(tokens, &i, until: .rightParen)))
            default: out.append(.token(t))
            }
        }
        return out  // EOF closes whatever is open (a parse error, not a loss)
    }

    /// The component values not yet consumed.
    mutating func remaining() -> [ComponentValue] {
        defer { i = values.count }
        return Array(values[i...])
    }

    /// §5.4.1 "consume a list of rules"; `topLevel` skips CDO/CDC as a stylesheet's top level does.
    mutating func rules(topLevel: Bool) -> [RawRule] {
        var out: [RawRule] = []
        while i < values.count {
            let v = values[i]
            switch v {
            case .token(.whitespace): i += 1
            case .token(.cdo) where topLevel, .token(.cdc) where topLevel: i += 1
            case .token(.atKeyword(let name)):
                i += 1
                out.append(atRule(name))
            default:
                if let rule = qualifiedRule() { out.append(rule) }
            }
        }
        return out
    }

    /// §5.4.2: the prelude up to `;` or a `{}` block.
    private mutating func atRule(_ name: String) -> RawRule {
        var prelude: [ComponentValue] = []
        while i < values.count {
            let v = values[i]
            i += 1
            if case .token(.semicolon) = v { return RawRule(atName: name, prelude: prelude, block: nil) }
            if case .block(.brace, let contents) = v { return RawRule(atName: name, prelude: prelude, block: contents) }
            prelude.append(v)
        }
        return RawRule(atName: name, prelude: prelude, block: nil)
    }

    /// §5.4.3: the prelude up to a `{}` block; nil (the rule dropped) when EOF comes first.
    private mutating func qualifiedRule() -> RawRule? {
        var prelude: [ComponentValue] = []
        while i < values.count {
            let v = values[i]
            i += 1
            if case .block(.brace, let contents) = v { return RawRule(atName: nil, prelude: prelude, block: contents) }
            prelude.append(v)
        }
        return nil
    }

    /// §5.4.5 "consume a list of declarations" over a block's contents (or a `style` attribute). At-rules inside
    /// are consumed and dropped; anything that does not start with an ident is skipped to the next `;`.
    static func declarations(_ values: [ComponentValue]) -> [RawDeclaration] {
        var out: [RawDeclaration] = []
        var i = 0
        while i < values.count {
            switch values[i] {
            case .token(.whitespace), .token(.semicolon):
                i += 1
            case .token(.atKeyword):
                i += 1  // an at-rule in a declaration list: skip its prelude and block
                while i < values.count {
                    let v = values[i]
                    i += 1
                    if case .token(.semicolon) = v { break }
                    if case .block(.brace, _) = v { break }
                }
            case .token(.ident(let name)):
                let start = i + 1
                while i < values.count, values[i] != .token(.semicolon) { i += 1 }
                if let d = declaration(name, values[start..<i]) { out.append(d) }
            default:
                while i < values.count, values[i] != .token(.semicolon) { i += 1 }
            }
        }
        return out
    }

    /// §5.4.6: after the name; nil when the colon is missing (the declaration is dropped).
    private static func declaration(_ name: String, _ rest: ArraySlice<ComponentValue>) -> RawDeclaration? {
        var j = rest.startIndex
        while j < rest.endIndex, rest[j].isWhitespace { j += 1 }
        guard j < rest.endIndex, rest[j] == .token(.colon) else { return nil }
        var value = Array(rest[(j + 1)...])
        trimWhitespace(&value)
        var important = false
        if let last = value.last, last.token?.isIdent("important") == true {
            var k = value.count - 2
            while k >= 0, value[k].isWhitespace { k -= 1 }
            if k >= 0, value[k] == .token(.delim("!")) {
                important = true
                value.removeSubrange(k...)
                trimWhitespace(&value)
            }
        }
        return RawDeclaration(name: name, value: value, important: important)
    }

    static func trimWhitespace(_ values: inout [ComponentValue]) {
        while values.last?.isWhitespace == true { values.removeLast() }
        if let first = values.firstIndex(where: { !$0.isWhitespace }) { values.removeFirst(first) } else { values = [] }
    }

    /// Splits component values at top-level commas (selector lists, media query lists).
    static func splitAtCommas(_ values: [ComponentValue]) -> [[ComponentValue]] {
        var out: [[ComponentValue]] = [[]]
        for v in values {
            if v == .token(.comma) { out.append([]) } else { out[out.count - 1].append(v) }
        }
        return out
    }
}
