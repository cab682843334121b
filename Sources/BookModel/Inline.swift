/// A piece of a paragraph: styled text, a forced line break, ruby, or a print page-break marker.
public enum Inline: Sendable, Equatable {
    case text(String, InlineStyle)
    case lineBreak
    case ruby(base: String, annotation: String)
    case pageBreak(label: String)

    public var characterCount: Int {
        switch self {
        case .text(let text, _): return text.unicodeScalarCount
        case .ruby(let base, _): return base.unicodeScalarCount
        case .lineBreak, .pageBreak: return 0
        }
    }
}

/// Inline styles kept for renderers that can show them (HTML); text output ignores most of them. Besides HTML's
/// own elements they come from the book's CSS (issue 15): `font-weight`/`font-style` give `strong`/`emphasis`,
/// `vertical-align: super/sub` the script bits, `text-combine-upright` and `text-orientation` the vertical bits,
/// `text-emphasis-style` the emphasis mark (bits 10–13, read through `emphasisMark`).
public struct InlineStyle: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let emphasis = InlineStyle(rawValue: 1 << 0)
    public static let strong = InlineStyle(rawValue: 1 << 1)
    public static let code = InlineStyle(rawValue: 1 << 2)
    public static let strikethrough = InlineStyle(rawValue: 1 << 3)
    public static let link = InlineStyle(rawValue: 1 << 4)
    public static let superscript = InlineStyle(rawValue: 1 << 5)
    public static let `subscript` = InlineStyle(rawValue: 1 << 6)
    /// Set upright in one row of a vertical column (`text-combine-upright: all`, tate-chu-yoko; CSS Writing
    /// Modes 3 §9.1).
    public static let combineUpright = InlineStyle(rawValue: 1 << 7)
    /// Turned on its side in a vertical column (`text-orientation: sideways`, CSS Writing Modes 3 §5.1).
    public static let sideways = InlineStyle(rawValue: 1 << 8)
    /// Every character upright in a vertical column (`text-orientation: upright`).
    public static let upright = InlineStyle(rawValue: 1 << 9)
    /// A note reference (`epub:type="noteref"`, `role="doc-noteref"`, a Markdown footnote reference): its text is
    /// the marker the reader sees (issue 16), so renderers can link it and consumers can tell it from a number.
    public static let noteReference = InlineStyle(rawValue: 1 << 14)
    /// Text converted from MathML to UnicodeMath's linear format (issue 16); the HTML renderer may show the
    /// book's real MathML in the same cells.
    public static let math = InlineStyle(rawValue: 1 << 15)

    private static let markShift: UInt32 = 10
    private static let markMask: UInt32 = 0xF << markShift

    /// The emphasis mark set beside each character (`text-emphasis-style`, CSS Text Decoration 3 §3.1), nil for none.
    public var emphasisMark: EmphasisMark? {
        get {
            let code = (rawValue & Self.markMask) >> Self.markShift
            guard code != 0 else { return nil }
            return EmphasisMark(code: code - 1)
        }
        set {
            let code = newValue.map { $0.code + 1 } ?? 0
            self = InlineStyle(rawValue: (rawValue & ~Self.markMask) | (code << Self.markShift))
        }
    }
}

/// An emphasis mark (傍点, CSS Text Decoration 3 §3.1): a shape, filled or open, with the character CSS names for it.
public struct EmphasisMark: Sendable, Hashable {
    public enum Shape: UInt32, Sendable, Hashable, CaseIterable { case dot, circle, doubleCircle, triangle, sesame }
    public var shape: Shape
    public var filled: Bool

    public init(_ shape: Shape, filled: Bool = true) {
        self.shape = shape
        self.filled = filled
    }

    /// The mark's character (CSS Text Decoration 3 §3.1.1's table).
    public var character: Character {
        switch (shape, filled) {
        case (.dot, true): "\u{2022}"
        case (.dot, false): "\u{25E6}"
        case (.circle, true): "\u{25CF}"
        case (.circle, false): "\u{25CB}"
        case (.doubleCircle, true): "\u{25C9}"
        case (.doubleCircle, false): "\u{25CE}"
        case (.triangle, true): "\u{25B2}"
        case (.triangle, false): "\u{25B3}"
        case (.sesame, true): "\u{FE45}"
        case (.sesame, false): "\u{FE46}"
        }
    }

    fileprivate var code: UInt32 { shape.rawValue << 1 | (filled ? 1 : 0) }
    fileprivate init(code: UInt32) {
        shape = Shape(rawValue: code >> 1) ?? .sesame
        filled = code & 1 == 1
    }
}

extension Array where Element == Inline {
    /// Characters of visible text (ruby annotations are not counted: `--ruby drop` may omit them).
    public var characterCount: Int { reduce(0) { $0 + $1.characterCount } }

    /// The note references among the inlines (`.noteReference` runs, one per reference: the importers seal them),
    /// each with its marker and the source offset where it starts, the first inline starting at `offset`.
    public func noteReferenceMarkers(startingAt offset: Int) -> [(offset: Int, marker: String)] {
        var out: [(offset: Int, marker: String)] = []
        var at = offset
        for inline in self {
            if case .text(let text, let style) = inline, style.contains(.noteReference) { out.append((at, text)) }
            at += inline.characterCount
        }
        return out
    }

    /// The visible text of the inlines, ruby bases only, line breaks as "\n".
    public var plainText: String {
        var out = ""
        for inline in self {
            switch inline {
            case .text(let text, _): out += text
            case .ruby(let base, _): out += base
            case .lineBreak: out += "\n"
            case .pageBreak: break
            }
        }
        return out
    }
}
