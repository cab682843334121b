/// Writes UTF-8 into memory sized in advance for it: a plain store per byte where `Array.append` checks
/// uniqueness and capacity each time. Used only inside `[UInt8].appendUpTo(_:_:)`.
///
/// The sizes callers ask for are derived by hand from what they draw. Should one ever be too small (a rule
/// changed, an input nobody thought of), the writer moves what it has written into a larger buffer of its own
/// and goes on: no input can make it write out of bounds or stop the program. One compare per write (not per
/// byte) pays for that; growing is out of line and never happens on a well-sized request.
struct ByteWriter {
    private(set) var base: UnsafeMutablePointer<UInt8>
    /// Bytes `base` holds.
    private(set) var capacity: Int
    private(set) var count = 0
    /// The writer's own memory once it has outgrown the caller's (then `base` points at it); `appendUpTo`
    /// copies it out and frees it.
    private(set) var grown: UnsafeMutablePointer<UInt8>?

    init(_ base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    @inline(__always)
    mutating func put(_ byte: UInt8) {
        reserve(1)
        store(byte)
    }

    @inline(__always)
    mutating func put(_ piece: PackedUTF8) {
        // One four-byte store where there is room for it (a frame edge is written twice on every row of a page);
        // `count` then takes the piece's own length.
        if capacity - count >= 4 {
            UnsafeMutableRawPointer(base + count).storeBytes(of: piece.bytes.littleEndian, as: UInt32.self)
            count += Int(piece.count)
            return
        }
        reserve(Int(piece.count))
        store(piece)
    }

    @inline(__always)
    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        if bytes.count <= 4 {
            // One character: cheaper than a call to memmove.
            for b in bytes { store(b) }
            return
        }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    @inline(__always)
    mutating func put(contentsOf text: String) {
        // Borrowed in place where the string is contiguous (always, for native strings): `var text = text` cost a
        // retain and a release per line drawn (issue 19).
        if text.utf8.withContiguousStorageIfAvailable({ put($0) }) == nil {
            var text = text
            text.withUTF8 { put($0) }
        }
    }

    /// A literal's UTF-8. (A string's is `put(contentsOf:)`, named apart so that a literal reaches this one: a
    /// literal prefers `String`. `[UInt8]` names them the same way, so code can write to either.)
    @inline(__always)
    mutating func put(_ literal: StaticString) {
        literal.withUTF8Buffer { put($0) }
    }

    /// Bytes made elsewhere (a page body drawn before).
    mutating func put(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { put($0) }
    }

    /// `count` copies of `piece`, as in a frame edge: each one four-byte store, a piece's length past the last (the
    /// byte or so past a shorter piece is overwritten by the next, or lies beyond `count`).
    mutating func put(_ piece: PackedUTF8, count copies: Int) {
        guard copies > 0 else { return }
        let length = Int(piece.count)
        reserve(length * copies + 4)
        let destination = UnsafeMutableRawPointer(base + count)
        for k in 0..<copies {
            destination.storeBytes(of: piece.bytes.littleEndian, toByteOffset: k * length, as: UInt32.self)
        }
        count += length * copies
    }

    @inline(__always)
    mutating func spaces(_ n: Int) {
        guard n > 0 else { return }
        reserve(n)
        if n > 16 {
            (base + count).update(repeating: 0x20, count: n)
            count += n
        } else {
            for _ in 0..<n { store(0x20) }
        }
    }

    /// Room for `more` bytes: checked once before a write, so the stores themselves need no check and the
    /// compiler can keep the writer in registers through a loop of them.
    @inline(__always)
    private mutating func reserve(_ more: Int) {
        if more > capacity - count { grow(toHold: more) }
    }

    /// One byte into space `reserve` made.
    @inline(__always)
    private mutating func store(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    @inline(__always)
    private mutating func store(_ piece: PackedUTF8) {
        var b = piece.bytes
        for _ in 0..<piece.count {
            store(UInt8(truncatingIfNeeded: b))
            b >>= 8
        }
    }

    /// Drops what was written after the first `count` bytes.
    mutating func truncate(to count: Int) {
        precondition(count >= 0 && count <= self.count)
        self.count = count
    }

    /// Replaces a byte already written.
    mutating func replace(at index: Int, with byte: UInt8) {
        precondition(index >= 0 && index < count)
        base[index] = byte
    }

    /// Drops the spaces at the end, back to `start` at most.
    mutating func trimSpaces(downTo start: Int) {
        while count > start && base[count - 1] == 0x20 { count -= 1 }
    }

    /// Room for `more` bytes after `count`: the written bytes move to memory of the writer's own, at least
    /// twice as large, so a run of small overflows costs amortised constant time.
    @inline(never)
    private mutating func grow(toHold more: Int) {
        let size = max(count + more, 2 * capacity, 64)
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        memory.initialize(from: base, count: count)
        grown?.deallocate()
        grown = memory
        base = memory
        capacity = size
    }
}

extension Array where Element == UInt8 {
    /// Lets `write` add bytes through a `ByteWriter`, in space for `limit` bytes made in the array first (more
    /// if `write` needs it); the array keeps exactly the bytes written.
    mutating func appendUpTo<Result>(_ limit: Int, _ write: (inout ByteWriter) -> Result) -> Result {
        let start = count
        // At least one byte, so the buffer always has an address.
        let limit = Swift.max(1, limit)
        append(contentsOf: repeatElement(0, count: limit))
        var written = 0
        var grown: UnsafeMutablePointer<UInt8>?
        let result = withUnsafeMutableBufferPointer { buffer -> Result in
            var writer = ByteWriter(buffer.baseAddress! + start, capacity: limit)
            let result = write(&writer)
            written = writer.count
            grown = writer.grown
            return result
        }
        guard let grown else {
            removeLast(limit - written)
            return result
        }
        removeLast(limit)
        append(contentsOf: UnsafeBufferPointer(start: grown, count: written))
        grown.deallocate()
        return result
    }
}

extension Array where Element == UInt8 {
    /// Appends a literal's UTF-8: for documents built as bytes (`HTMLPageDrawer.body`), where a `String` grown
    /// by many small appends costs several hundred instructions an append.
    @inline(__always)
    mutating func put(_ literal: StaticString) {
        literal.withUTF8Buffer { append(contentsOf: $0) }
    }

    /// Appends a string's UTF-8, copied in one piece. (Named apart from `put(_:)`, which a literal would
    /// otherwise not reach: a string literal prefers `String`.)
    mutating func put(contentsOf text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }
}

/// Where the JSON writers put bytes: an array, appended to, or a `ByteWriter`, stored into room made in advance
/// (the page map's pages, issue 19). The writers are generic over it, so each rule is written once and compiled
/// for both.
protocol ByteSink {
    mutating func put(_ byte: UInt8)
    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>)
    mutating func put(_ literal: StaticString)
    mutating func put(contentsOf text: String)
    /// A line feed and `count` spaces.
    mutating func newline(spaces count: Int)
}

/// What the HTML viewer writes through either sink, written once.
extension ByteSink {
    /// An integer in decimal, as `String(value)` spells it, without making the string: page, spread and slot
    /// numbers are written several times in each of a site's documents (issue 19: `String(n)` and its append cost
    /// about 300 instructions a number).
    mutating func put(decimal value: Int) {
        JSON.decimal(value, into: &self)
    }

    /// ` name="value"` (`name` with its leading space): for values that need no escaping (numbers, names Quire
    /// chose). Values from the book go through `HTMLEscape.appendText`.
    mutating func putAttribute(_ name: StaticString, _ value: String) {
        put(name)
        put("=\"")
        put(contentsOf: value)
        put(0x22)
    }

    /// ` name="value"` for an integer value.
    mutating func putAttribute(_ name: StaticString, decimal value: Int) {
        put(name)
        put("=\"")
        put(decimal: value)
        put(0x22)
    }
}

extension ByteWriter: ByteSink {
    /// A JSON line's start: with room for sixteen bytes, a line feed and fifteen spaces are stored as two words and
    /// `count` takes the `1 + n` meant (the page map writes one for every member, issue 19).
    @inline(__always)
    mutating func newline(spaces n: Int) {
        if n >= 0 && n < 16 && capacity - count >= 16 {
            let p = UnsafeMutableRawPointer(base + count)
            p.storeBytes(of: UInt64(0x2020_2020_2020_200A).littleEndian, as: UInt64.self)
            p.storeBytes(of: UInt64(0x2020_2020_2020_2020), toByteOffset: 8, as: UInt64.self)
            count += 1 + n
            return
        }
        put(0x0A)
        spaces(n)
    }

    /// A pretty JSON object's member key: `,` when `comma`, a line feed, `spaces` spaces and `"name": `. The name
    /// is one of the page map's own (ASCII, nothing to escape).
    @inline(__always)
    mutating func putMemberKey(_ name: StaticString, comma: Bool, spaces n: Int) {
        if comma { put(0x2C) }
        newline(spaces: n)
        name.withUTF8Buffer { name in
            reserve(name.count + 4)
            // Through a pointer of its own, so `count` is not stored back after every byte.
            let key = base + count
            key[0] = 0x22
            for i in 0..<name.count { key[1 + i] = name[i] }
            key[name.count + 1] = 0x22
            key[name.count + 2] = 0x3A
            key[name.count + 3] = 0x20
            count += name.count + 4
        }
    }
}

extension Array: ByteSink where Element == UInt8 {
    @inline(__always)
    mutating func put(_ byte: UInt8) { append(byte) }

    @inline(__always)
    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }

    /// One copy from a constant for the depths a JSON document reaches: cheaper than a byte at a time.
    mutating func newline(spaces count: Int) {
        let line: StaticString = "\n                    "
        if count >= 0 && count < line.utf8CodeUnitCount {
            line.withUTF8Buffer { append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<(1 + count)])) }
            return
        }
        append(0x0A)
        for _ in 0..<count { append(0x20) }
    }
}
