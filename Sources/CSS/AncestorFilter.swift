/// A Bloom filter of the type names, ids and classes of an element and its ancestors: the cheap rejection browsers
/// use for descendant selectors. `.box p` is not tested on a `p` none of whose ancestors can have class `box`.
/// It travels down the tree in `ComputedStyle`, so the lead's walk (parent style in, child style out) builds it
/// with no extra pass; false positives only cost a full match, never a wrong answer.
@usableFromInline struct AncestorFilter: Sendable, Equatable {
    @usableFromInline var bits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    @inlinable init() {}

    /// Not part of a style's value: two computed styles with equal values are equal whatever their ancestors.
    @usableFromInline static func == (l: AncestorFilter, r: AncestorFilter) -> Bool { true }

    /// FNV-1a over the bytes, with a kind tag so that type `p` and class `p` differ.
    @inlinable static func hash(_ kind: UInt8, _ s: some StringProtocol) -> UInt32 { hash(seed(kind), s) }

    /// FNV-1a over the bytes of `s`, starting from `seed`.
    @inlinable static func hash(_ seed: UInt32, _ s: some StringProtocol) -> UInt32 {
        var h = seed
        for b in s.utf8 { h = (h ^ UInt32(b)) &* 16_777_619 }
        return h
    }

    /// The state after the tag, so a kind (or an attribute name, see `AttributeKey`) starts its own hash space.
    @inlinable static func seed(_ tag: UInt32) -> UInt32 { (2_166_136_261 ^ tag) &* 16_777_619 }
    @inlinable static func seed(_ kind: UInt8) -> UInt32 { seed(UInt32(kind)) }

    /// The hash a type (an element's local name) has in the filter and the rule index.
    @usableFromInline static func typeHash(_ name: String) -> UInt32 { hash(typeKind, name) }

    @usableFromInline static let typeKind: UInt8 = 1, idKind: UInt8 = 2, classKind: UInt8 = 3, attributeKind: UInt8 = 4

    /// Calls `body` with the hash of each whitespace-separated token of `list` (an attribute value), each started
    /// from `seed`, on its bytes.
    @inlinable static func forEachToken(_ list: String, seed: UInt32, _ body: (UInt32) -> Void) {
        var list = list
        list.withUTF8 { forEachToken($0, seed: seed, body) }
    }

    /// `forEachToken` on the list's UTF-8.
    @inlinable static func forEachToken(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt32, _ body: (UInt32) -> Void) {
        var i = 0
        while i < bytes.count {
            while i < bytes.count, isSpace(bytes[i]) { i += 1 }
            guard i < bytes.count else { return }
            var h = seed
            while i < bytes.count, !isSpace(bytes[i]) { h = (h ^ UInt32(bytes[i])) &* 16_777_619; i += 1 }
            body(h)
        }
    }

    /// `hash(_:_:)` of a value's UTF-8.
    @inlinable static func hash(_ kind: UInt8, bytes: UnsafeBufferPointer<UInt8>) -> UInt32 { hash(seed(kind), bytes: bytes) }

    /// `hash(_:_:)` of a value's UTF-8, starting from `seed`.
    @inlinable static func hash(_ seed: UInt32, bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var h = seed
        for b in bytes { h = (h ^ UInt32(b)) &* 16_777_619 }
        return h
    }

    @inlinable static func isSpace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D
    }

    @inlinable func union(_ other: AncestorFilter) -> AncestorFilter {
        var u = self
        u.bits = (bits.0 | other.bits.0, bits.1 | other.bits.1, bits.2 | other.bits.2, bits.3 | other.bits.3)
        return u
    }

    @inlinable mutating func insert(_ h: UInt32) {
        set(Int(h & 0xFF))
        set(Int((h >> 8) & 0xFF))
    }

    @inlinable func mayContain(_ h: UInt32) -> Bool { test(Int(h & 0xFF)) && test(Int((h >> 8) & 0xFF)) }

    @inlinable mutating func set(_ bit: Int) {
        let mask = UInt64(1) << UInt64(bit & 63)
        switch bit >> 6 {
        case 0: bits.0 |= mask
        case 1: bits.1 |= mask
        case 2: bits.2 |= mask
        default: bits.3 |= mask
        }
    }

    @inlinable func test(_ bit: Int) -> Bool {
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
    /// Hashes of what the selector's ancestor compounds require (ids, classes and attributes first, being rarer, then
    /// types), at most four. A compound is an ancestor of the subject when the combinator on its right is a
    /// descendant or child combinator (after a sibling combinator too: a sibling's ancestors are the element's).
    static func ancestorHashes(_ compounds: [Compound], _ combinators: [Combinator]) -> [UInt32] {
        var rare: [UInt32] = [], types: [UInt32] = []
        for k in 1..<max(compounds.count, 1) where combinators[k - 1] == .descendant || combinators[k - 1] == .child {
            let c = compounds[k]
            for t in c.tests {
                if case .id(let v) = t { rare.append(AncestorFilter.hash(AncestorFilter.idKind, v)) }
                if case .class(let v) = t { rare.append(AncestorFilter.hash(AncestorFilter.classKind, v)) }
                if case .attribute(let a) = t, let key = AttributeKey(a) { rare.append(key.hash(requiredBy: a)) }
            }
            if let name = c.localName { types.append(AncestorFilter.hash(AncestorFilter.typeKind, name)) }
        }
        return Array((rare + types).prefix(4))
    }

    /// The attributes the ancestor compounds test in a way the filter can learn (see `AttributeKey`).
    var ancestorAttributeKeys: [AttributeKey] {
        var out: [AttributeKey] = []
        for k in 1..<max(compounds.count, 1) where combinators[k - 1] == .descendant || combinators[k - 1] == .child {
            for t in compounds[k].tests {
                if case .attribute(let a) = t, let key = AttributeKey(a), !out.contains(key) { out.append(key) }
            }
        }
        return out
    }
}

/// An attribute (namespace and local name) whose presence, whole value and whitespace-separated tokens an element
/// adds to the ancestor filter, so `[epub|type~="z3998:verse"] p` is not walked up from every `p` of a book where
/// few ancestors have that type. Only tests the filter can answer exactly: a definite namespace (an attribute of
/// any namespace could be one of several), case-sensitive values, and `[a]`, `[a=v]` or `[a~=v]`.
@usableFromInline struct AttributeKey: Sendable, Equatable {
    @usableFromInline var namespace: String
    @usableFromInline var name: String
    /// The hash of the attribute's presence; its values hash from it.
    @usableFromInline var hash: UInt32

    init?(_ test: AttributeTest) {
        guard case .uri(let uri) = test.namespace, !test.caseInsensitive else { return nil }
        switch test.op {
        case .exists, .equals, .includes: break
        default: return nil
        }
        namespace = uri
        name = test.name
        hash = AncestorFilter.hash(AncestorFilter.hash(AncestorFilter.attributeKind, uri) ^ 0x7C, name)
    }

    /// What an ancestor must have put in the filter to satisfy `test` (one of this key's tests).
    func hash(requiredBy test: AttributeTest) -> UInt32 {
        switch test.op {
        case .equals: return AncestorFilter.hash(wholeSeed, test.value)
        // `~=` with an empty or spaced value matches nothing (Selectors 3 §6.3.1): no ancestor can have it.
        case .includes: return AncestorFilter.hash(tokenSeed, test.value)
        default: return hash
        }
    }

    /// Adds what an element with this attribute set to `value` can satisfy: presence, the whole value, each token.
    @inlinable func insert(_ value: String, into filter: inout AncestorFilter) {
        filter.insert(hash)
        filter.insert(AncestorFilter.hash(wholeSeed, value))
        AncestorFilter.forEachToken(value, seed: tokenSeed) { filter.insert($0) }
    }

    /// Where the hashes of a whole value (`=`) and of each of its tokens (`~=`) start.
    @inlinable var wholeSeed: UInt32 { AncestorFilter.seed(hash ^ 2) }
    @inlinable var tokenSeed: UInt32 { AncestorFilter.seed(hash ^ 1) }
}
