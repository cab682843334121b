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
        out.append(contentsOf: slowCell(unit, ambiguousWide: ambiguousWide).utf8)
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
