/// HTML escaping, in one place for the two writers of HTML from a book's text: the HTML viewer (Renderers) and
/// Markdown's inline HTML, which BookReaders hands to the XHTML importer. Here because BookModel is the one
/// module both reach.
public enum HTMLEscape {
    /// Text content and double-quoted attribute values: `& < > " '` become references, and characters HTML5
    /// forbids in text (C0 controls other than tab and line feed, C1 controls, noncharacters) are dropped so the
    /// output stays valid.
    public static func text(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        append(s, to: &out, droppingForbidden: true)
        return out
    }

    /// `s` escaped onto the end of `html`: `& < > " '` always become references; with `droppingForbidden`
    /// false every other character stays, as Markdown needs (the importer must see the text as cmark read it,
    /// the same as text outside HTML; a parser reads the references back to the same characters).
    public static func append(_ s: String, to html: inout String, droppingForbidden: Bool) {
        // Most runs of a book hold nothing to escape or drop: appended whole, not scalar by scalar (issue 19:
        // escaping was a sixth of War and Peace's HTML output).
        if !needsCare(s) {
            html += s
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": html += "&amp;"
            case "<": html += "&lt;"
            case ">": html += "&gt;"
            case "\"": html += "&quot;"
            case "'": html += "&#39;"
            default:
                if droppingForbidden && isForbidden(scalar.value) { continue }
                html.unicodeScalars.append(scalar)
            }
        }
    }

    /// `text(s)` as UTF-8 onto the end of `bytes`, for writers that build documents as bytes (the HTML viewer's
    /// page bodies): the same references, the same characters dropped.
    public static func appendText(_ s: String, to bytes: inout [UInt8]) {
        // Read in place where the string is contiguous (always, for a native one): `var s = s` cost a retain.
        let clean = s.utf8.withContiguousStorageIfAvailable { utf8 in
            guard !mayNeedCare(utf8) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        } ?? false
        if clean { return }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": bytes.append(contentsOf: "&amp;".utf8)
            case "<": bytes.append(contentsOf: "&lt;".utf8)
            case ">": bytes.append(contentsOf: "&gt;".utf8)
            case "\"": bytes.append(contentsOf: "&quot;".utf8)
            case "'": bytes.append(contentsOf: "&#39;".utf8)
            default:
                if isForbidden(scalar.value) { continue }
                UTF8.encode(scalar) { bytes.append($0) }
            }
        }
    }

    /// Whether any byte of `s` may need care (`mayNeedCare`), scanned over its contiguous UTF-8: the generic
    /// `utf8.contains(where:)` cost a thousand instructions a line (issue 19).
    private static func needsCare(_ s: String) -> Bool {
        var s = s
        return s.withUTF8(mayNeedCare)
    }

    /// Whether any byte of the UTF-8 may need care (false: `appendText` would copy it as it is; public for the
    /// viewer's writer, `appendText(_:to:)` on a `ByteWriter`), eight at a time (byte by byte cost about eight
    /// instructions a byte, half a site's escaping; issue 19), the last few as the text's last eight, which overlap
    /// bytes already passed. A zero byte is found by subtracting one from every byte, which sets a high bit the byte's own was
    /// not; a byte below n likewise by subtracting n; `b | 1 == 0x27` holds for `&` and `'`, `b | 2 == 0x3E` for
    /// `<` and `>`, `b & 0xF8 == 0xF0` for F0–F7 (F5–F7 never occur in UTF-8).
    public static func mayNeedCare(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = utf8.count
        guard count >= 8, let base = utf8.baseAddress else { return utf8.contains(where: mayNeedCare) }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ v: UInt64) -> Bool { (v &- ones) & ~v & highs != 0 }
        func care(_ w: UInt64) -> Bool {
            (w &- 0x20 &* ones) & ~w & highs != 0 || hasZero(w ^ (0x22 &* ones)) || hasZero((w | ones) ^ (0x27 &* ones))
                || hasZero((w | (0x02 &* ones)) ^ (0x3E &* ones)) || hasZero(w ^ (0x7F &* ones))
                || hasZero(w ^ (0xC2 &* ones)) || hasZero(w ^ (0xEF &* ones))
                || hasZero((w & (0xF8 &* ones)) ^ (0xF0 &* ones))
        }
        var i = 0
        while i + 8 <= count {
            if care(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) { return true }
            i += 8
        }
        return i < count && care(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
    }

    /// Whether a UTF-8 byte may belong to a character that is escaped or dropped: `& < > " '`, a C0 control or
    /// DEL, and the lead bytes of every sequence that can encode a forbidden character (C1 controls are `C2 80–9F`,
    /// U+FDD0–FDEF and U+FFFE/FFFF start with `EF`, the other planes' noncharacters with `F0–F4`). A false "may"
    /// only sends the text the careful way.
    private static func mayNeedCare(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x00..<0x20, 0x22, 0x26, 0x27, 0x3C, 0x3E, 0x7F, 0xC2, 0xEF, 0xF0...0xF4: return true
        default: return false
        }
    }

    /// HTML5 forbids these in text (§13.2.5, "control" and "noncharacter" parse errors).
    private static func isForbidden(_ v: UInt32) -> Bool {
        (v < 0x20 && v != 0x09 && v != 0x0A) || (0x7F...0x9F).contains(v) || (0xFDD0...0xFDEF).contains(v)
            || v & 0xFFFE == 0xFFFE
    }
}
