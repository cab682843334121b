import Layout

/// The columns of a vertical page as one UTF-8 buffer with the byte bounds of every row: the same rows as
/// `verticalRowRanges(of:)`, built with two allocations a page instead of several a column.
struct VerticalColumns {
    /// Every column's text, one after another.
    var text: [UInt8] = []
    /// For each column, the start of each of its rows in `text` and then its end.
    var bounds: [Int32] = []
    /// Where each column's bounds begin in `bounds`, then `bounds.count`: column `c` has
    /// `firsts[c + 1] - firsts[c] - 1` rows.
    var firsts: [Int] = [0]

    init<Lines: Collection>(_ lines: Lines) where Lines.Element == Line {
        var size = 0
        for line in lines { size += line.text.utf8.count }
        text.reserveCapacity(size)
        bounds.reserveCapacity(size + 2 * lines.count)
        firsts.reserveCapacity(lines.count + 1)
        for line in lines {
            let start = text.count
            var lineText = line.text
            lineText.withUTF8 { text.append(contentsOf: $0) }
            text.withUnsafeBufferPointer { all in
                appendRows(of: UnsafeBufferPointer(rebasing: all[start...]), at: start)
            }
            firsts.append(bounds.count)
        }
    }

    /// Appends the bounds of one column's rows (`bytes` starting at `base` in `text`).
    private mutating func appendRows(of bytes: UnsafeBufferPointer<UInt8>, at base: Int) {
        let first = bounds.count
        guard Self.appendCodePointStarts(of: bytes, at: base, into: &bounds) else {
            // A code point that may join its neighbour: the paginator's own (grapheme-aware) rows.
            bounds.removeSubrange(first...)
            for range in verticalRowRanges(of: bytes) { bounds.append(Int32(base + range.lowerBound)) }
            bounds.append(Int32(base + bytes.count))
            return
        }
        // Tate-chu-yoko: a lone pair of half-width digits, or of ! and ?, shares one row.
        let count = bounds.count - first
        func kind(_ i: Int) -> Int {
            guard i >= 0 && i < count else { return 0 }
            let b = bytes[Int(bounds[first + i]) - base]
            if b >= 0x30 && b <= 0x39 { return 1 }
            if b == 0x21 || b == 0x3F { return 2 }
            return 0
        }
        var write = first
        var previous = 0
        var i = 0
        while i < count {
            let k = kind(i)
            let start = bounds[first + i]
            if k != 0 && kind(i + 1) == k && previous != k && kind(i + 2) != k {
                previous = k
                i += 2
            } else {
                previous = k
                i += 1
            }
            bounds[write] = start
            write += 1
        }
        bounds.removeSubrange(write...)
        bounds.append(Int32(base + bytes.count))
    }

    /// Appends the start of every code point and returns true when each is a character of its own (see
    /// `neverJoins`); false as soon as one might join its neighbour.
    static func appendCodePointStarts(of bytes: UnsafeBufferPointer<UInt8>, at base: Int, into starts: inout [Int32]) -> Bool {
        var i = 0
        let n = bytes.count
        while i < n {
            let b0 = bytes[i]
            if b0 < 0x80 {
                if b0 == 0x0D { return false }
                starts.append(Int32(base + i))
                i += 1
                continue
            }
            let scalar: UInt32
            let length: Int
            if b0 & 0xE0 == 0xC0, i + 1 < n, bytes[i + 1] & 0xC0 == 0x80 {
                scalar = UInt32(b0 & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)
                length = 2
                if scalar < 0x80 { return false }
            } else if b0 & 0xF0 == 0xE0, i + 2 < n, bytes[i + 1] & 0xC0 == 0x80, bytes[i + 2] & 0xC0 == 0x80 {
                scalar = UInt32(b0 & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
                length = 3
                if scalar < 0x800 { return false }
            } else {
                return false
            }
            guard neverJoins(scalar) else { return false }
            starts.append(Int32(base + i))
            i += length
        }
        return true
    }

    /// Latin-1 and Latin Extended letters, punctuation, arrows, math, box drawing, shapes, CJK punctuation, kana,
    /// ideographs and fullwidth forms: no two of them (nor ASCII but CR) join into one character, so their text
    /// splits by code point without asking ICU (checked against `verticalRowRanges` in the tests).
    static func neverJoins(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x00A0...0x02FF, 0x2010...0x2027, 0x2030...0x205E, 0x2190...0x23FF, 0x2500...0x27BF,
             0x3000...0x3029, 0x3030...0x3098, 0x309B...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE4F, 0xFF01...0xFF9D:
            return true
        default:
            return false
        }
    }
}
