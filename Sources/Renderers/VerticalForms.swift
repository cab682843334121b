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
        "─": "│", "│": "─", "━": "┃", "┃": "━", "═": "║", "║": "═", "┌": "┐", "┐": "┘", "┘": "└", "└": "┌",
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

    /// Code points that are East Asian Wide or Fullwidth and visible (ideographs, kana, Hangul
    /// syllables, CJK punctuation, fullwidth forms): two cells as they are, whatever `--ambiguous` says.
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x3000...0x3029, 0x3030...0x303E, 0x3041...0x3096, 0x309B...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF01...0xFF60, 0xFFE0...0xFFE6,
    ]

    /// Latin-1 and Latin Extended letters, punctuation, arrows, math, box drawing, shapes, CJK punctuation, kana,
    /// ideographs and fullwidth forms: no two of them (nor ASCII but CR) join into one character, so a column of
    /// them splits into rows by code point without asking ICU.
    static let aloneRanges: [ClosedRange<UInt32>] = [
        0x00A0...0x02FF, 0x2010...0x2027, 0x2030...0x205E, 0x2190...0x23FF, 0x2500...0x27BF,
        0x3000...0x3029, 0x3030...0x3098, 0x309B...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE4F, 0xFF01...0xFF9D,
    ]

    /// What drawing a BMP code point in a column needs, in one flat table (checked against `cellWidth` and
    /// `verticalRowRanges` in the tests): the low byte is one past the place of its fixed cell in `narrow` /
    /// `wide` (by `--ambiguous`; 0 = none), then the flags `wideFlag` and `aloneFlag`.
    struct CodePointTable: Sendable {
        static let wideFlag: UInt16 = 0x100
        static let aloneFlag: UInt16 = 0x200

        var entries: [UInt16]
        var narrow: [PackedUTF8] = []
        var wide: [PackedUTF8] = []

        init() {
            entries = [UInt16](repeating: 0, count: 0x10000)
            entries.withUnsafeMutableBufferPointer { entries in
                for range in VerticalForms.wideRanges {
                    for scalar in range { entries[Int(scalar)] |= Self.wideFlag }
                }
                for range in VerticalForms.aloneRanges {
                    for scalar in range { entries[Int(scalar)] |= Self.aloneFlag }
                }
                for scalar in 0..<0x80 where scalar != 0x0D { entries[scalar] |= Self.aloneFlag }
            }
            // The fixed cells: the table, space and ASCII. A Character lookup also matches the canonical
            // equivalents U+2329 and U+232A (singletons for 〈 and 〉), so they are listed too.
            var scalars: [UInt32] = Array(0..<0x80)
            for key in VerticalForms.table.keys.sorted() where key.unicodeScalars.count == 1 {
                let value = key.unicodeScalars.first!.value
                if value >= 0x80 { scalars.append(value) }
            }
            scalars += [0x2329, 0x232A]
            for scalar in scalars {
                let unit = String(UnicodeScalar(scalar)!)
                narrow.append(PackedUTF8(Array(VerticalForms.slowCell(unit, ambiguousWide: false).utf8)))
                wide.append(PackedUTF8(Array(VerticalForms.slowCell(unit, ambiguousWide: true).utf8)))
                entries[Int(scalar)] |= UInt16(narrow.count)
            }
            precondition(narrow.count < 0x100)
        }
    }

    static let codePoints = CodePointTable()

    /// The cells of one `--ambiguous` setting: fetched once a page, so drawing a cell touches no global.
    struct Cells {
        let entries: [UInt16]
        let forms: [PackedUTF8]
        let ambiguousWide: Bool

        init(ambiguousWide: Bool) {
            entries = VerticalForms.codePoints.entries
            forms = ambiguousWide ? VerticalForms.codePoints.wide : VerticalForms.codePoints.narrow
            self.ambiguousWide = ambiguousWide
        }

        /// `cell(_:ambiguousWide:)` of one row's UTF-8 bytes: at most `unit.count + 6` bytes.
        func draw(_ unit: UnsafeBufferPointer<UInt8>, into out: inout ByteWriter) {
            guard let scalar = VerticalForms.singleScalar(unit) else {
                // Several code points (a cluster, or a tate-chu-yoko pair): the Character-based path.
                out.put(contentsOf: slowCell(String(decoding: unit, as: UTF8.self), ambiguousWide: ambiguousWide))
                return
            }
            let entry = scalar < 0x10000 ? entries[Int(scalar)] : 0
            let slot = Int(entry & 0xFF)
            if slot != 0 {
                out.put(forms[slot - 1])
                return
            }
            out.put(unit)
            // Ideographs and kana are wide whatever --ambiguous says: no need to ask ICU.
            if entry & CodePointTable.wideFlag != 0 { return }
            out.spaces(2 - cellWidth(utf8: unit, ambiguousWide: ambiguousWide))
        }
    }

    /// `cell(_:ambiguousWide:)` of one row's UTF-8 bytes, appended as UTF-8.
    static func cell(_ unit: UnsafeBufferPointer<UInt8>, ambiguousWide: Bool, into out: inout [UInt8]) {
        let cells = Cells(ambiguousWide: ambiguousWide)
        out.appendUpTo(unit.count + 6) { cells.draw(unit, into: &$0) }
    }

    /// The code point when the bytes hold exactly one.
    @inline(__always)
    static func singleScalar(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32? {
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
        return drawn + String.repeated(" ", count: max(0, 2 - width))
    }
}
