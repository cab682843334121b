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

    /// Every single code point whose drawing is fixed (the table, space, ASCII), as a flat table over the BMP:
    /// `index[scalar]` is 0 for none, else one past its place in `narrow` / `wide` (by `--ambiguous`).
    struct FormTable: Sendable {
        var index: [UInt8]
        var narrow: [PackedUTF8] = []
        var wide: [PackedUTF8] = []

        init() {
            index = [UInt8](repeating: 0, count: 0x10000)
            var scalars: [UInt32] = Array(0..<0x80)
            for key in VerticalForms.table.keys.sorted() where key.unicodeScalars.count == 1 {
                let value = key.unicodeScalars.first!.value
                if value >= 0x80 { scalars.append(value) }
            }
            // A Character lookup also matches the canonical equivalents U+2329 and U+232A (singletons for 〈 and 〉).
            scalars += [0x2329, 0x232A]
            for scalar in scalars {
                let unit = String(UnicodeScalar(scalar)!)
                narrow.append(PackedUTF8(Array(VerticalForms.slowCell(unit, ambiguousWide: false).utf8)))
                wide.append(PackedUTF8(Array(VerticalForms.slowCell(unit, ambiguousWide: true).utf8)))
                index[Int(scalar)] = UInt8(narrow.count)
            }
        }
    }

    static let forms = FormTable()

    /// `cell(_:ambiguousWide:)` of one row's UTF-8 bytes, appended as UTF-8.
    static func cell(_ unit: UnsafeBufferPointer<UInt8>, ambiguousWide: Bool, into out: inout [UInt8]) {
        guard let scalar = singleScalar(unit) else {
            // Several code points (a cluster, or a tate-chu-yoko pair): the Character-based path.
            out.append(contentsOf: slowCell(String(decoding: unit, as: UTF8.self), ambiguousWide: ambiguousWide).utf8)
            return
        }
        if scalar < 0x10000 {
            let slot = Int(forms.index[Int(scalar)])
            if slot != 0 {
                (ambiguousWide ? forms.wide : forms.narrow)[slot - 1].append(to: &out)
                return
            }
        }
        out.append(contentsOf: unit)
        // Ideographs and kana are wide whatever --ambiguous says: no need to ask ICU.
        if isWide(scalar) { return }
        let width = cellWidth(utf8: unit, ambiguousWide: ambiguousWide)
        for _ in 0..<max(0, 2 - width) { out.append(0x20) }
    }

    /// Code points that are East Asian Wide or Fullwidth, visible and not joining: ideographs, kana, Hangul
    /// syllables, CJK punctuation and fullwidth forms (checked against `cellWidth` in the tests).
    static func isWide(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x3000...0x3029, 0x3030...0x303E, 0x3041...0x3096, 0x309B...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF01...0xFF60, 0xFFE0...0xFFE6:
            return true
        default:
            return false
        }
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

    /// The Character-based definition: the table, space and ASCII turned, anything else padded to two cells.
    static func slowCell(_ unit: String, ambiguousWide: Bool) -> String {
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
