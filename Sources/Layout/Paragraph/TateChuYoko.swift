import ICUShim

/// Vertical writing (vertical-rl): a line is a column and every character takes one row, except a lone pair of
/// half-width digits or of ! and ? marks, which shares one row upright (tate-chu-yoko in JLReq; CSS Writing
/// Modes 3 `text-combine-upright: digits 2`), and a run the book sets with `text-combine-upright: all` of at most
/// two half-width (printable ASCII) characters. The rule lives here once: the paginator counts
/// rows with it (`ClusterBuffer.applyVerticalWidths`) and renderers draw rows with it (`verticalRows(of:)`,
/// `tateChuYokoRows`), so a column is always as many rows tall as layout said.

/// Which tate-chu-yoko kind a character of one byte is: 1 a digit, 2 `!` or `?`, 0 neither. Characters of more
/// than one byte are never combined (callers pass 0 for them).
@inlinable
public func tateChuYokoKind(_ byte: UInt8) -> UInt8 {
    if byte >= 0x30 && byte <= 0x39 { return 1 }
    if byte == 0x21 || byte == 0x3F { return 2 }
    return 0
}

/// Walks the `count` characters of a column and calls `row(first, length)` for each row in order.
///
/// - `byte(i)` is character `i`'s byte when it is one byte (ASCII), else 0: a lone pair of digits, or of `!` and
///   `?` (no neighbour of that kind on either side), shares one row (`length` 2).
/// - `combined` holds byte ranges set with `text-combine-upright: all` (CSS Writing Modes 3 §9.1), ascending, and
///   `start(i)` is character `i`'s first byte; a character belongs to the range holding its first byte. A range of
///   one or two printable ASCII characters takes one row; a longer one cannot fit one cell, so it keeps one
///   character per row. Either way no automatic pair reaches into it.
///
/// `byte` and `start` are asked only for `0..<count`, and never for a character before the row being walked (the
/// kind of the one before is remembered): a caller may overwrite its input behind the walk.
@inlinable
public func tateChuYokoRows(count: Int, byte: (Int) -> UInt8, combined: [Range<Int>] = [],
                            start: (Int) -> Int = { $0 }, row: (_ first: Int, _ length: Int) -> Void) {
    if !combined.isEmpty {
        combinedTateChuYokoRows(count: count, byte: byte, combined: combined, start: start, row: row)
        return
    }
    // Without combined ranges (nearly every column): the automatic pairs alone.
    var previous: UInt8 = 0
    var i = 0
    while i < count {
        let k = tateChuYokoKind(byte(i))
        let pair = k != 0 && i + 1 < count && tateChuYokoKind(byte(i + 1)) == k && previous != k
            && (i + 2 >= count || tateChuYokoKind(byte(i + 2)) != k)
        row(i, pair ? 2 : 1)
        previous = k
        i += pair ? 2 : 1
    }
}

/// `tateChuYokoRows` with combined ranges: the same automatic pairs, and the ranges first.
@usableFromInline
func combinedTateChuYokoRows(count: Int, byte: (Int) -> UInt8, combined: [Range<Int>], start: (Int) -> Int,
                             row: (_ first: Int, _ length: Int) -> Void) {
    var previous: UInt8 = 0
    var r = 0
    // Whether the character starting at byte `s` is in a combined range, from range `r` on.
    func isCombined(_ s: Int) -> Bool {
        var q = r
        while q < combined.count && combined[q].upperBound <= s { q += 1 }
        return q < combined.count && combined[q].lowerBound <= s
    }
    var i = 0
    while i < count {
        let s = start(i)
        while r < combined.count && combined[r].upperBound <= s { r += 1 }
        if r < combined.count && combined[r].lowerBound <= s {
            var end = i + 1
            while end < count && start(end) < combined[r].upperBound { end += 1 }
            var fits = end - i <= 2
            for k in i..<end where fits {
                let b = byte(k)
                fits = b >= 0x21 && b <= 0x7E
            }
            previous = tateChuYokoKind(byte(end - 1))
            if fits {
                row(i, end - i)
            } else {
                for k in i..<end { row(k, 1) }
            }
            i = end
            continue
        }
        let k = tateChuYokoKind(byte(i))
        let pair = k != 0 && i + 1 < count && tateChuYokoKind(byte(i + 1)) == k && previous != k
            && (i + 2 >= count || tateChuYokoKind(byte(i + 2)) != k) && !isCombined(start(i + 1))
        row(i, pair ? 2 : 1)
        previous = k
        i += pair ? 2 : 1
    }
}

/// The rows of a vertical line (a column), top to bottom, as the paginator counted them: one character per
/// row, except tate-chu-yoko pairs and short combined ranges (`Line.combinedRanges`). Renderers draw one row per
/// element; the count equals `Line.width` for vertical pages.
public func verticalRows(of column: String, combined: [Range<Int>] = []) -> [String] {
    var column = column
    return column.withUTF8 { bytes in
        verticalRowRanges(of: bytes, combined: combined).map {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self)
        }
    }
}

/// `verticalRows(of:combined:)` as UTF-8 byte ranges of the column's text.
public func verticalRowRanges(of bytes: UnsafeBufferPointer<UInt8>, combined: [Range<Int>] = []) -> [Range<Int>] {
    // Character boundaries: code point by code point when no code point can join its neighbour (most CJK
    // and Latin text), else Swift's own grapheme clusters.
    var starts: [Int] = []
    starts.reserveCapacity(bytes.count)
    if bytes.isEmpty { return [] }
    if qi_simple_graphemes(bytes.baseAddress, Int32(bytes.count)) != 0 {
        for i in 0..<bytes.count where bytes[i] & 0xC0 != 0x80 { starts.append(i) }
    } else {
        let text = String(decoding: bytes, as: UTF8.self)
        var offset = 0
        var previous = text.startIndex
        for index in text.indices {
            offset += text.utf8.distance(from: previous, to: index)
            previous = index
            starts.append(offset)
        }
    }
    let count = starts.count
    func end(_ i: Int) -> Int { i + 1 < count ? starts[i + 1] : bytes.count }
    var rows: [Range<Int>] = []
    rows.reserveCapacity(count)
    tateChuYokoRows(count: count, byte: { i in end(i) - starts[i] == 1 ? bytes[starts[i]] : 0 }, combined: combined,
                    start: { starts[$0] }) { first, length in
        rows.append(starts[first]..<end(first + length - 1))
    }
    return rows
}

extension ClusterBuffer {
    /// In a column every cluster takes one row, and a tate-chu-yoko pair (or a short `combined` range, byte ranges
    /// of the paragraph) shares one: its second cluster gets no row and no line may end between the two.
    func applyVerticalWidths(_ bytes: UnsafeBufferPointer<UInt8>, _ n: Int, combined: [Range<Int>] = []) {
        let clusterStart = self.start, clusterWidth = self.width, clusterFlags = self.flags
        for i in 0..<n where !clusterFlags[i].contains(.invisible) { clusterWidth[i] = 1 }
        tateChuYokoRows(count: n, byte: { i in
            clusterStart[i + 1] - clusterStart[i] == 1 ? bytes[Int(clusterStart[i])] : 0
        }, combined: combined, start: { Int(clusterStart[$0]) }) { first, length in
            if length == 2 {
                clusterWidth[first + 1] = 0
                clusterFlags[first].remove(.breakAfter)
            }
        }
    }
}
