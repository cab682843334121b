import BookModel
import Layout

/// Escaping itself lives in BookModel (`HTMLEscape.text`), shared with Markdown's inline HTML; what only the
/// viewer needs is here.
extension HTMLEscape {
    /// A BCP 47 language tag as given by the book, kept only if it looks like one (letters, digits, hyphens, and
    /// no longer than the pages' own bound, `maxLanguageTagBytes`).
    static func language(_ tag: String?) -> String? {
        guard let tag, !tag.isEmpty, tag.utf8.count <= maxLanguageTagBytes else { return nil }
        // Over the contiguous UTF-8, borrowed: the generic `utf8.allSatisfy` cost 260 instructions a line, and
        // `var tag` for `withUTF8` a retain and a release (issue 19).
        func allowed(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x2D
        }
        let looksRight = tag.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(allowed) } ?? tag.utf8.allSatisfy(allowed)
        return looksRight ? tag : nil
    }

    /// `appendText(_:to:)` through a writer (`HTMLPageDrawer.body`): text that needs no care is copied as it is,
    /// the rest escaped the one way `appendText` does.
    static func appendText(_ s: String, to out: inout ByteWriter) {
        append(s, to: &out, clean: { !mayNeedCare($0) })
    }

    /// `s` copied as it is when `clean` says its UTF-8 needs no escaping, else escaped as `appendText(_:to:)` on an
    /// array does it: the one rule for both writers.
    private static func append(_ s: String, to out: inout ByteWriter, clean: (UnsafeBufferPointer<UInt8>) -> Bool) {
        let copied = s.utf8.withContiguousStorageIfAvailable { utf8 in
            guard clean(utf8) else { return false }
            out.put(utf8)
            return true
        } ?? false
        if copied { return }
        var escaped: [UInt8] = []
        appendText(s, to: &escaped)
        escaped.withUnsafeBufferPointer { out.put($0) }
    }

    /// `appendText(_:to:)` for a line `HTMLPageDrawer.isPlainNarrow` passed, whose characters are printable ASCII
    /// and the few non-ASCII ranges `oneCellEach` allows. None of those is a character HTML forbids: no C0 or C1
    /// control, DEL or noncharacter (their UTF-8 starts with a byte below 0x20, 0x7F, `C2 80–9F`, `EF` or `F0–F4`,
    /// none of which `oneCellEach` lets through). So only `& < > " '` can need care, and eight bytes are tested for
    /// those in a dozen operations, where `mayNeedCare` tests for every forbidden character too (about 350
    /// instructions a line of War and Peace; issue 19). Text with any of the five is escaped the general way.
    static func appendNarrowText(_ s: String, to out: inout ByteWriter) {
        append(s, to: &out, clean: { !hasMarkupCharacter($0) })
    }

    /// Whether the UTF-8 holds `&`, `<`, `>`, `"` or `'`: eight bytes at a time, the last few as the text's last
    /// eight (as in `mayNeedCare`). A zero byte is found by subtracting one from every byte, which sets a high bit
    /// the byte's own was not; `b | 1 == 0x27` holds for `&` and `'`, `b | 2 == 0x3E` for `<` and `>`.
    static func hasMarkupCharacter(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = utf8.count
        guard count >= 8, let base = utf8.baseAddress else {
            return utf8.contains { $0 == 0x22 || $0 | 1 == 0x27 || $0 | 2 == 0x3E }
        }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ v: UInt64) -> Bool { (v &- ones) & ~v & highs != 0 }
        func markup(_ w: UInt64) -> Bool {
            hasZero(w ^ (0x22 &* ones)) || hasZero((w | ones) ^ (0x27 &* ones)) || hasZero((w | (0x02 &* ones)) ^ (0x3E &* ones))
        }
        var i = 0
        while i + 8 <= count {
            if markup(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) { return true }
            i += 8
        }
        return i < count && markup(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
    }
}
