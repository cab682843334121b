import XCTest
@testable import BookReaders

/// The UTF-8 fast paths of math text (issue 19) answer as the Character-based definitions do, or not at all.
final class ScalarTextTests: XCTestCase {
    /// Characters of every kind the fast paths must tell apart: simple scalars, the white space `collapsingSpaces`
    /// splits at or trims, and what joins a character (combining marks, ZWJ, CR LF, jamo, regional indicators,
    /// variation selectors, Cyrillic's and CJK's own combining marks).
    private static let alphabet: [String] = [
        "a", "Z", "1", "=", " ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{1C}", "\u{85}", "\u{A0}",
        "\u{2009}", "\u{202F}", "\u{3000}", "\u{AD}", "\u{200B}", "∑", "→", "↔", "⟨", "〈", "〉", "𝑥", "𝔸", "α", "ᵢ", "ἀ",
        "ж", "Ａ", "ー", "가", "\u{0301}", "\u{20D7}", "\u{200D}", "\u{200C}", "\u{0483}", "\u{302A}", "👩",
        "\u{1F1E6}", "\u{1100}", "\u{1161}", "\u{FE0F}", "\u{0915}", "\u{094D}", "\u{0600}", "\u{1DC0}",
    ]

    func testCellWidthMatchesTheCharacterWalk() {
        var random = SplitMix(seed: 19)
        for _ in 0..<30_000 {
            let text = (0..<random.next(upTo: 9)).map { _ in Self.alphabet[random.next(upTo: Self.alphabet.count)] }.joined()
            XCTAssertEqual(text.cellWidth, text.characterCellWidth, text.unicodeScalars.map { String($0.value, radix: 16) }.description)
        }
    }

    func testCollapsingMatchesTheCharacterWalk() {
        var random = SplitMix(seed: 28)
        for _ in 0..<30_000 {
            let text = (0..<random.next(upTo: 7)).map { _ in Self.alphabet[random.next(upTo: Self.alphabet.count)] }.joined()
            XCTAssertEqual(text.collapsingSpaces, text.characterCollapsingSpaces,
                           text.unicodeScalars.map { String($0.value, radix: 16) }.description)
        }
    }

    func testTrimmingAndBlankMatchTheCharacterWalk() {
        var random = SplitMix(seed: 37)
        for _ in 0..<30_000 {
            let text = (0..<random.next(upTo: 7)).map { _ in Self.alphabet[random.next(upTo: Self.alphabet.count)] }.joined()
            let scalars = text.unicodeScalars.map { String($0.value, radix: 16) }.description
            XCTAssertEqual(text.trimmingSpaces, text.characterTrimmingSpaces, scalars)
            if let blank = ScalarText.isBlankASCII(text) { XCTAssertEqual(blank, text.allSatisfy(\.isWhitespace), scalars) }
        }
        XCTAssertEqual(ScalarText.isBlankASCII(" \r\n\t\u{0B}"), true)
        XCTAssertEqual(ScalarText.isBlankASCII(" x "), false)
        XCTAssertNil(ScalarText.isBlankASCII(" \u{A0}"))
    }

    /// Word joiners go where the character walk puts them, on the UTF-8 of a formula's line.
    func testJoinedMatchesTheCharacterWalk() {
        let pieces = ["/", "-", "|", "‖", "}", "〉", "⟩", "⌉", "⌋", "¦", ")", "]", "(", "[", "{", "〈", "⟨", "√", "∛",
                      " ", "x", "2", "∑", "\u{A0}", "\u{0301}", "\u{20D7}", "\u{200D}", "ᵢ", "가", "👩", "\u{2329}", "\u{232A}",
                      "\u{3008}", "\u{3009}"]
        var random = SplitMix(seed: 46)
        for _ in 0..<30_000 {
            let text = (0..<random.next(upTo: 9)).map { _ in pieces[random.next(upTo: pieces.count)] }.joined()
            XCTAssertEqual(MathLinear.joined(text), MathLinear.characterJoined(text),
                           text.unicodeScalars.map { String($0.value, radix: 16) }.description)
        }
        XCTAssertEqual(MathLinear.joinedScalars("f(x)/2 − |a|)(b"), "f(x)/\u{2060}2 − |\u{2060}a|\u{2060})\u{2060}(b")
        XCTAssertNil(MathLinear.joinedScalars("x\u{20D7}"), "a combining arrow joins its letter: the character walk")
    }

    /// A simple scalar is in a scalar set exactly when its character is in the character set: Character equality
    /// takes canonical equivalents (U+232A is U+3009), which the scalar sets must list too.
    func testJoinerSetsMatchCharacterEquality() {
        let ranges: [ClosedRange<UInt32>] = [0...0x2FF, 0x370...0x482, 0x1D00...0x1DBF, 0x1E00...0x20CF, 0x2100...0x2BFF,
                                             0x3000...0x3029, 0xFF01...0xFF60, 0x1D400...0x1D7FF]
        let characters = MathLinear.characterSets, scalars = MathLinear.scalarSets
        for range in ranges {
            for v in range {
                guard let scalar = Unicode.Scalar(v), ScalarText.isSimpleScalar(v) else { continue }
                let c = Character(scalar), name = String(v, radix: 16)
                XCTAssertEqual(scalars.breaksAfter.contains(v), characters.breaksAfter.contains(c), name)
                XCTAssertEqual(scalars.closing.contains(v), characters.closing.contains(c), name)
                XCTAssertEqual(scalars.opening.contains(v), characters.opening.contains(c), name)
                XCTAssertEqual(v == 0x20, c == " ", name)
            }
        }
    }

    /// The White_Space set written out is the property, for every scalar.
    func testWhitespaceIsTheUnicodeProperty() {
        for v: UInt32 in 0...0x10FFFF {
            guard let scalar = Unicode.Scalar(v) else { continue }
            if ScalarText.isWhitespace(v) != scalar.properties.isWhitespace { XCTFail(String(v, radix: 16)) }
        }
    }

    /// The fast paths answer for the text of formulas, and step aside where a character joins scalars.
    func testFastPathsAnswerForFormulasOnly() {
        XCTAssertEqual(Array("∑ᵢ 𝑥ᵢ² ≤ ⟨a, b⟩\u{A0}〈x〉".utf8).withUnsafeBufferPointer { ScalarText.simpleScalarCells($0) }, 21)
        XCTAssertNil(Array("x\u{0301}".utf8).withUnsafeBufferPointer { ScalarText.simpleScalarCells($0) })
        XCTAssertNil(Array("a\r\nb".utf8).withUnsafeBufferPointer { ScalarText.simpleScalarCells($0) })
        XCTAssertEqual(ScalarText.alreadyCollapsed("sin"), "sin")
        XCTAssertNil(ScalarText.alreadyCollapsed("a b"))
        XCTAssertNil(ScalarText.alreadyCollapsed("\u{A0}x"))
        XCTAssertNil(ScalarText.alreadyCollapsed("x\u{A0}\u{0301}"), "a character starting with a no-break space")
        XCTAssertEqual("x\u{A0}\u{0301}".collapsingSpaces, "x")
    }

    /// Every simple scalar is a character of its own beside every other kind of simple scalar, before and after,
    /// by Swift's own grapheme segmentation.
    func testSimpleScalarsNeverJoin() {
        let ranges: [ClosedRange<UInt32>] = [0...0x2FF, 0x370...0x482, 0x1D00...0x1DBF, 0x1E00...0x20CF, 0x2100...0x2BFF,
                                             0x3000...0x3029, 0xFF01...0xFF60, 0x1D400...0x1D7FF]
        let neighbours: [UInt32] = [0x41, 0x0A, 0x09, 0x7F, 0xA0, 0xAD, 0x3B1, 0x2028, 0x2060, 0x2194, 0x21A9,
                                    0x2211, 0x231A, 0x25B6, 0x2764, 0x3008, 0xFF21, 0x1D465]
        var checked = 0
        for range in ranges {
            for v in range {
                guard let scalar = Unicode.Scalar(v) else { continue }
                let simple = ScalarText.isSimpleScalar(v)
                if v == 0x0D || v == 0x200C || v == 0x200D { XCTAssertFalse(simple, String(v, radix: 16)); continue }
                XCTAssertTrue(simple, String(v, radix: 16))
                for n in neighbours {
                    var pair = String.UnicodeScalarView()
                    pair.append(scalar)
                    pair.append(Unicode.Scalar(n)!)
                    XCTAssertEqual(String(pair).count, 2, "\(String(v, radix: 16)) then \(String(n, radix: 16))")
                    var reversed = String.UnicodeScalarView()
                    reversed.append(Unicode.Scalar(n)!)
                    reversed.append(scalar)
                    XCTAssertEqual(String(reversed).count, 2, "\(String(n, radix: 16)) then \(String(v, radix: 16))")
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 5_000)
        for v: UInt32 in [0x300, 0x483, 0x1DC0, 0x20D0, 0x302A, 0x1100, 0xFE0F, 0x1F1E6, 0x1F3FB] {
            XCTAssertFalse(ScalarText.isSimpleScalar(v), String(v, radix: 16))
        }
    }
}

/// A small seeded generator, so a failure repeats.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(upTo bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
