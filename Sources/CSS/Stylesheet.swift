/// One parsed style sheet: a value (Sendable) so that a book parses each sheet once and every document shares it.
///
/// At-rules (CSS Syntax 3 §9 and the specs of each): `@charset` is read and ignored (sheets are read as UTF-8);
/// `@import` is kept only before every other rule but `@charset` (CSS Cascade 4 §6.1) and loaded by
/// `StylesheetLoader`; `@namespace` only before every other rule but `@charset`/`@import` (CSS Namespaces 3 §3);
/// `@media` keeps its rules with their condition, evaluated when a `StyleResolver` is built; `@supports` is
/// evaluated here (it does not depend on the page): its rules are kept when the condition is true.
/// `@font-face`, `@page`, `@keyframes` and unknown at-rules are skipped whole.
public struct Stylesheet: Sendable {
    public struct Import: Sendable, Equatable {
        /// The URL as written (not resolved).
        public var href: String
        public var media: MediaQueryList
    }

    public private(set) var imports: [Import] = []
    public private(set) var namespaces = Namespaces()
    private(set) var rules: [Rule] = []
    /// The size of the source, for the loader's byte limit.
    public let byteCount: Int

    indirect enum Rule: Sendable {
        case style(StyleRule)
        case media(MediaQueryList, [Rule])
    }

    public init(_ text: String) { self.init(bytes: Array(text.utf8)) }

    public init(bytes: [UInt8]) {
        byteCount = bytes.count
        var parser = Parser(tokens: Tokenizer.tokens(bytes))
        var state = TopLevelState.imports
        for raw in parser.rules(topLevel: true) {
            if let name = raw.atName?.asciiLowercased {
                switch name {
                case "charset": continue
                case "import":
                    if state == .imports, raw.block == nil, let i = Stylesheet.importRule(raw.prelude) { imports.append(i) }
                    continue
                case "namespace":
                    if state != .rules, raw.block == nil { declareNamespace(raw.prelude) }
                    state = state == .rules ? .rules : .namespaces
                    continue
                default:
                    break
                }
            }
            state = .rules
            rules += rulesOf(raw)
        }
    }

    private enum TopLevelState { case imports, namespaces, rules }

    /// `@import [<url> | <string>] <media-query-list>?`; `layer` and `supports()` are Level 5's: such an import
    /// is kept only when its `supports()` is true, and the layer is ignored.
    private static func importRule(_ prelude: [ComponentValue]) -> Import? {
        var words = prelude.filter { !$0.isWhitespace }
        guard let first = words.first, let href = url(first) else { return nil }
        words.removeFirst()
        if let w = words.first, w.token?.isIdent("layer") == true { words.removeFirst() }
        if case .function(let name, _)? = words.first, name.asciiCaseInsensitiveEquals("layer") { words.removeFirst() }
        if case .function(let name, let args)? = words.first, name.asciiCaseInsensitiveEquals("supports") {
            guard Supports.evaluate(args) else { return nil }
            words.removeFirst()
        }
        return Import(href: href, media: words.isEmpty ? .all : MediaQueryList(values: words))
    }

    /// A `url()` token, a `url("…")` function or a string.
    static func url(_ v: ComponentValue) -> String? {
        switch v {
        case .token(.url(let s)), .token(.string(let s)): return s
        case .function(let name, let args) where name.asciiCaseInsensitiveEquals("url"):
            let words = args.filter { !$0.isWhitespace }
            if words.count == 1, case .token(.string(let s)) = words[0] { return s }
            return nil
        default: return nil
        }
    }

    /// `@namespace <prefix>? [<string> | <url>]`.
    private mutating func declareNamespace(_ prelude: [ComponentValue]) {
        let words = prelude.filter { !$0.isWhitespace }
        if words.count == 1, let uri = Stylesheet.url(words[0]) {
            namespaces.defaultURI = uri
        } else if words.count == 2, case .token(.ident(let prefix)) = words[0], let uri = Stylesheet.url(words[1]) {
            namespaces.prefixes[prefix] = uri
        }
    }

    /// A rule of the top level or of a conditional group: style rules, `@media`, `@supports`; the rest skipped.
    private func rulesOf(_ raw: RawRule) -> [Rule] {
        guard let name = raw.atName?.asciiLowercased else {
            guard let block = raw.block, let selectors = Selector.parseList(raw.prelude, namespaces: namespaces) else { return [] }
            return [.style(StyleRule(selectors: selectors, declarations: Declaration.typed(Parser.declarations(block))))]
        }
        guard let block = raw.block else { return [] }
        switch name {
        case "media":
            return [.media(MediaQueryList(values: raw.prelude), nested(block))]
        case "supports":
            return Supports.evaluate(raw.prelude) ? nested(block) : []
        default:
            return []  // @font-face, @page, @keyframes, and at-rules Quire does not know
        }
    }

    private func nested(_ block: [ComponentValue]) -> [Rule] {
        var parser = Parser(values: block)
        return parser.rules(topLevel: false).flatMap { raw -> [Rule] in
            // @import, @namespace and @charset are invalid inside a group rule.
            if let n = raw.atName?.asciiLowercased, ["import", "namespace", "charset"].contains(n) { return [] }
            return rulesOf(raw)
        }
    }

    /// The style rules that apply in `context`, in source order (`@media` groups opened or dropped).
    func styleRules(in context: MediaContext) -> [StyleRule] {
        var out: [StyleRule] = []
        func walk(_ rules: [Rule]) {
            for rule in rules {
                switch rule {
                case .style(let r): out.append(r)
                case .media(let list, let inner): if list.matches(context) { walk(inner) }
                }
            }
        }
        walk(rules)
        return out
    }

    /// Every style rule, whatever the media (for tests and tools).
    public var allStyleRules: [StyleRule] {
        var out: [StyleRule] = []
        func walk(_ rules: [Rule]) {
            for rule in rules {
                switch rule {
                case .style(let r): out.append(r)
                case .media(_, let inner): walk(inner)
                }
            }
        }
        walk(rules)
        return out
    }
}

/// A style rule: its selector list and its typed longhand declarations.
public struct StyleRule: Sendable {
    public var selectors: [Selector]
    public var declarations: [Declaration]
}

/// `@supports` conditions (CSS Conditional 3 §6): `(property: value)` is true when Quire understands the property
/// and can read the value; `selector(…)` (Level 4) when the selector parses; `not`, `and`, `or` combine them and
/// anything else is false.
enum Supports {
    static func evaluate(_ prelude: [ComponentValue]) -> Bool { condition(prelude.filter { !$0.isWhitespace }) }

    private static func condition(_ words: [ComponentValue]) -> Bool {
        guard let first = words.first else { return false }
        if first.token?.isIdent("not") == true { return words.count == 2 && !inParens(words[1]) }
        guard words.count % 2 == 1 else { return false }
        if words.count == 1 { return inParens(first) }
        guard case .token(.ident(let joinRaw)) = words[1] else { return false }
        let join = joinRaw.asciiLowercased
        guard join == "and" || join == "or" else { return false }
        var results = [inParens(first)]
        for j in stride(from: 1, to: words.count, by: 2) {
            guard words[j].token?.isIdent(join) == true else { return false }
            results.append(inParens(words[j + 1]))
        }
        return join == "and" ? !results.contains(false) : results.contains(true)
    }

    private static func inParens(_ v: ComponentValue) -> Bool {
        switch v {
        case .block(.paren, let contents):
            let words = contents.filter { !$0.isWhitespace }
            if case .token(.ident(let name))? = words.first, words.count >= 2, words[1] == .token(.colon) {
                var value = Array(contents.drop { $0 != .token(.colon) }.dropFirst())
                Parser.trimWhitespace(&value)
                return PropertyParser.parse(name: name, value: value) != nil
            }
            return condition(words)
        case .function(let name, let args) where name.asciiCaseInsensitiveEquals("selector"):
            return Selector.parseList(args, namespaces: Namespaces()) != nil
        default:
            return false
        }
    }
}
