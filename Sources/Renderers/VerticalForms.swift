import Layout

/// Characters as they must be drawn in a vertical (tategaki) column of a text grid: one table, also in the README.
public enum VerticalForms {
    /// Punctuation that turns in a vertical column, mapped to Unicode's vertical presentation forms.
    public static let table: [Character: Character] = [
        "、": "︑", "。": "︒", "，": "︐", "：": "︓", "；": "︔", "！": "︕", "？": "︖",
        "「": "﹁", "」": "﹂", "『": "﹃", "』": "﹄",
        "（": "︵", "）": "︶", "(": "︵", ")": "︶", "｛": "︷", "｝": "︸", "{": "︷", "}": "︸",
        "〔": "︹", "〕": "︺", "【": "︻", "】": "︼", "《": "︽", "》": "︾", "〈": "︿", "〉": "﹀",
        "［": "﹇", "］": "﹈", "[": "﹇", "]": "﹈",
        "…": "︙", "‥": "︰", "—": "︱", "–": "︲", "＿": "︳", "_": "︳",
        // No vertical form exists for these; the vertical line and wave dash read correctly in a column.
        "ー": "丨", "～": "≀", "〜": "≀", "~": "≀",
        // Box drawing (frames, tables, rules, quote bars) turns a quarter clockwise with the text.
        "─": "│", "│": "─", "━": "┃", "┃": "━", "┌": "┐", "┐": "┘", "┘": "└", "└": "┌",
        "┬": "┤", "┤": "┴", "┴": "├", "├": "┬", "┼": "┼",
    ]

    /// The two-cell form of one row of a vertical column (`verticalRows(of:)`).
    public static func cell(_ unit: String, ambiguousWide: Bool = false) -> String {
        var bytes: [UInt8] = []
        cell(unit, ambiguousWide: ambiguousWide, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `cell(_:ambiguousWide:)` appended as UTF-8.
    static func cell(_ unit: String, ambiguousWide: Bool, into out: inout [UInt8]) {
        var unit = unit
        unit.withUTF8 { cell($0, ambiguousWide: ambiguousWide, into: &out) }
    }

    /// The table by code point, UTF-8 encoded; a Character lookup also matches the canonical equivalents
    /// U+2329 and U+232A (singletons for 〈 and 〉), so they are listed too.
    static let scalarTable: [UInt32: [UInt8]] = {
        var table: [UInt32: [UInt8]] = [:]
        for (key, value) in VerticalForms.table where key.unicodeScalars.count == 1 {
            table[key.unicodeScalars.first!.value] = Array(String(value).utf8)
        }
        table[0x2329] = Array(String(VerticalForms.table["〈"]!).utf8)
        table[0x232A] = Array(String(VerticalForms.table["〉"]!).utf8)
        return table
    }()

    /// `cell(_:ambiguousWide:)` of one row's UTF-8 bytes, appended as UTF-8.
    static func cell(_ unit: UnsafeBufferPointer<UInt8>, ambiguousWide: Bool, into out: inout [UInt8]) {
        guard let scalar = singleScalar(unit) else {
            // Several code points (a cluster, or a tate-chu-yoko pair): the Character-based path.
            out.append(contentsOf: slowCell(String(decoding: unit, as: UTF8.self), ambiguousWide: ambiguousWide).utf8)
            return
        }
        let start = out.count
        if let turned = scalarTable[scalar] {
            out.append(contentsOf: turned)
        } else if scalar == 0x20 {
            out.append(contentsOf: [0xE3, 0x80, 0x80])
            return
        } else if scalar >= 0x21 && scalar <= 0x7E {
            // Fullwidth forms U+FF01…U+FF5E.
            let v = 0xFF01 + scalar - 0x21
            out.append(contentsOf: [0xEF, UInt8(0x80 | ((v >> 6) & 0x3F)), UInt8(0x80 | (v & 0x3F))])
            return
        } else {
            out.append(contentsOf: unit)
        }
        let width = out.withUnsafeBufferPointer {
            cellWidth(utf8: UnsafeBufferPointer(rebasing: $0[start...]), ambiguousWide: ambiguousWide)
        }
        for _ in 0..<max(0, 2 - width) { out.append(0x20) }
    }

    /// The code point when the bytes hold exactly one.
    private static func singleScalar(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32? {
        guard let b0 = bytes.first else { return nil }
        switch bytes.count {
        case 1: return b0 < 0x80 ? UInt32(b0) : nil
        case 2: return b0 & 0xE0 == 0xC0 ? UInt32(b0 & 0x1F) << 6 | UInt32(bytes[1] & 0x3F) : nil
        case 3: return b0 & 0xF0 == 0xE0 ? UInt32(b0 & 0x0F) << 12 | UInt32(bytes[1] & 0x3F) << 6 | UInt32(bytes[2] & 0x3F) : nil
        case 4:
            return b0 & 0xF8 == 0xF0
                ? UInt32(b0 & 0x07) << 18 | UInt32(bytes[1] & 0x3F) << 12 | UInt32(bytes[2] & 0x3F) << 6 | UInt32(bytes[3] & 0x3F) : nil
        default: return nil
        }
    }

    private static func slowCell(_ unit: String, ambiguousWide: Bool) -> String {
        var drawn = unit
        if unit.count == 1, let c = unit.first {
            if let turned = table[c] {
                drawn = String(turned)
            } else if c == " " {
                return "\u{3000}"
            } else if let ascii = c.asciiValue, ascii >= 0x21, ascii <= 0x7E {
                return String(UnicodeScalar(0xFF01 + UInt32(ascii) - 0x21)!)
            }
        }
        // Tate-chu-yoko pairs (two half-width characters upright in one row) and narrow letters fill two cells.
        let width = cellWidth(of: drawn, ambiguousWide: ambiguousWide)
        return drawn + String(repeating: " ", count: max(0, 2 - width))
    }
}
