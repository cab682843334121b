// A tiny ZIP writer for fixtures: STORED entries and a hand-made DEFLATE stream of zero bytes, with knobs to
// make an archive lie (wrong CRC, wrong sizes) so the container's defences can be exercised. Pure Swift.

enum CRC32 {
    static let table: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func of(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}

/// Raw DEFLATE (RFC 1951) encoder for runs of zero bytes: one fixed-Huffman block of <length 258, distance 1>
/// copies. Compresses about 160:1, enough to trip a compression-ratio limit.
enum Deflate {
    private struct BitWriter {
        var bytes: [UInt8] = []
        var bitCount = 0
        /// Appends `count` bits of `value`, least significant first (header fields, extra bits).
        mutating func bits(_ value: UInt32, _ count: Int) {
            for i in 0..<count { bit((value >> UInt32(i)) & 1) }
        }
        /// Appends a Huffman code, most significant bit first.
        mutating func code(_ value: UInt32, _ length: Int) {
            for i in stride(from: length - 1, through: 0, by: -1) { bit((value >> UInt32(i)) & 1) }
        }
        mutating func bit(_ b: UInt32) {
            if bitCount % 8 == 0 { bytes.append(0) }
            if b != 0 { bytes[bytes.count - 1] |= UInt8(1 << (bitCount % 8)) }
            bitCount += 1
        }
    }

    static func zeros(count: Int) -> [UInt8] {
        var w = BitWriter()
        w.bits(1, 1)          // BFINAL
        w.bits(1, 2)          // BTYPE = 01, fixed Huffman
        var remaining = count
        func literalZero() { w.code(0x30, 8) }  // literal 0 (0x30 + 0, 8 bits)
        if remaining > 0 { literalZero(); remaining -= 1 }
        while remaining >= 258 {
            w.code(0xC0 + (285 - 280), 8)       // length symbol 285 = 258 bytes, no extra bits
            w.code(0, 5)                        // distance code 0 = distance 1
            remaining -= 258
        }
        while remaining > 0 { literalZero(); remaining -= 1 }
        w.code(0, 7)                            // end of block (256)
        return w.bytes
    }
}

struct ZipEntry {
    var name: String
    var data: [UInt8]
    /// 0 = stored, 8 = deflated (then `compressed` holds the stream).
    var method: UInt16 = 0
    var compressed: [UInt8]? = nil
    var crc: UInt32? = nil
    var declaredSize: UInt32? = nil
    /// General-purpose flags: bit 11 = UTF-8 names; bit 0 = traditional PKWARE encryption.
    var flags: UInt16 = 0x0800

    init(_ name: String, _ data: [UInt8]) {
        self.name = name
        self.data = data
    }

    init(_ name: String, _ text: String) { self.init(name, Array(text.utf8)) }

    /// An entry of `count` zero bytes, deflated.
    static func zeros(_ name: String, count: Int) -> ZipEntry {
        var e = ZipEntry(name, [UInt8](repeating: 0, count: count))
        e.method = 8
        e.compressed = Deflate.zeros(count: count)
        return e
    }
}

enum ZipWriter {
    static func archive(_ entries: [ZipEntry]) -> [UInt8] {
        var out: [UInt8] = []
        var central: [UInt8] = []
        func u16(_ v: UInt16, _ a: inout [UInt8]) { a += [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: UInt32, _ a: inout [UInt8]) { for i in 0..<4 { a.append(UInt8((v >> (8 * UInt32(i))) & 0xFF)) } }
        for e in entries {
            let payload = e.compressed ?? e.data
            let crc = e.crc ?? CRC32.of(e.data)
            let size = e.declaredSize ?? UInt32(e.data.count)
            let name = Array(e.name.utf8)
            let offset = UInt32(out.count)
            func common(_ a: inout [UInt8]) {
                u16(20, &a); u16(e.flags, &a); u16(e.method, &a); u16(0, &a); u16(0x21, &a)
                u32(crc, &a); u32(UInt32(payload.count), &a); u32(size, &a); u16(UInt16(name.count), &a); u16(0, &a)
            }
            u32(0x0403_4B50, &out); common(&out); out += name; out += payload
            u32(0x0201_4B50, &central); u16(0x031E, &central); common(&central)
            u16(0, &central); u16(0, &central); u16(0, &central); u32(0, &central); u32(offset, &central)
            central += name
        }
        let centralOffset = UInt32(out.count)
        out += central
        u32(0x0605_4B50, &out); u16(0, &out); u16(0, &out)
        u16(UInt16(entries.count), &out); u16(UInt16(entries.count), &out)
        u32(UInt32(central.count), &out); u32(centralOffset, &out); u16(0, &out)
        return out
    }
}
