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

    /// `appendText(_:to:)` through a writer (`HTMLPageDrawer.body`): text that needs no care is copied as it is,
    /// the rest escaped the one way `appendText` does.
    static func appendText(_ s: String, to out: inout ByteWriter) {
        let clean = s.utf8.withContiguousStorageIfAvailable { utf8 in
            guard !mayNeedCare(utf8) else { return false }
            out.put(utf8)
            return true
        } ?? false
        if clean { return }
        var escaped: [UInt8] = []
        appendText(s, to: &escaped)
        escaped.withUnsafeBufferPointer { out.put($0) }
    }
}
