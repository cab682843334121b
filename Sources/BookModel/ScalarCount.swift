extension String {
    /// The number of Unicode scalars, counted on the UTF-8 bytes: every byte that is not a continuation byte
    /// (10xxxxxx) starts a scalar. Eight bytes at a time; equal to `unicodeScalars.count` for any String.
    @inlinable
    public var unicodeScalarCount: Int {
        if let count = utf8.withContiguousStorageIfAvailable({ Self.scalarCount(of: $0) }) { return count }
        return unicodeScalars.count
    }

    /// The scalars of valid UTF-8 bytes (Layout counts slices of a paragraph's bytes with it).
    @inlinable
    public static func scalarCount(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let count = bytes.count
        guard let base = bytes.baseAddress, count > 0 else { return 0 }
        var continuation = 0
        var i = 0
        let high: UInt64 = 0x8080_8080_8080_8080
        let raw = UnsafeRawPointer(base)
        while i + 8 <= count {
            let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            // Bit 7 set and bit 6 clear in a byte: a continuation byte. Its flags moved to bit 0 of each byte are
            // summed by one multiplication into the top byte (at most 8): baseline x86-64 has no popcount instruction.
            let flags = (w & ~(w << 1) & high) >> 7
            continuation &+= Int(truncatingIfNeeded: (flags &* 0x0101_0101_0101_0101) >> 56)
            i += 8
        }
        while i < count {
            if base[i] & 0xC0 == 0x80 { continuation += 1 }
            i += 1
        }
        return count - continuation
    }
}
