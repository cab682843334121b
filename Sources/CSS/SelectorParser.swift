/// Reads one complex selector from the component values between two commas of a rule's prelude (Selectors 3 §4).
struct SelectorParser {
    private let values: [ComponentValue]
    private var i = 0
    private let namespaces: Namespaces
    private var neverMatches = false

    init(_ values: [ComponentValue], namespaces: Namespaces) {
        var trimmed = values
        Parser.trimWhitespace(&trimmed)
        self.values = trimmed
        self.namespaces = namespaces
    }

    private var current: ComponentValue? { i < values.count ? values[i] : nil }

    /// The whole input as one complex selector, or nil when it is invalid.
    mutating func complex() -> Selector? {
        guard !values.isEmpty else { return nil }
        var compounds: [Compound] = []
        var combinators: [Selector.Combinator] = []
        guard let first = compound() else { return nil }
        compounds.append(first)
        while i < values.count {
            var sawSpace = false
            while current?.isWhitespace == true { i += 1; sawSpace = true }
            var combinator: Selector.Combinator = .descendant
            switch current {
            case .token(.delim(">"))?: combinator = .child; i += 1
            case .token(.delim("+"))?: combinator = .nextSibling; i += 1
            case .token(.delim("~"))?: combinator = .subsequentSibling; i += 1
            default: guard sawSpace else { return nil }
            }
            while current?.isWhitespace == true { i += 1 }
            guard let next = compound() else { return nil }
            combinators.append(combinator)
            compounds.append(next)
        }
        return Selector(compounds: compounds.reversed(), combinators: combinators.reversed(),
                        text: Serializer.text(values), neverMatches: neverMatches)
    }

    /// A compound: an optional type or universal selector, then ids, classes, attributes and pseudo-classes.
    private mutating func compound(allowPseudoElements: Bool = true) -> Compound? {
        var result = Compound()
        var empty = true
        if let (ns, name) = typeSelector() {
            result.namespace = ns
            result.localName = name
            empty = false
        } else if let uri = namespaces.defaultURI {
            result.namespace = .uri(uri)  // an implied universal selector is in the default namespace (§6.2)
        }
        while let v = current {
            switch v {
            case .token(.hash(let name, let isID)):
                guard isID else { return nil }
                result.tests.append(.id(name))
                i += 1
            case .token(.delim(".")):
                guard i + 1 < values.count, case .token(.ident(let name)) = values[i + 1] else { return nil }
                result.tests.append(.class(name))
                i += 2
            case .block(.bracket, let contents):
                guard let test = attribute(contents) else { return nil }
                result.tests.append(.attribute(test))
                i += 1
            case .token(.colon):
                i += 1
                guard let test = pseudo(allowPseudoElements: allowPseudoElements) else { return nil }
                result.tests.append(test)
            default:
                return empty && result.tests.isEmpty ? nil : result
            }
            empty = false
        }
        return empty && result.tests.isEmpty ? nil : result
    }

    /// `ns|name`, `*|name`, `|name`, `name`, and the same with `*` for the name.
    private mutating func typeSelector() -> (NamespaceTest, String?)? {
        func name(at j: Int) -> String?? {  // .some(nil) is `*`
            guard j < values.count else { return nil }
            if case .token(.ident(let s)) = values[j] { return .some(s) }
            if case .token(.delim("*")) = values[j] { return .some(nil) }
            return nil
        }
        let values = self.values
        let isBar = { (j: Int) in j < values.count && values[j] == .token(.delim("|")) }
        if isBar(i), let local = name(at: i + 1) { i += 2; return (.uri(""), local) }
        guard let first = name(at: i) else { return nil }
        if isBar(i + 1), let local = name(at: i + 2) {
            i += 3
            guard let prefix = first else { return (.any, local) }
            guard let uri = namespaces.prefixes[prefix] else { return nil }  // undeclared: invalid (caller fails)
            return (.uri(uri), local)
        }
        i += 1
        return (namespaces.defaultURI.map(NamespaceTest.uri) ?? .any, first)
    }

    /// `[ns|name op value flag]` (Selectors 3 §6.3; the `i` flag is Level 4's).
    private func attribute(_ contents: [ComponentValue]) -> AttributeTest? {
        let parts = contents.filter { !$0.isWhitespace }
        var j = 0
        var namespace = NamespaceTest.uri("")
        func ident(_ k: Int) -> String? {
            if k < parts.count, case .token(.ident(let s)) = parts[k] { return s }
            return nil
        }
        let bar = ComponentValue.token(.delim("|"))
        if parts.first == bar { j = 1 }
        else if parts.count > 2, parts[1] == bar, parts.first == .token(.delim("*")) { namespace = .any; j = 2 }
        else if parts.count > 2, parts[1] == bar, let prefix = ident(0), ident(2) != nil {
            guard let uri = namespaces.prefixes[prefix] else { return nil }
            namespace = .uri(uri)
            j = 2
        }
        guard let name = ident(j) else { return nil }
        j += 1
        guard j < parts.count else { return AttributeTest(namespace: namespace, name: name, op: .exists, value: "", caseInsensitive: false) }
        var op = AttributeTest.Operator.equals
        if parts[j] != .token(.delim("=")) {
            switch parts[j] {
            case .token(.delim("~")): op = .includes
            case .token(.delim("|")): op = .dashMatch
            case .token(.delim("^")): op = .prefix
            case .token(.delim("$")): op = .suffix
            case .token(.delim("*")): op = .substring
            default: return nil
            }
            j += 1
            guard j < parts.count, parts[j] == .token(.delim("=")) else { return nil }
        }
        j += 1
        guard j < parts.count else { return nil }
        var value: String
        switch parts[j] {
        case .token(.ident(let s)), .token(.string(let s)): value = s
        default: return nil
        }
        j += 1
        var insensitive = false
        if let flag = ident(j) {
            guard flag.asciiCaseInsensitiveEquals("i") || flag.asciiCaseInsensitiveEquals("s") else { return nil }
            insensitive = flag.asciiCaseInsensitiveEquals("i")
            if insensitive { value = value.asciiLowercased }
            j += 1
        }
        guard j == parts.count else { return nil }
        return AttributeTest(namespace: namespace, name: name, op: op, value: value, caseInsensitive: insensitive)
    }

    private static let dynamic: Set<String> = [
        "hover", "active", "focus", "focus-within", "focus-visible", "visited", "target", "target-within", "enabled",
        "disabled", "checked", "indeterminate", "default", "valid", "invalid", "in-range", "out-of-range",
        "required", "optional", "read-only", "read-write", "placeholder-shown", "any-link",
    ]
    private static let pseudoElements: Set<String> = [
        "before", "after", "first-line", "first-letter", "selection", "marker", "placeholder", "backdrop",
    ]

    /// After a colon: a pseudo-class, or a pseudo-element after a second colon (or one of the four Level 2 ones).
    private mutating func pseudo(allowPseudoElements: Bool) -> SimpleTest? {
        if current == .token(.colon) {
            i += 1
            guard allowPseudoElements, case .token(.ident(let name))? = current,
                  SelectorParser.pseudoElements.contains(name.asciiLowercased) else { return nil }
            i += 1
            neverMatches = true
            return .never(isPseudoElement: true)
        }
        switch current {
        case .token(.ident(let raw))?:
            i += 1
            let name = raw.asciiLowercased
            if ["before", "after", "first-line", "first-letter"].contains(name) {
                guard allowPseudoElements else { return nil }
                neverMatches = true
                return .never(isPseudoElement: true)
            }
            if SelectorParser.dynamic.contains(name) { neverMatches = true; return .never(isPseudoElement: false) }
            switch name {
            case "root": return .pseudo(.root)
            case "empty": return .pseudo(.empty)
            case "first-child": return .pseudo(.firstChild)
            case "last-child": return .pseudo(.lastChild)
            case "only-child": return .pseudo(.onlyChild)
            case "first-of-type": return .pseudo(.firstOfType)
            case "last-of-type": return .pseudo(.lastOfType)
            case "only-of-type": return .pseudo(.onlyOfType)
            case "link": return .pseudo(.link)
            default: return nil
            }
        case .function(let raw, let arguments)?:
            i += 1
            return functional(raw.asciiLowercased, arguments)
        default:
            return nil
        }
    }

    private mutating func functional(_ name: String, _ arguments: [ComponentValue]) -> SimpleTest? {
        switch name {
        case "nth-child", "nth-last-child", "nth-of-type", "nth-last-of-type":
            guard let (a, b) = SelectorParser.anPlusB(SelectorParser.anPlusBText(arguments)) else { return nil }
            switch name {
            case "nth-child": return .pseudo(.nthChild(a, b))
            case "nth-last-child": return .pseudo(.nthLastChild(a, b))
            case "nth-of-type": return .pseudo(.nthOfType(a, b))
            default: return .pseudo(.nthLastOfType(a, b))
            }
        case "lang":
            let words = arguments.filter { !$0.isWhitespace }
            guard words.count == 1 else { return nil }
            switch words[0] {
            case .token(.ident(let s)), .token(.string(let s)): return .pseudo(.lang(s.asciiLowercased))
            default: return nil
            }
        case "not", "is", "matches", "where", "-webkit-any":
            var list: [Compound] = []
            for part in Parser.splitAtCommas(arguments) {
                var inner = SelectorParser(part, namespaces: namespaces)
                guard let c = inner.compound(allowPseudoElements: false), inner.i == inner.values.count else { return nil }
                if inner.neverMatches { neverMatches = neverMatches || name != "not" }
                list.append(c)
            }
            if name == "not" { return .not(list) }
            return .is(list, countsSpecificity: name != "where")
        default:
            return nil
        }
    }

    /// The argument's text for `anPlusB`. The tokenizer keeps no sign on a number, so a positive number is written
    /// with `+` unless a sign delim is just before it (`2n+1` is a dimension `2n` then the number `+1`).
    static func anPlusBText(_ arguments: [ComponentValue]) -> String {
        var out = ""
        for v in arguments where !v.isWhitespace {
            if case .token(.number(let n, true)) = v, n >= 0, !(out.hasSuffix("+") || out.hasSuffix("-")) {
                out += "+" + String(Int(n))
            } else {
                out += Serializer.text([v])
            }
        }
        return out
    }

    /// The An+B microsyntax (CSS Syntax 3 §6), read from the argument's text with whitespace removed.
    static func anPlusB(_ text: String) -> (Int, Int)? {
        let s = text.asciiLowercased.filter { !$0.isWhitespace }
        if s == "odd" { return (2, 1) }
        if s == "even" { return (2, 0) }
        guard let n = s.firstIndex(of: "n") else { return Int(s).map { (0, $0) } }
        let aText = s[..<n]
        let a: Int
        switch aText {
        case "", "+": a = 1
        case "-": a = -1
        default: guard let v = Int(aText) else { return nil }; a = v
        }
        let rest = s[s.index(after: n)...]
        if rest.isEmpty { return (a, 0) }
        guard rest.first == "+" || rest.first == "-", rest.count > 1, rest.dropFirst().allSatisfy(\.isNumber),
              let b = Int(rest) else { return nil }
        return (a, b)
    }
}
