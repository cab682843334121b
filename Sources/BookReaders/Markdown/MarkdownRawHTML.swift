import BookModel

/// Raw HTML in Markdown (HTML blocks, and leaf blocks that hold inline HTML).
///
/// TODO: hand the HTML to the XHTML importer (`HTMLFragmentImporter.blocks(html:location:language:diagnostics:)`
/// and `.inlines(html:diagnostics:)` in Sources/BookReaders/XHTML) once it exists, so `<ruby>`, `<br>`, `<img>`,
/// tables and `<p dir="rtl">` come through as in EPUB. Until then HTML blocks are dropped (one warning per file
/// counts them) and inline tags are dropped while the Markdown text between them is kept.
enum MarkdownRawHTML {
    /// True once the importer is wired in; the spec test reads it to know which examples can hold.
    static let usesImporter = false

    /// Blocks for an HTML block; nil means the block was dropped.
    static func blocks(html: String, location: SourceLocation, language: String?,
                       diagnostics: inout [Diagnostic]) -> [Block]? {
        nil
    }

    /// Inlines for a leaf block whose Markdown holds inline HTML (`html` is that block rendered by cmark with raw
    /// HTML kept); nil means: map the Markdown inlines and drop the tags.
    static func inlines(html: String, diagnostics: inout [Diagnostic]) -> [Inline]? {
        nil
    }
}
