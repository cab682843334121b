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

/// Inline styles kept for renderers that can show them (HTML); text output ignores most of them.
public struct InlineStyle: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let emphasis = InlineStyle(rawValue: 1 << 0)
    public static let strong = InlineStyle(rawValue: 1 << 1)
    public static let code = InlineStyle(rawValue: 1 << 2)
    public static let strikethrough = InlineStyle(rawValue: 1 << 3)
    public static let link = InlineStyle(rawValue: 1 << 4)
    public static let superscript = InlineStyle(rawValue: 1 << 5)
    public static let `subscript` = InlineStyle(rawValue: 1 << 6)
}

extension Array where Element == Inline {
    /// Characters of visible text (ruby annotations are not counted: `--ruby drop` may omit them).
    public var characterCount: Int { reduce(0) { $0 + $1.characterCount } }

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
