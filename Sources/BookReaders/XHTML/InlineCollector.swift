import BookModel

/// Gathers a paragraph's inlines while collapsing whitespace as CSS `white-space: normal` does.
struct InlineCollector {
    private(set) var inlines: [Inline] = []
    /// True when the last visible character was collapsible whitespace (or nothing was emitted yet).
    private var atSpace = true

    var isEmpty: Bool { !inlines.contains { if case .pageBreak = $0 { return false } else { return true } } }
    var hasPageBreaksOnly: Bool { !inlines.isEmpty && isEmpty }

    /// Appends text, collapsing spaces, tabs and line feeds to one space (no-break spaces are kept).
    /// Works on UTF-8 bytes: the collapsible characters are all ASCII, and text that needs no change is kept as is.
    mutating func append(_ text: String, style: InlineStyle) {
        var text = text
        var space = atSpace
        let collapsed: [UInt8]? = text.withUTF8 { bytes -> [UInt8]? in
            // Fast path: find the first byte that collapsing would change.
            var i = 0
            let count = bytes.count
            while i < count {
                let b = bytes[i]
                if b == 0x20 {
                    if space { break }
                    space = true
                } else if b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C {
                    break
                } else {
                    space = false
                }
                i += 1
            }
            if i == count { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(count)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<i]))
            while i < count {
                let b = bytes[i]
                switch b {
                case 0x20, 0x09, 0x0A, 0x0D, 0x0C:
                    if !space { out.append(0x20); space = true }
                default:
                    out.append(b)
                    space = false
                }
                i += 1
            }
            return out
        }
        if let collapsed {
            guard !collapsed.isEmpty else { atSpace = space; return }
            appendRaw(String(decoding: collapsed, as: UTF8.self), style: style)
        } else {
            guard !text.isEmpty else { return }
            appendRaw(text, style: style)
        }
    }

    /// Appends text as it is (preformatted contexts, ruby bases already collapsed).
    mutating func appendRaw(_ text: String, style: InlineStyle) {
        if case .text(var previous, let previousStyle)? = inlines.last, previousStyle == style {
            inlines[inlines.count - 1] = .lineBreak
            previous += text
            inlines[inlines.count - 1] = .text(previous, style)
        } else {
            inlines.append(.text(text, style))
        }
        if let last = text.utf8.last { atSpace = last == 0x20 }
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
