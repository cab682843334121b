import Layout

/// Escaping for text that comes from the book: whatever it holds, it stays text in the HTML viewer.
enum HTMLEscape {
    /// Text content and double-quoted attribute values: `& < > " '` become references, and characters HTML5
    /// forbids in text (C0 controls other than whitespace, noncharacters) are dropped so the output stays valid.
    static func text(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                let v = scalar.value
                if v < 0x20 && v != 0x09 && v != 0x0A { continue }
                if (0x7F...0x9F).contains(v) || (0xFDD0...0xFDEF).contains(v) || v & 0xFFFE == 0xFFFE { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A BCP 47 language tag as given by the book, kept only if it looks like one (letters, digits, hyphens, and
    /// no longer than the pages' own bound, `maxLanguageTagBytes`).
    static func language(_ tag: String?) -> String? {
        guard let tag, !tag.isEmpty, tag.utf8.count <= maxLanguageTagBytes,
              tag.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x2D })
        else { return nil }
        return tag
    }
}
