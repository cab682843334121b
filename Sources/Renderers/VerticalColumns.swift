import Layout

/// The columns of a vertical page as one UTF-8 buffer with the byte bounds of every row: the same rows as
/// `verticalRowRanges(of:)`, built with a few allocations a page instead of several a column.
struct VerticalColumns {
    /// Every column's text, one after another.
    var text: [UInt8] = []
    /// For each column, the start of each of its rows in `text` and then its end.
    var bounds: [Int32] = []
    /// Where each column's bounds begin in `bounds`, then `bounds.count`: column `c` has
    /// `firsts[c + 1] - firsts[c] - 1` rows.
    var firsts: [Int] = [0]
    /// Rows left empty above each column's text (`Line.offset(inInlineSize:vertical:)`: 0 unless the column is
    /// centred or set to the end, 地付き); empty when every column starts at the top.
    var leads: [Int] = []

    /// How many columns.
    var count: Int { firsts.count - 1 }

    /// How many rows column `c` has.
    func rowCount(_ c: Int) -> Int { firsts[c + 1] - firsts[c] - 1 }

    /// The columns of `lines`, placed in columns of `rows` rows.
    init<Lines: Collection>(_ lines: Lines, rows: Int = 0) where Lines.Element == Line {
        var text: [UInt8] = []
        var ends: [Int] = []
        ends.reserveCapacity(lines.count)
        // Combined ranges (text-combine-upright) of each column, moved to `text`; empty while no line has any.
        var combined: [[Range<Int>]] = []
        for index in lines.indices {
            let c = ends.count
            let lead = min(max(0, lines[index].offset(inInlineSize: rows, vertical: true)), rows)
            if lead > 0 {
                // Only a page with a placed column pays for the array.
                if leads.isEmpty { leads = [Int](repeating: 0, count: lines.count) }
                leads[c] = lead
            }
            // By index, reading only the fields needed: no copy of the whole line.
            if !lines[index].styles.isEmpty {
                let ranges = lines[index].combinedRanges
                if !ranges.isEmpty {
                    if combined.isEmpty { combined = Array(repeating: [], count: lines.count) }
                    combined[c] = ranges.map { $0.shifted(by: text.count) }
                }
            }
            var lineText = lines[index].text
            lineText.withUTF8 { text.append(contentsOf: $0) }
            ends.append(text.count)
        }
        // A row holds at least one byte, and each column adds its end.
        var bounds = [Int32](repeating: 0, count: text.count + ends.count)
        var firsts = [0]
        firsts.reserveCapacity(ends.count + 1)
        let entries = VerticalForms.codePoints.entries
        text.withUnsafeBufferPointer { text in
            bounds.withUnsafeMutableBufferPointer { bounds in
                entries.withUnsafeBufferPointer { entries in
                    var start = 0
                    for c in ends.indices {
                        let end = ends[c]
                        firsts.append(Self.rows(of: text, start..<end, combined: combined.isEmpty ? nil : combined[c],
                                                entries: entries, into: bounds, at: firsts.last!))
                        start = end
                    }
                }
            }
        }
        bounds.removeLast(bounds.count - firsts.last!)
        self.text = text
        self.bounds = bounds
        self.firsts = firsts
    }

    /// Writes the bounds of the rows of the column `text[range]` from `bounds[first]` on; returns where they end.
    /// `combined`: the column's combined ranges (`Line.combinedRanges`) as byte ranges of `text`, nil when no
    /// line of the page has any (nothing to pass around for plain pages).
    private static func rows(of text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, combined: [Range<Int>]?,
                             entries: UnsafeBufferPointer<UInt16>, into bounds: UnsafeMutableBufferPointer<Int32>,
                             at first: Int) -> Int {
        guard var n = codePointStarts(of: text, range, entries: entries, into: bounds, at: first) else {
            // A code point that may join its neighbour: the paginator's own (grapheme-aware) rows.
            var n = first
            let local = (combined ?? []).map { $0.shifted(by: -range.lowerBound) }
            for row in verticalRowRanges(of: UnsafeBufferPointer(rebasing: text[range]), combined: local) {
                bounds[n] = Int32(range.lowerBound + row.lowerBound)
                n += 1
            }
            bounds[n] = Int32(range.upperBound)
            return n + 1
        }
        // Tate-chu-yoko (Layout's one rule): the code point starts written above become row starts, in place;
        // the walk never asks for a start it has already overwritten.
        let count = n - first
        n = first
        // Every code point is a character alone here (`codePointStarts` checked), and only ASCII has a kind, so
        // the first byte of each says it.
        let byte = { (i: Int) -> UInt8 in let b = text[Int(bounds[first + i])]; return b < 0x80 ? b : 0 }
        if let combined {
            tateChuYokoRows(count: count, byte: byte, combined: combined, start: { Int(bounds[first + $0]) }) { row, _ in
                bounds[n] = bounds[first + row]
                n += 1
            }
        } else {
            tateChuYokoRows(count: count, byte: byte) { row, _ in
                bounds[n] = bounds[first + row]
                n += 1
            }
        }
        bounds[n] = Int32(range.upperBound)
        return n + 1
    }

    /// Writes the start of every code point of `text[range]` from `bounds[first]` on and returns where they end,
    /// when each is a character of its own (`VerticalForms.aloneRanges`); nil as soon as one might join.
    private static func codePointStarts(of text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                                        entries: UnsafeBufferPointer<UInt16>,
                                        into bounds: UnsafeMutableBufferPointer<Int32>, at first: Int) -> Int? {
        var n = first
        var i = range.lowerBound
        let end = range.upperBound
        while i < end {
            bounds[n] = Int32(i)
            n += 1
            let b0 = text[i]
            if b0 < 0x80 {
                if b0 == 0x0D { return nil }
                i += 1
                continue
            }
            let scalar: UInt32
            if b0 & 0xE0 == 0xC0, i + 1 < end, text[i + 1] & 0xC0 == 0x80 {
                scalar = UInt32(b0 & 0x1F) << 6 | UInt32(text[i + 1] & 0x3F)
                i += 2
            } else if b0 & 0xF0 == 0xE0, i + 2 < end, text[i + 1] & 0xC0 == 0x80, text[i + 2] & 0xC0 == 0x80 {
                scalar = UInt32(b0 & 0x0F) << 12 | UInt32(text[i + 1] & 0x3F) << 6 | UInt32(text[i + 2] & 0x3F)
                i += 3
            } else {
                return nil
            }
            // Overlong forms decode to ASCII or Latin-1 code points, which no table entry outside ASCII marks alone
            // for a 3-byte form, and below 0x80 for a 2-byte one: both fall back.
            guard scalar >= 0x80, entries[Int(scalar)] & VerticalForms.CodePointTable.aloneFlag != 0 else { return nil }
            if b0 >= 0xE0 && scalar < 0x800 { return nil }
        }
        return n
    }
}

extension Range where Bound == Int {
    /// The same bytes `shift` further on (a column's ranges moved into the page's buffer, or back).
    fileprivate func shifted(by shift: Int) -> Range<Int> { (lowerBound + shift)..<(upperBound + shift) }
}
