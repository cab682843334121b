import BookModel
import TestSupport
import XCTest
@testable import Layout

/// The pair-rule fast path must give exactly ICU's break opportunities wherever it is used.
final class LineBreakRuleTests: XCTestCase {
    func compare(_ text: String, language: String? = "en", file: StaticString = #filePath, line: UInt = #line) {
        let fast = LayoutContext(options: LayoutOptions(), vertical: false)
        let icu = LayoutContext(options: LayoutOptions(), vertical: false)
        icu.alwaysUseICU = true
        XCTAssertEqual(fast.breakOpportunities(text, language: language),
                       icu.breakOpportunities(text, language: language), "\"\(text)\"", file: file, line: line)
    }

    func testProseMatchesICU() {
        for text in [
            "Well, Prince, so Genoa and Lucca are now just family estates of the Buonapartes.",
            "“If you have no—Well, I’m a well-known man!” he said… (quietly) [1] {x} 3.14, -5, a-5, 1,000.50 a.b",
            "It’s 10:30 p.m.; e.g. “quoted” ‘single’ « guillemets » – en dash — em dash —— double",
            "Война и мир: «Ну, князь», — сказала Анна Павловна. Ελληνικά κείμενα, αριθμοί 42.",
            "a  (  b  ) c\"d\" 'e' f!g?h; i:j, k.l m-n-o p--q 12-34 x/y a|b",
        ] {
            compare(text)
        }
    }

    /// Word joiners and no-break spaces (Standard Ebooks uses both heavily) stay on the fast path.
    func testWordJoinerAndNoBreakSpaceUseTheFastPath() {
        let texts = ["Mr.\u{00A0}Darcy, 5\u{00A0}km (a\u{00A0}b) -\u{00A0}x \u{00A0}y", "word\u{2060}—\u{2060}word, a\u{2060} b"]
        for text in texts { compare(text) }
        let fast = LayoutContext(options: LayoutOptions(), vertical: false)
        for text in texts { _ = fast.breakOpportunities(text, language: "en") }
        XCTAssertEqual(fast.icuParagraphs, 0)
    }

    func testRandomStringsOfSimpleCharactersMatchICU() {
        let alphabet = Array("aZ09 ,.;:!?-'\"()[]{}|“”‘’—–…«»éЖ\u{2060}\u{00A0}\u{202F}\u{2011}\u{2010}")
        var generator = SeededGenerator(for: self)
        for _ in 0..<5000 {
            let length = Int.random(in: 2...33, using: &generator)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            compare(text)
            compare(text, language: "fr")
        }
    }

    /// Numbers with their prefixes and postfixes (£5 10s., $(3), 40%, 12°, 1/2, +3), solidi and ambiguous-width
    /// signs (superscript note digits, ×, →, ■) stay on the fast path in both kinds of rules. LB25, which ICU
    /// applies as a regular expression over the whole number, decides some pairs by what lies around them: random
    /// mixes dense in digits and the punctuation around numbers must break where ICU breaks.
    func testRandomNumbersWithPrefixesPostfixesAndSolidiMatchICU() {
        let alphabet = Array("a09 ,.:-()[]{}/$£€+\\%°′‰¹²³⁴×→■\"–‐!\u{00A0}")
        let digits = Array("0123456789")
        var generator = SeededGenerator(for: self)
        for _ in 0..<8000 {
            let length = Int.random(in: 2...24, using: &generator)
            let text = String((0..<length).map { _ in
                Bool.random(using: &generator) ? digits.randomElement(using: &generator)!
                    : alphabet.randomElement(using: &generator)!
            })
            compare(text)
            compare(text, language: "ja")
        }
        for wide in ["漢", "（", "）", "「", "」", "“", "”", "ー", "ぁ", "、"] {
            for text in ["$\(wide)1", "1\(wide)%", "\(wide)$1", "$\(wide)", "\(wide)%", "1%\(wide)", "(1\(wide)$"] {
                compare(text)
                compare(text, language: "ja")
                compare(text, language: "zh")
            }
        }
    }

    /// Every string of up to five clusters over the classes LB25 joins (and a letter, a space, a note mark) breaks
    /// where ICU breaks: the regular expression's corners (`$(.5`, `1,)%`, `1/2/`) are all among them.
    func testEveryShortStringAroundNumbersMatchesICU() {
        let alphabet = Array("a1 ,-()}$%/¹")
        let fast = LayoutContext(options: LayoutOptions(), vertical: false)
        let icu = LayoutContext(options: LayoutOptions(), vertical: false)
        icu.alwaysUseICU = true
        var mismatches: [String] = []
        for length in 2...5 {
            var digits = [Int](repeating: 0, count: length)
            var done = false
            while !done {
                let text = String(digits.map { alphabet[$0] })
                if fast.breakOpportunities(text, language: "en") != icu.breakOpportunities(text, language: "en") {
                    mismatches.append(text)
                }
                var k = 0
                while k < length {
                    digits[k] += 1
                    if digits[k] < alphabet.count { break }
                    digits[k] = 0
                    k += 1
                }
                done = k == length
            }
        }
        XCTAssertEqual(mismatches.prefix(20), [], "\(mismatches.count) strings break otherwise than in ICU")
        XCTAssertEqual(fast.icuParagraphs, 0)
    }

    /// The diary's sums and notes: "£5 10s.", "1/2d.", a superscript note mark after a word, need ICU for nothing.
    func testMoneyPercentagesAndNoteMarksUseTheFastPath() {
        let texts = ["Paid £5 10s. 6d. for it, and 2/6 more; 40% of it¹ was gone (say £3)² by noon³.",
                     "Temperature 12°C, +5′ — about 1/2 the €20 fare.¹⁴"]
        let fast = LayoutContext(options: LayoutOptions(), vertical: false)
        for text in texts {
            compare(text)
            _ = fast.breakOpportunities(text, language: "en")
        }
        XCTAssertEqual(fast.icuParagraphs, 0)
    }

    /// Clusters of a base and combining marks take the base's class (LB9), so Devanagari and Bengali prose and
    /// accented Latin stay on the fast path; a space with marks (LB10), marks after a zero width joiner (LB8a) and
    /// a lone mark go to ICU. Random mixes of them, at every neighbour, must break where ICU breaks.
    func testRandomStringsWithCombiningMarksMatchICU() {
        let pieces = ["a", "Z", "0", " ", ",", ".", "-", "(", ")", "\"", "'", "!", "—", "“", "”", "\u{00A0}", "\u{2060}",
                      "a\u{0301}", "(\u{0301}", "-\u{0301}", "1\u{0308}", "\"\u{0301}", " \u{0301}", "\u{00A0}\u{0301}",
                      "\u{0301}", "a\u{200D}", "a\u{200D}\u{0301}", "—\u{0301}",
                      "क", "कि", "क्", "ष", "स्", "त्री", "ष्ट्र", "क्षे", "ं", "ः", "।", "॥", "१", "२", "অ", "কি", "্", "ত্",
                      "ন্দ্র", "a\u{094D}क"]
        var generator = SeededGenerator(for: self)
        for _ in 0..<5000 {
            let length = Int.random(in: 2...24, using: &generator)
            let text = (0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined()
            compare(text, language: "hi")
            compare(text, language: "en")
        }
    }

    /// Hindi and Bengali prose (syllables with vowel signs, conjuncts, dandas) needs ICU for nothing.
    func testIndicProseUsesTheFastPath() {
        let texts = ["धृतराष्ट्र उवाच। धर्मक्षेत्रे कुरुक्षेत्रे समवेता युयुत्सवः॥ १॥", "আমার সোনার বাংলা, আমি তোমায় ভালোবাসি।"]
        let fast = LayoutContext(options: LayoutOptions(), vertical: false)
        for text in texts {
            compare(text, language: "hi")
            _ = fast.breakOpportunities(text, language: "hi")
        }
        XCTAssertEqual(fast.icuParagraphs, 0)
    }

    /// Strict Chinese and Japanese breaking ("@lb=strict": JLReq's line-start prohibitions, small kana and the
    /// prolonged sound mark included) stays on the fast path for ideographs, kana, their brackets and punctuation,
    /// mixed with Latin words, digits and spaces: random mixes must break where ICU breaks, and where its default
    /// rules break them in an English book (quotations, examples in a book about Japanese).
    func testRandomStringsOfChineseAndJapaneseMatchICU() {
        let alphabet = Array("漢字かなカナ一々ゝーぁっャ・：；！？、。，．「」『』（）〔〕【】〈〉《》“”‘’…‥—―〜゠‐–　"
                             + "ＡＺ０９aZ09 ,.;:!?-'\"()[]{}«»\u{2060}\u{00A0}")
        var generator = SeededGenerator(for: self)
        for _ in 0..<5000 {
            let length = Int.random(in: 2...33, using: &generator)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            compare(text, language: "ja")
            compare(text, language: "zh-Hant")
            compare(text, language: "en")
        }
    }

    /// Japanese and Chinese prose needs ICU for nothing, and strict rules hold: no line starts with a small kana,
    /// the prolonged sound mark or closing punctuation, nor ends with an opening bracket.
    func testJapaneseProseUsesTheFastPath() {
        let texts = ["「ちょっと待ってくれ」と、僕は言った。ーーそれは、ヴァイオリンの音だった……。",
                     "山路を登りながら、こう考えた。智に働けば角が立つ。（注）『草枕』より、一九〇六年。",
                     "他说：“你好！”然后走了。《红楼梦》第一回，甄士隐梦幻识通灵。"]
        let fast = LayoutContext(options: LayoutOptions(), vertical: false)
        for (index, text) in texts.enumerated() {
            compare(text, language: index < 2 ? "ja" : "zh")
            _ = fast.breakOpportunities(text, language: index < 2 ? "ja" : "zh")
        }
        XCTAssertEqual(fast.icuParagraphs, 0)
        let clusters = Array("「ちょっと待って」")
        let breaks = Set(fast.breakOpportunities(String(clusters), language: "ja"))
        XCTAssertFalse(breaks.contains(0), "a line may not end with an opening bracket")
        XCTAssertFalse(breaks.contains(1) || breaks.contains(2), "a line may not start with a small kana")
        XCTAssertFalse(breaks.contains(7), "a line may not start with a closing bracket")
        XCTAssertTrue(breaks.contains(3) && breaks.contains(4), "a line may end between kana and kanji")
        let english = LayoutContext(options: LayoutOptions(), vertical: false)
        for text in texts { compare(text, language: "en"); _ = english.breakOpportunities(text, language: "en") }
        XCTAssertEqual(english.icuParagraphs, 0, "Japanese and Chinese quoted in an English book")
    }
}
