import BookModel

/// Raw HTML in Markdown goes through the XHTML importer (`HTMLFragmentImporter`), so `<ruby>`, `<br>`, `<img>`,
/// tables and `<p dir="rtl">` come through as in EPUB, and whatever is unsafe is dropped as there.
enum MarkdownRawHTML {
    /// Blocks for an HTML block; locations are placed again once the chapter is complete.
    static func blocks(html: String, diagnostics: inout [Diagnostic]) -> [Block] {
        HTMLFragmentImporter.blocks(html: asciiOnly(html), location: MarkdownBlockBuilder.unplaced, language: nil,
                                    diagnostics: &diagnostics)
    }

    /// Inlines for the HTML of a leaf block whose Markdown holds inline HTML.
    static func inlines(html: String, diagnostics: inout [Diagnostic]) -> [Inline] {
        HTMLFragmentImporter.inlines(html: asciiOnly(html), diagnostics: &diagnostics)
    }

    /// The fragment parser reads bytes without a declared charset as Latin-1, which garbles UTF-8; numeric
    /// character references say the same text in ASCII. (Scripts and style sheets, where references are not
    /// decoded, are dropped by the importer anyway.)
    static func asciiOnly(_ html: String) -> String {
        guard html.utf8.contains(where: { $0 >= 0x80 }) else { return html }
        var out = ""
        out.reserveCapacity(html.utf8.count + 16)
        for scalar in html.unicodeScalars {
            if scalar.isASCII {
                out.unicodeScalars.append(scalar)
            } else {
                out += "&#x" + String(scalar.value, radix: 16, uppercase: true) + ";"
            }
        }
        return out
    }

    /// Private-use scalars that stand for footnote markers and images while a leaf block travels through HTML:
    /// the importer keeps them as text, and the reader puts its own pieces back in their place.
    static let sentinelBase: UInt32 = 0xF0000
    static let sentinelLimit: UInt32 = 0xFFFFD

    static func isSentinel(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= sentinelBase && scalar.value <= sentinelLimit
    }

    /// Escapes text for HTML content and attribute values.
    static func escape(_ text: String, into html: inout String) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": html += "&amp;"
            case "<": html += "&lt;"
            case ">": html += "&gt;"
            case "\"": html += "&quot;"
            default: html.unicodeScalars.append(scalar)
            }
        }
    }
}
