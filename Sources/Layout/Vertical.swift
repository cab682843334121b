import ICUShim

/// The rows of a vertical line (a column), top to bottom, as the paginator counted them: one character per
/// row, except a lone pair of half-width digits or of !? marks, which shares one row upright (tate-chu-yoko).
/// Renderers draw one row per element; the count equals `Line.width` for vertical pages.
public func verticalRows(of column: String) -> [String] {
    var column = column
    return column.withUTF8 { bytes in
        verticalRowRanges(of: bytes).map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
    }
}

/// `verticalRows(of:)` as UTF-8 byte ranges of the column's text.
public func verticalRowRanges(of bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
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
    func kind(_ i: Int) -> Int {
        guard i >= 0 && i < count, end(i) - starts[i] == 1 else { return 0 }
        let ascii = bytes[starts[i]]
        if ascii >= 0x30 && ascii <= 0x39 { return 1 }
        if ascii == 0x21 || ascii == 0x3F { return 2 }
        return 0
    }
    var rows: [Range<Int>] = []
    rows.reserveCapacity(count)
    var i = 0
    while i < count {
        let k = kind(i)
        if k != 0 && kind(i + 1) == k && kind(i - 1) != k && kind(i + 2) != k {
            rows.append(starts[i]..<end(i + 1))
            i += 2
        } else {
            rows.append(starts[i]..<end(i))
            i += 1
        }
    }
    return rows
}
