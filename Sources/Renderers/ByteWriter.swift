/// Writes UTF-8 into memory already sized for it: a plain store per byte where `Array.append` checks
/// uniqueness and capacity each time. Used only inside `[UInt8].appendUpTo(_:_:)`.
struct ByteWriter {
    let base: UnsafeMutablePointer<UInt8>
    /// Bytes the memory holds: a write past it stops the program before it touches anything else.
    let capacity: Int
    private(set) var count = 0

    init(_ base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    mutating func put(_ byte: UInt8) {
        precondition(count < capacity, "wrote past the space asked for")
        base[count] = byte
        count += 1
    }

    mutating func put(_ piece: PackedUTF8) {
        var b = piece.bytes
        for _ in 0..<piece.count {
            put(UInt8(truncatingIfNeeded: b))
            b >>= 8
        }
    }

    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        if bytes.count <= 4 {
            // One character: cheaper than a call to memmove.
            for b in bytes { put(b) }
            return
        }
        precondition(count + bytes.count <= capacity, "wrote past the space asked for")
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    mutating func put(_ text: String) {
        var text = text
        text.withUTF8 { put($0) }
    }

    /// `count` copies of `piece`, as in a frame edge.
    mutating func put(_ piece: PackedUTF8, count: Int) {
        for _ in 0..<max(0, count) { put(piece) }
    }

    mutating func spaces(_ n: Int) {
        if n > 16 {
            precondition(count + n <= capacity, "wrote past the space asked for")
            (base + count).update(repeating: 0x20, count: n)
            count += n
        } else {
            for _ in 0..<max(0, n) { put(0x20) }
        }
    }

    /// Drops the spaces at the end, back to `start` at most.
    mutating func trimSpaces(downTo start: Int) {
        while count > start && base[count - 1] == 0x20 { count -= 1 }
    }
}

extension Array where Element == UInt8 {
    /// Lets `write` add at most `limit` bytes through a `ByteWriter`; the array keeps exactly those written.
    mutating func appendUpTo<Result>(_ limit: Int, _ write: (inout ByteWriter) -> Result) -> Result {
        let start = count
        append(contentsOf: repeatElement(0, count: limit))
        var written = 0
        let result = withUnsafeMutableBufferPointer { buffer -> Result in
            var writer = ByteWriter(buffer.baseAddress! + start, capacity: limit)
            let result = write(&writer)
            written = writer.count
            return result
        }
        removeLast(limit - written)
        return result
    }
}
