/// What `@media` and `media` attributes are evaluated against: a paginated screen reader (Media Queries 4).
/// `all` and `screen` are true; `print`, `speech`, `aural`, `tv`, `amzn-*` and every other type are false.
/// `(orientation)` is answered from `orientation`. `(color)` is true and `(monochrome)`, `(grid)` false.
/// Width and height features are answered only when the lead gives a viewport size in CSS pixels; otherwise, like
/// every other feature, they are *unknown*, which MQ4 §3.2 evaluates as false at the top and which `not` keeps
/// unknown (so neither `(max-width: 480px)` nor `not all and (max-width: 480px)` applies).
public struct MediaContext: Sendable, Equatable {
    public enum Orientation: String, Sendable { case portrait, landscape }
    public var orientation: Orientation
    /// The page's size in CSS pixels, when the lead wants width/height features answered.
    public var viewportWidth: Double?
    public var viewportHeight: Double?

    public init(orientation: Orientation = .portrait, viewportWidth: Double? = nil, viewportHeight: Double? = nil) {
        self.orientation = orientation
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
    }
}

/// A media query list (MQ4 §2): true when any query is true; an empty list is true. A query that does not parse
/// is `not all` (false) on its own, without spoiling the others (§3.2).
public struct MediaQueryList: Sendable, Equatable {
    let queries: [MediaQuery]

    public static let all = MediaQueryList(queries: [])

    public init(_ text: String) {
        var parser = Parser(tokens: Tokenizer.tokens(text))
        self.init(values: parser.remaining())
    }

    init(queries: [MediaQuery]) { self.queries = queries }

    init(values: [ComponentValue]) {
        let words = values.filter { !$0.isWhitespace }
        queries = words.isEmpty ? [] : Parser.splitAtCommas(values).map { MediaQuery(parsing: $0.filter { !$0.isWhitespace }) }
    }

    public func matches(_ context: MediaContext) -> Bool {
        queries.isEmpty || queries.contains { $0.evaluate(context) == .true }
    }
}

/// Three-valued logic for media and supports conditions (MQ4 §3.2: unknown is false at the top level).
enum Kleene: Equatable {
    case `true`, `false`, unknown
    static func from(_ b: Bool) -> Kleene { b ? .true : .false }
    var negated: Kleene { self == .unknown ? .unknown : (self == .true ? .false : .true) }
}

struct MediaQuery: Sendable, Equatable {
    var negated = false
    /// The media type, lower-cased; nil when the query is only a condition.
    var type: String?
    var condition: MediaCondition?
    /// The query did not parse: it is `not all`.
    var invalid = false

    init(parsing words: [ComponentValue]) {
        var k = 0
        func ident(_ j: Int) -> String? {
            if j < words.count, case .token(.ident(let s)) = words[j] { return s.asciiLowercased }
            return nil
        }
        guard !words.isEmpty else { invalid = true; return }
        if let first = ident(0), first != "not" || ident(1) != nil {
            if first == "not" || first == "only" { negated = first == "not"; k = 1 }
            guard let t = ident(k), !["and", "or", "not", "only"].contains(t) else { invalid = true; return }
            type = t
            k += 1
            guard k < words.count else { return }
            guard ident(k) == "and", let c = MediaCondition.parse(Array(words[(k + 1)...]), allowOr: false) else { invalid = true; return }
            condition = c
            return
        }
        guard let c = MediaCondition.parse(words, allowOr: true) else { invalid = true; return }
        condition = c
    }

    func evaluate(_ context: MediaContext) -> Kleene {
        if invalid { return .false }
        var result: Kleene = .true
        if let type { result = .from(type == "all" || type == "screen") }
        if result == .true, let condition { result = condition.evaluate(context) }
        return negated ? result.negated : result
    }
}

indirect enum MediaCondition: Sendable, Equatable {
    case feature(String, [ComponentValue])
    case not(MediaCondition)
    case and([MediaCondition])
    case or([MediaCondition])
    /// `<general-enclosed>` and range syntax: always unknown.
    case unknown

    /// `not <in-parens> | <in-parens> [and <in-parens>]* | <in-parens> [or <in-parens>]*` (MQ4 §3).
    static func parse(_ words: [ComponentValue], allowOr: Bool) -> MediaCondition? {
        guard let first = words.first else { return nil }
        if first.token?.isIdent("not") == true {
            guard words.count == 2, let inner = inParens(words[1]) else { return nil }
            return .not(inner)
        }
        guard let head = inParens(first) else { return nil }
        if words.count == 1 { return head }
        guard words.count % 2 == 1, case .token(.ident(let joinRaw)) = words[1] else { return nil }
        let join = joinRaw.asciiLowercased
        guard join == "and" || (join == "or" && allowOr) else { return nil }
        var parts = [head]
        for j in stride(from: 1, to: words.count, by: 2) {
            guard words[j].token?.isIdent(join) == true, let p = inParens(words[j + 1]) else { return nil }
            parts.append(p)
        }
        return join == "and" ? .and(parts) : .or(parts)
    }

    private static func inParens(_ v: ComponentValue) -> MediaCondition? {
        switch v {
        case .block(.paren, let contents):
            let words = contents.filter { !$0.isWhitespace }
            if case .token(.ident(let name))? = words.first {
                if words.count == 1 { return .feature(name.asciiLowercased, []) }
                if words[1] == .token(.colon) { return .feature(name.asciiLowercased, Array(words[2...])) }
                if name.asciiCaseInsensitiveEquals("not") { return parse(words, allowOr: true) ?? .unknown }
                return .unknown  // range syntax: unknown here
            }
            return parse(words, allowOr: true) ?? .unknown
        case .function:
            return .unknown
        default:
            return nil
        }
    }

    func evaluate(_ context: MediaContext) -> Kleene {
        switch self {
        case .unknown: return .unknown
        case .not(let c): return c.evaluate(context).negated
        case .and(let parts):
            let r = parts.map { $0.evaluate(context) }
            return r.contains(.false) ? .false : r.contains(.unknown) ? .unknown : .true
        case .or(let parts):
            let r = parts.map { $0.evaluate(context) }
            return r.contains(.true) ? .true : r.contains(.unknown) ? .unknown : .false
        case .feature(let name, let value):
            return MediaCondition.feature(name, value, context)
        }
    }

    private static func feature(_ name: String, _ value: [ComponentValue], _ context: MediaContext) -> Kleene {
        switch name {
        case "orientation":
            guard value.count == 1, case .token(.ident(let v)) = value[0] else { return value.isEmpty ? .true : .unknown }
            return .from(v.asciiLowercased == context.orientation.rawValue)
        case "color": return value.isEmpty ? .true : .unknown
        case "monochrome", "grid": return value.isEmpty ? .false : .unknown
        case "width", "min-width", "max-width", "height", "min-height", "max-height":
            let size = name.hasSuffix("width") ? context.viewportWidth : context.viewportHeight
            guard let size, value.count == 1, let px = pixels(value[0]) else { return .unknown }
            if name.hasPrefix("min-") { return .from(size >= px) }
            if name.hasPrefix("max-") { return .from(size <= px) }
            return .from(size == px)
        default:
            return .unknown
        }
    }

    /// A length in CSS pixels (1em = 16px, the initial font size media queries use).
    private static func pixels(_ v: ComponentValue) -> Double? {
        guard let l = PropertyParser.length(v) else { return nil }
        switch l.unit {
        case .px: return l.value
        case .em, .rem: return l.value * 16
        case .pt: return l.value * 4 / 3
        case .in: return l.value * 96
        case .cm: return l.value * 96 / 2.54
        case .mm: return l.value * 96 / 25.4
        default: return nil
        }
    }
}
