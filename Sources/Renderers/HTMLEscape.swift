import BookModel
import Layout

/// Escaping itself lives in BookModel (`HTMLEscape.text`), shared with Markdown's inline HTML; what only the
/// viewer needs is here.
extension HTMLEscape {
    /// A BCP 47 language tag as given by the book, kept only if it looks like one (letters, digits, hyphens, and
    /// no longer than the pages' own bound, `maxLanguageTagBytes`).
    static func language(_ tag: String?) -> String? {
        guard var tag, !tag.isEmpty, tag.utf8.count <= maxLanguageTagBytes else { return nil }
        // Over the contiguous UTF-8: the generic `utf8.allSatisfy` cost 260 instructions a line (issue 19).
        let looksRight = tag.withUTF8 { bytes in
            bytes.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x2D }
        }
        return looksRight ? tag : nil
    }
}
