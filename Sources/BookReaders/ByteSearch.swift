/// Searches of UTF-8 buffers a word at a time, for passes that look for a few ASCII bytes in long runs of others.
enum ByteSearch {
    /// The first index at or after `start` whose byte is `a` or `b`, or `bytes.count` when there is none.
    /// Eight bytes are tested at once while none of them is either (a byte equals `a` exactly when the word
    /// XOR `a` repeated has a zero byte there, and a word has a zero byte exactly when subtracting 0x01 from every
    /// byte sets a high bit that was clear); the byte itself is then found one at a time.
    @inline(__always)
    static func firstIndex(of a: UInt8, or b: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var i = start
        let count = bytes.count
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            let repeatedA = UInt64(a) &* ones, repeatedB = UInt64(b) &* ones
            while i + 8 <= count {
                let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let x = word ^ repeatedA, y = word ^ repeatedB
                if ((x &- ones) & ~x | (y &- ones) & ~y) & highs != 0 { break }
                i += 8
            }
        }
        while i < count && bytes[i] != a && bytes[i] != b { i += 1 }
        return i
    }

    /// Whether every byte is XML white space (space, tab, line feed, carriage return). The indentation between
    /// elements is mostly spaces after a line feed: eight spaces are tested at once wherever they start.
    static func isXMLSpaceOnly(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var i = 0
        while i < count {
            if i + 8 <= count && raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) == 0x2020_2020_2020_2020 {
                i += 8
                continue
            }
            let b = bytes[i]
            if b != 0x20 && b != 0x0A && b != 0x09 && b != 0x0D { return false }
            i += 1
        }
        return true
    }
}
