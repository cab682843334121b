import BookModel

/// Gathers a paragraph's inlines while collapsing whitespace as CSS `white-space: normal` does.
struct InlineCollector {
    private(set) var inlines: [Inline] = []
    /// True when the last visible character was collapsible whitespace (or nothing was emitted yet).
    private var atSpace = true

    var isEmpty: Bool { !inlines.contains { if case .pageBreak = $0 { return false } else { return true } } }
    var hasPageBreaksOnly: Bool { !inlines.isEmpty && isEmpty }

    /// Appends text, collapsing spaces, tabs and line feeds to one space (no-break spaces are kept).
    mutating func append(_ text: String, style: InlineStyle) {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case " ", "\t", "\n", "\r", "\u{0C}":
                if !atSpace { out.append(" "); atSpace = true }
            default:
                out.append(scalar)
                atSpace = false
            }
        }
        guard !out.isEmpty else { return }
        appendRaw(String(out), style: style)
    }

    /// Appends text as it is (preformatted contexts, ruby bases already collapsed).
    mutating func appendRaw(_ text: String, style: InlineStyle) {
        if case .text(let previous, let previousStyle)? = inlines.last, previousStyle == style {
            inlines[inlines.count - 1] = .text(previous + text, style)
        } else {
            inlines.append(.text(text, style))
        }
        if let last = text.unicodeScalars.last { atSpace = last == " " }
    }

    mutating func appendRuby(base: String, annotation: String) {
        var collapsedBase = InlineCollector()
        collapsedBase.atSpace = atSpace
        collapsedBase.append(base, style: [])
        let baseText = collapsedBase.inlines.plainText
        guard !baseText.isEmpty else { return }
        inlines.append(.ruby(base: baseText, annotation: collapse(annotation)))
        atSpace = baseText.unicodeScalars.last == " "
    }

    mutating func appendLineBreak() {
        trimTrailingSpace()
        inlines.append(.lineBreak)
        atSpace = true
    }

    mutating func appendPageBreak(_ label: String) { inlines.append(.pageBreak(label: label)) }

    /// The finished inlines with trailing whitespace removed; the collector starts afresh.
    mutating func take() -> [Inline] {
        trimTrailingSpace()
        while case .lineBreak? = inlines.last { inlines.removeLast() }
        defer { inlines = []; atSpace = true }
        return inlines
    }

    private mutating func trimTrailingSpace() {
        guard let index = inlines.lastIndex(where: { if case .pageBreak = $0 { return false } else { return true } }),
              case .text(let text, let style) = inlines[index], text.hasSuffix(" ") else { return }
        let trimmed = String(text.dropLast())
        if trimmed.isEmpty { inlines.remove(at: index) } else { inlines[index] = .text(trimmed, style) }
    }
}
