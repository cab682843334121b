/// Measuring and trimming short strings (a formula's tokens, an element's text) on their UTF-8, where the general
/// Character-based definitions (`String.characterCellWidth`, `String.characterCollapsingSpaces`,
/// `String.characterTrimmingSpaces`) cost hundreds of instructions a character. Each fast path answers only when it
/// can prove the general definition gives the same answer, and returns nil otherwise (issue 19: linear-algebra.epub
/// spent 1.4 G instructions measuring its formulas and 0.5 G trimming their tokens).
enum ScalarText {
    /// Cells of a character whose first scalar is `v`: two for East Asian wide and fullwidth (UAX #11 W and F, the
    /// ranges mathematics meets), else one.
    @inline(__always)
    static func cells(_ v: UInt32) -> Int {
        let wide = (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) && v != 0x303F
            || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v)
            || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v) || (0x2329...0x232A).contains(v)
        return wide ? 2 : 1
    }

    /// Whether a scalar is one of those between any two of which UAX #29 puts a grapheme break (§3.1.1): its
    /// Grapheme_Cluster_Break is Other, or Control other than CR (GB4 and GB5 break around controls; only CR LF
    /// joins). A string of them has one character per scalar: no Extend, ZWJ, SpacingMark, Prepend,
    /// Regional_Indicator or Hangul jamo, and emoji sequences need a ZWJ. The ranges are whole blocks without such
    /// characters: Basic Latin to Spacing Modifier Letters, Greek and Cyrillic without its combining marks
    /// (U+0483–0489), Phonetic Extensions and their Supplement (the subscript letters ᵢ ⱼ), Latin Extended
    /// Additional and Greek Extended, General Punctuation without ZWNJ and ZWJ, to Currency Symbols, Letterlike Symbols to
    /// Miscellaneous Symbols and Arrows (arrows, operators, technical, box drawing, shapes), CJK Symbols and
    /// Punctuation before its tone marks (U+302A), fullwidth forms, and Mathematical Alphanumeric Symbols.
    /// Anything else takes the general way. (`ScalarTextTests` checks every one of them against Swift's own
    /// segmentation.)
    @inline(__always)
    static func isSimpleScalar(_ v: UInt32) -> Bool {
        if v < 0x300 { return v != 0x0D }
        if v < 0x1D00 { return v >= 0x370 && v <= 0x482 }
        if v <= 0x1DBF { return true }
        if v < 0x1E00 { return false }
        if v <= 0x20CF { return v != 0x200C && v != 0x200D }
        if v < 0x2100 { return false }
        if v <= 0x2BFF { return true }
        if v < 0x3000 { return false }
        if v <= 0x3029 { return true }
        if v < 0xFF01 { return false }
        if v <= 0xFF60 { return true }
        return v >= 0x1D400 && v <= 0x1D7FF
    }

    /// The scalar at `i` of valid UTF-8 and the index after it.
    @inline(__always)
    static func scalar(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> (value: UInt32, next: Int) {
        let b0 = UInt32(b[i])
        if b0 < 0x80 { return (b0, i + 1) }
        if b0 < 0xE0 { return ((b0 & 0x1F) << 6 | UInt32(b[i + 1] & 0x3F), i + 2) }
        if b0 < 0xF0 { return ((b0 & 0x0F) << 12 | UInt32(b[i + 1] & 0x3F) << 6 | UInt32(b[i + 2] & 0x3F), i + 3) }
        return ((b0 & 0x07) << 18 | UInt32(b[i + 1] & 0x3F) << 12 | UInt32(b[i + 2] & 0x3F) << 6 | UInt32(b[i + 3] & 0x3F), i + 4)
    }

    /// `cellWidth` of valid UTF-8 whose every scalar is a simple one (each is then a character); nil otherwise.
    static func simpleScalarCells(_ utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        var total = 0
        var i = 0
        while i < utf8.count {
            if utf8[i] < 0x80 {
                if utf8[i] == 0x0D { return nil }
                total += 1
                i += 1
                continue
            }
            let (v, next) = scalar(utf8, at: i)
            guard isSimpleScalar(v) else { return nil }
            total += cells(v)
            i = next
        }
        return total
    }

    /// Unicode's White_Space property (a stable set: Character.isWhitespace asks it of a character's first
    /// scalar), without the property lookup, which costs about 300 instructions.
    @inline(__always)
    static func isWhitespace(_ v: UInt32) -> Bool {
        if v < 0x80 { return v == 0x20 || (0x09...0x0D).contains(v) }
        return v == 0x85 || v == 0xA0 || v == 0x1680 || (0x2000...0x200A).contains(v) || v == 0x2028 || v == 0x2029
            || v == 0x202F || v == 0x205F || v == 0x3000
    }

    /// Whether neither end of the UTF-8 is a white-space character, so trimming would leave it as it is. The
    /// first scalar must not be white space, nor the last, which must also be a simple scalar: a character that
    /// starts with white space and goes on joins its next scalar by GB9 or GB9a (Extend, ZWJ, SpacingMark), which
    /// no simple scalar is, so a simple last scalar that is not white space ends a character that does not start
    /// with white space either. False also when it cannot tell.
    static func hasNoWhitespaceAtEnds(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !b.isEmpty, !isWhitespace(scalar(b, at: 0).value) else { return false }
        var last = b.count - 1
        while b[last] & 0xC0 == 0x80 { last -= 1 }
        let v = scalar(b, at: last).value
        return isSimpleScalar(v) && !isWhitespace(v)
    }

    /// The string unchanged when `collapsingSpaces` would leave it so: no space, tab, line feed or carriage
    /// return inside (nothing to split at), and no white space at its ends to trim. Nil: take the general way.
    static func alreadyCollapsed(_ text: String) -> String? {
        let answer: Bool? = text.utf8.withContiguousStorageIfAvailable { b in
            guard !b.isEmpty else { return true }
            for byte in b where byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { return false }
            return hasNoWhitespaceAtEnds(b)
        }
        return answer == true ? text : nil
    }

    /// The string unchanged when `trimmingSpaces` would leave it so; nil: take the general way.
    static func alreadyTrimmed(_ text: String) -> String? {
        let answer: Bool? = text.utf8.withContiguousStorageIfAvailable { hasNoWhitespaceAtEnds($0) }
        return answer == true ? text : nil
    }

    /// Whether every character is white space, for ASCII text; nil when the text holds anything else and no
    /// ASCII character already said no. (An ASCII byte other than LF always starts a character, and LF is white
    /// space either way.)
    static func isBlankASCII(_ text: String) -> Bool? {
        let answer: Bool?? = text.utf8.withContiguousStorageIfAvailable { b in
            for byte in b {
                if byte >= 0x80 { return nil }
                if !isWhitespace(UInt32(byte)) { return false }
            }
            return true
        }
        return answer ?? nil
    }
}
