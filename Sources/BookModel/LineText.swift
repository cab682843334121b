/// Book-controlled text made safe for one line of a terminal or a log: the one rule every diagnostic and every
/// line of `quire info` goes through before it reaches a terminal.
///
/// A book's file names, ids, titles, attribute values and a C library's error text can hold anything. Printed
/// raw, an `ESC [` sequence recolours or clears the user's terminal, a carriage return or newline forges a second
/// `quire: error:` line in a log that a pipeline parses, and a bidi override reorders what the reader sees
/// (CVE-2021-42574, "Trojan Source"). So:
/// - line breaks (LF, CR, NEL U+0085, U+2028, U+2029) fold into one space, and a tab becomes a space;
/// - every other C0 control, DEL and every C1 control is written as `\xNN` (`ESC` → `\x1b`);
/// - bidi embedding, override and isolate controls and the directional marks are written as `\u{NNNN}`;
/// - the result is cut to `limit` Unicode scalars, ending in `…`.
public enum LineText {
    /// The longest message printed: long enough for any path and reason, short enough that an echoed document
    /// cannot flood a log.
    public static let defaultLimit = 600

    public static func escaped(_ text: String, limit: Int = defaultLimit) -> String {
        if isPlain(text, limit: limit) { return text }
        var out = String.UnicodeScalarView()
        var count = 0
        var lastWasBreak = false
        for scalar in text.unicodeScalars {
            if count >= limit {
                out.append("…")
                break
            }
            let value = scalar.value
            if isLineBreak(value) {
                if !lastWasBreak { out.append(" "); count += 1 }
                lastWasBreak = true
                continue
            }
            lastWasBreak = false
            if value == 0x09 {
                out.append(" ")
            } else if value < 0x20 || (0x7F...0x9F).contains(value) {
                out.append(contentsOf: hex(value, prefix: "\\x", digits: 2).unicodeScalars)
            } else if isBidiControl(value) {
                out.append(contentsOf: ("\\u{" + hex(value, prefix: "", digits: 4) + "}").unicodeScalars)
            } else {
                out.append(scalar)
            }
            count += 1
        }
        return String(out)
    }

    /// The common case, checked without building anything: printable ASCII (or other safe scalars), short enough.
    private static func isPlain(_ text: String, limit: Int) -> Bool {
        var count = 0
        for scalar in text.unicodeScalars {
            count += 1
            let value = scalar.value
            if count > limit || value < 0x20 || (0x7F...0x9F).contains(value) || isLineBreak(value) || isBidiControl(value) {
                return false
            }
        }
        return true
    }

    private static func isLineBreak(_ value: UInt32) -> Bool {
        value == 0x0A || value == 0x0D || value == 0x85 || value == 0x2028 || value == 0x2029
    }

    /// UAX #9 explicit formatting characters (§2.1–2.6) and ALM: what can reorder the text around them.
    private static func isBidiControl(_ value: UInt32) -> Bool {
        value == 0x061C || value == 0x200E || value == 0x200F || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value)
    }

    private static func hex(_ value: UInt32, prefix: String, digits: Int) -> String {
        let text = String(value, radix: 16)
        return prefix + String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
