import BookModel

/// Raw HTML in Markdown goes through the XHTML importer (`HTMLFragmentImporter`), so `<ruby>`, `<br>`, `<img>`,
/// tables and `<p dir="rtl">` come through as in EPUB, and whatever is unsafe is dropped as there.
enum MarkdownRawHTML {
    /// Blocks for an HTML block; locations are placed again once the chapter is complete.
    static func blocks(html: String, noteMarkers: NoteMarkers = .superscript, diagnostics: inout [Diagnostic]) -> [Block] {
        return HTMLFragmentImporter.blocks(html: html, location: MarkdownBlockBuilder.unplaced, language: nil,
                                           noteMarkers: noteMarkers, diagnostics: &diagnostics)
    }

    /// Inlines for the HTML of a leaf block whose Markdown holds inline HTML.
    static func inlines(html: String, noteMarkers: NoteMarkers = .superscript, diagnostics: inout [Diagnostic]) -> [Inline] {
        return HTMLFragmentImporter.inlines(html: html, noteMarkers: noteMarkers, diagnostics: &diagnostics)
    }

    /// True for an HTML block that is one plain comment (`<!-- … -->` and trailing white space), which imports
    /// as nothing: no `--` inside (so the first `-->` is the last, and no `--!>` ends it early), no `<!-->`
    /// or `<!--->` abrupt end, and short enough for any parser limit.
    static func isLoneComment(_ html: ArraySlice<UInt8>) -> Bool {
        var html = html
        while let last = html.last, last == 0x20 || last == 0x09 || last == 0x0A || last == 0x0D { html.removeLast() }
        guard html.count >= 7, html.count <= 1 << 16, html.starts(with: "<!--".utf8), html.suffix(3).elementsEqual("-->".utf8)
        else { return false }
        let inner = html.dropFirst(4).dropLast(3)
        if let first = inner.first, first == UInt8(ascii: ">") || first == UInt8(ascii: "-") { return false }
        var previous: UInt8 = 0
        for byte in inner {
            if byte == UInt8(ascii: "-"), previous == UInt8(ascii: "-") { return false }
            previous = byte
        }
        return true
    }

    /// Private-use scalars that stand for footnote markers and images while a leaf block travels through HTML:
    /// the importer keeps them as text, and the reader puts its own pieces back in their place.
    static let sentinelBase: UInt32 = 0xF0000
    static let sentinelLimit: UInt32 = 0xFFFFD

    static func isSentinel(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= sentinelBase && scalar.value <= sentinelLimit
    }

    /// Escapes text for HTML content and attribute values (BookModel's `HTMLEscape`), keeping every character.
    static func escape(_ text: String, into html: inout String) {
        HTMLEscape.append(text, to: &html, droppingForbidden: false)
    }
}
