/// A complex selector of Selectors Level 3, compiled for right-to-left matching: `compounds[0]` is the subject (the
/// rightmost compound) and `combinators[i]` says how `compounds[i + 1]` relates to the element that matched
/// `compounds[i]`.
public struct Selector: Sendable, Equatable {
    public let specificity: Specificity
    /// The selector as written (whitespace collapsed), for provenance such as `.vrtl in style-standard.css`.
    public let text: String
    @usableFromInline let compounds: [Compound]
    /// `compounds` as shared, immutable objects for the matching loop: taking one out of the array is then one
    /// retain, where a struct's copy retains its name, namespace and tests (a third of the cost of matching).
    @usableFromInline let matchers: [CompoundMatcher]
    @usableFromInline let combinators: [Combinator]
    /// Holds a pseudo-element or a dynamic pseudo-class (`::before`, `:hover`): kept, but never matches in a paged,
    /// static rendering.
    @usableFromInline let neverMatches: Bool
    /// See `ancestorHashes`: all must be in an element's ancestor filter for the selector to possibly match.
    let ancestorHashes: [UInt32]

    @usableFromInline enum Combinator: Sendable, Equatable { case descendant, child, nextSibling, subsequentSibling }

    /// Parses one selector list (a rule's prelude). nil when any selector in it is invalid: Selectors 3 §5 drops
    /// the whole rule then. `namespaces` resolves prefixes (`epub|type`); an undeclared prefix is invalid.
    public static func parseList(_ text: String, namespaces: Namespaces = Namespaces()) -> [Selector]? {
        var parser = Parser(tokens: Tokenizer.tokens(text))
        return parseList(parser.remaining(), namespaces: namespaces)
    }

    static func parseList(_ prelude: [ComponentValue], namespaces: Namespaces) -> [Selector]? {
        var out: [Selector] = []
        for part in Parser.splitAtCommas(prelude) {
            var parser = SelectorParser(part, namespaces: namespaces)
            guard let selector = parser.complex() else { return nil }
            out.append(selector)
        }
        return out
    }

    init(compounds: [Compound], combinators: [Combinator], text: String, neverMatches: Bool) {
        self.compounds = compounds
        self.matchers = compounds.map(CompoundMatcher.init)
        self.combinators = combinators
        self.text = text
        self.neverMatches = neverMatches
        specificity = compounds.reduce(Specificity()) { $0 + $1.specificity }
        ancestorHashes = Selector.ancestorHashes(compounds, combinators)
    }
}

/// A compound selector frozen for matching (see `Selector.matchers`).
@usableFromInline final class CompoundMatcher: Sendable, Equatable {
    @usableFromInline let localName: String?
    /// `AncestorFilter.typeHash(localName)`: most type tests fail, on this integer.
    @usableFromInline let typeHash: UInt32
    /// nil: any namespace.
    @usableFromInline let namespaceURI: String?
    @usableFromInline let tests: [SimpleTest]

    init(_ c: Compound) {
        localName = c.localName
        typeHash = c.localName.map(AncestorFilter.typeHash) ?? 0
        if case .uri(let u) = c.namespace { namespaceURI = u } else { namespaceURI = nil }
        tests = c.tests
    }

    @usableFromInline static func == (a: CompoundMatcher, b: CompoundMatcher) -> Bool {
        a.localName == b.localName && a.namespaceURI == b.namespaceURI && a.tests == b.tests
    }
}

/// Specificity per Selectors 3 §9: (ids, classes + attributes + pseudo-classes, types + pseudo-elements).
/// Comparable lexicographically, as the cascade sorts.
public struct Specificity: Sendable, Comparable, Hashable, CustomStringConvertible {
    public var a = 0, b = 0, c = 0
    public init(a: Int = 0, b: Int = 0, c: Int = 0) { self.a = a; self.b = b; self.c = c }
    public static func < (l: Specificity, r: Specificity) -> Bool { (l.a, l.b, l.c) < (r.a, r.b, r.c) }
    static func + (l: Specificity, r: Specificity) -> Specificity { Specificity(a: l.a + r.a, b: l.b + r.b, c: l.c + r.c) }
    public var description: String { "(\(a),\(b),\(c))" }
}

/// The namespace prefixes a sheet declared with `@namespace` (CSS Namespaces 3).
public struct Namespaces: Sendable, Equatable {
    /// The default namespace: unprefixed type and universal selectors match only elements in it.
    public var defaultURI: String?
    public var prefixes: [String: String] = [:]
    public init(defaultURI: String? = nil, prefixes: [String: String] = [:]) {
        self.defaultURI = defaultURI; self.prefixes = prefixes
    }
}

/// Which namespace a type, universal or attribute selector asks for.
@usableFromInline enum NamespaceTest: Sendable, Equatable {
    /// `*|` (or no prefix and no default namespace, for elements).
    case any
    /// A namespace URI; "" is "no namespace" (`|name`, or an unprefixed attribute).
    case uri(String)
}

/// A compound selector: an optional type test and the simple selectors that follow it.
@usableFromInline struct Compound: Sendable, Equatable {
    /// nil is the universal selector in any namespace.
    @usableFromInline var namespace: NamespaceTest = .any
    /// nil for `*`.
    @usableFromInline var localName: String?
    @usableFromInline var tests: [SimpleTest] = []

    var specificity: Specificity {
        var s = Specificity(c: localName == nil ? 0 : 1)
        for t in tests { s = s + t.specificity }
        return s
    }
}

/// Indirect as a whole: matching copies each test out of its compound's array, and a copy of a test is then one
/// retain of its box, where copying the payload cost about 230 instructions with its release (issue 19).
@usableFromInline indirect enum SimpleTest: Sendable, Equatable {
    case id(String)
    case `class`(String)
    case attribute(AttributeTest)
    case pseudo(PseudoClass)
    /// `:not(…)`: matches when none of the compounds match (Level 3 allows one simple selector; a list of
    /// compounds is Level 4's, read here too).
    case not([Compound])
    /// `:is()`/`:matches()` (counts its most specific argument) and `:where()` (counts nothing).
    case `is`([Compound], countsSpecificity: Bool)
    /// A pseudo-element or dynamic pseudo-class: never matches, counts as written (pseudo-elements as types).
    case never(isPseudoElement: Bool)

    var specificity: Specificity {
        switch self {
        case .id: return Specificity(a: 1)
        case .class, .attribute, .pseudo: return Specificity(b: 1)
        case .never(let element): return element ? Specificity(c: 1) : Specificity(b: 1)
        case .not(let list): return list.map(\.specificity).max() ?? Specificity()
        case .is(let list, let counts): return counts ? list.map(\.specificity).max() ?? Specificity() : Specificity()
        }
    }
}

@usableFromInline struct AttributeTest: Sendable, Equatable {
    @usableFromInline var namespace: NamespaceTest
    @usableFromInline var name: String
    @usableFromInline var op: Operator
    @usableFromInline var value: String
    @usableFromInline var caseInsensitive: Bool

    @usableFromInline enum Operator: Sendable, Equatable { case exists, equals, includes, dashMatch, prefix, suffix, substring }
}

@usableFromInline enum PseudoClass: Sendable, Equatable {
    case root, empty, firstChild, lastChild, onlyChild, firstOfType, lastOfType, onlyOfType, link
    case nthChild(Int, Int), nthLastChild(Int, Int), nthOfType(Int, Int), nthLastOfType(Int, Int)
    case lang(String)
}
