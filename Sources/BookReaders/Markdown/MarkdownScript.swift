import BookModel

/// Guesses of direction and language from the letters of a text: ICU is out of reach here (DESIGN.md §3),
/// so a small explicit table of script ranges stands in for it.
enum MarkdownScript {
    /// What the letters of a text suggest.
    struct Guess: Equatable {
        var direction: Direction?
        /// "ar", "fa", "he" for right-to-left scripts, "ja" or "zh" for CJK, nil otherwise.
        var language: String?
    }

    /// The direction of the first strong letter and the language its scripts point to.
    /// Texts marked `isCode` only decide the direction when no other text has a letter.
    static func guess(_ texts: [(String, isCode: Bool)]) -> Guess {
        var scan = Scan()
        for (text, isCode) in texts { scan.add(text, isCode: isCode) }
        return scan.guess
    }

    /// What has been seen of a sequence of texts; scans of consecutive texts combine in order, so a container's
    /// guess comes from its children's scans without reading their text again.
    struct Scan {
        var direction: Direction?
        var codeDirection: Direction?
        var kana = false, han = false, persian = false, hebrew = false, arabic = false

        /// The scan of this text followed by `other`.
        mutating func add(_ other: Scan) {
            if direction == nil { direction = other.direction }
            if codeDirection == nil { codeDirection = other.codeDirection }
            kana = kana || other.kana
            han = han || other.han
            persian = persian || other.persian
            hebrew = hebrew || other.hebrew
            arabic = arabic || other.arabic
        }

        var guess: Guess {
            let resolved = direction ?? codeDirection
            var language: String?
            if kana { language = "ja" } else if han { language = "zh" }
            if resolved == .rtl { language = hebrew && !arabic && !persian ? "he" : (persian ? "fa" : "ar") }
            return Guess(direction: resolved, language: language)
        }

        /// On the UTF-8 bytes: ASCII one byte at a time (eight at a time once both directions are known),
        /// other scalars decoded from their bytes.
        mutating func add(_ text: String, isCode: Bool) {
            var text = text
            text.withUTF8 { bytes in
                let count = bytes.count
                guard let base = bytes.baseAddress else { return }
                var i = 0
                while i < count {
                    let b = base[i]
                    if b < 0x80 {
                        if direction != nil && codeDirection != nil {
                            // Nothing ASCII can change the guess now: skip ASCII words.
                            while i + 8 <= count,
                                  UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                                i += 8
                            }
                            if i < count, base[i] < 0x80 { i += 1 }
                            continue
                        }
                        let value = UInt32(b)
                        if direction == nil, !isCode, isASCIILetter(value) { direction = .ltr }
                        if codeDirection == nil, isASCIILetter(value) { codeDirection = .ltr }
                        i += 1
                        continue
                    }
                    // A valid String: a lead byte and its continuation bytes.
                    var value: UInt32
                    let length: Int
                    if b < 0xE0 { value = UInt32(b & 0x1F); length = 2 } else if b < 0xF0 { value = UInt32(b & 0x0F); length = 3 } else { value = UInt32(b & 0x07); length = 4 }
                    for k in 1..<length { value = value << 6 | UInt32(base[i + k] & 0x3F) }
                    i += length
                    if isKana(value) { kana = true } else if isHan(value) { han = true }
                    let rtl = isStrongRTL(value)
                    if rtl {
                        if isHebrew(value) { hebrew = true } else if isPersianLetter(value) { persian = true } else { arabic = true }
                    }
                    if direction == nil || codeDirection == nil, let scalar = Unicode.Scalar(value), isLetter(scalar) {
                        let found: Direction = rtl ? .rtl : .ltr
                        if direction == nil, !isCode { direction = found }
                        if codeDirection == nil { codeDirection = found }
                    }
                }
            }
        }
    }

    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }

    private static func isASCIILetter(_ value: UInt32) -> Bool {
        (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
        default: return false
        }
    }

    /// Hebrew, Arabic, Syriac, Thaana, NKo and Samaritan blocks, plus their presentation forms; the caller
    /// only asks about letters, so digits and marks inside these blocks do not count.
    static func isStrongRTL(_ value: UInt32) -> Bool {
        switch value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
        default: return false
        }
    }

    private static func isHebrew(_ value: UInt32) -> Bool {
        (0x0590...0x05FF).contains(value) || (0xFB1D...0xFB4F).contains(value)
    }

    /// Letters Persian writes and Arabic does not (peh, tcheh, jeh, gaf, keheh, farsi yeh).
    private static func isPersianLetter(_ value: UInt32) -> Bool {
        value == 0x067E || value == 0x0686 || value == 0x0698 || value == 0x06AF || value == 0x06A9 || value == 0x06CC
    }

    private static func isKana(_ value: UInt32) -> Bool {
        (0x3040...0x30FF).contains(value) || (0x31F0...0x31FF).contains(value) || (0xFF66...0xFF9F).contains(value)
            || (0x1B000...0x1B16F).contains(value)
    }

    private static func isHan(_ value: UInt32) -> Bool {
        (0x4E00...0x9FFF).contains(value) || (0x3400...0x4DBF).contains(value) || (0xF900...0xFAFF).contains(value)
            || (0x20000...0x3FFFF).contains(value)
    }
}
