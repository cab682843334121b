/// A Bloom filter of the type names, ids and classes of an element and its ancestors: the cheap rejection browsers
/// use for descendant selectors. `.box p` is not tested on a `p` none of whose ancestors can have class `box`.
/// It travels down the tree in `ComputedStyle`, so the lead's walk (parent style in, child style out) builds it
/// with no extra pass; false positives only cost a full match, never a wrong answer.
struct AncestorFilter: Sendable, Equatable {
    private var bits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// Not part of a style's value: two computed styles with equal values are equal whatever their ancestors.
    static func == (l: AncestorFilter, r: AncestorFilter) -> Bool { true }

    /// FNV-1a over the bytes, with a kind tag so that type `p` and class `p` differ.
    static func hash(_ kind: UInt8, _ s: some StringProtocol) -> UInt32 {
        var h: UInt32 = 2_166_136_261 ^ UInt32(kind)
        h = h &* 16_777_619
        for b in s.utf8 { h = (h ^ UInt32(b)) &* 16_777_619 }
        return h
    }
    static let typeKind: UInt8 = 1, idKind: UInt8 = 2, classKind: UInt8 = 3

    /// Calls `body` with the hash of each whitespace-separated token of `list` (a `class` attribute), on its bytes.
    static func forEachToken(_ list: String, kind: UInt8, _ body: (UInt32) -> Void) {
        var list = list
        list.withUTF8 { bytes in
            var i = 0
            while i < bytes.count {
                while i < bytes.count, isSpace(bytes[i]) { i += 1 }
                guard i < bytes.count else { return }
                var h: UInt32 = (2_166_136_261 ^ UInt32(kind)) &* 16_777_619
                while i < bytes.count, !isSpace(bytes[i]) { h = (h ^ UInt32(bytes[i])) &* 16_777_619; i += 1 }
                body(h)
            }
        }
    }

    @inline(__always) private static func isSpace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D
    }

    func union(_ other: AncestorFilter) -> AncestorFilter {
        var u = self
        u.bits = (bits.0 | other.bits.0, bits.1 | other.bits.1, bits.2 | other.bits.2, bits.3 | other.bits.3)
        return u
    }

    mutating func insert(_ h: UInt32) {
        set(Int(h & 0xFF))
        set(Int((h >> 8) & 0xFF))
    }

    func mayContain(_ h: UInt32) -> Bool { test(Int(h & 0xFF)) && test(Int((h >> 8) & 0xFF)) }

    private mutating func set(_ bit: Int) {
        let mask = UInt64(1) << UInt64(bit & 63)
        switch bit >> 6 {
        case 0: bits.0 |= mask
        case 1: bits.1 |= mask
        case 2: bits.2 |= mask
        default: bits.3 |= mask
        }
    }

    private func test(_ bit: Int) -> Bool {
        let mask = UInt64(1) << UInt64(bit & 63)
        switch bit >> 6 {
        case 0: return bits.0 & mask != 0
        case 1: return bits.1 & mask != 0
        case 2: return bits.2 & mask != 0
        default: return bits.3 & mask != 0
        }
    }
}

extension Selector {
    /// Hashes of what the selector's ancestor compounds require (types, ids, classes), at most four. A compound
    /// is an ancestor of the subject when the combinator on its right is a descendant or child combinator (after
    /// a sibling combinator too: a sibling's ancestors are the element's).
    static func ancestorHashes(_ compounds: [Compound], _ combinators: [Combinator]) -> [UInt32] {
        var out: [UInt32] = []
        for k in 1..<max(compounds.count, 1) where combinators[k - 1] == .descendant || combinators[k - 1] == .child {
            let c = compounds[k]
            for t in c.tests {
                if case .id(let v) = t { out.append(AncestorFilter.hash(AncestorFilter.idKind, v)) }
                if case .class(let v) = t { out.append(AncestorFilter.hash(AncestorFilter.classKind, v)) }
            }
            if let name = c.localName { out.append(AncestorFilter.hash(AncestorFilter.typeKind, name)) }
        }
        return Array(out.prefix(4))
    }
}
