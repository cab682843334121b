import BookModel
import TestSupport
import XCTest
@testable import Layout

/// Soft hyphens and automatic hyphenation (issue 16): a break inside a word draws a hyphen, in a cell the line
/// breaker kept for it; `hyphens` from the book and `--hyphenate` decide where words may be split. The
/// expected hyphenations are those of the installed TeX patterns (Debian's hyphen-en-us, -fr, -es, -ru) with
/// TeX's minimums (5-letter words, 2 letters before the break, 3 after).
final class HyphenationTests: XCTestCase {
    static let softHyphen = "The incompre\u{AD}hensibility of it"

    /// One paragraph block with the book's `hyphens` (nil: the book said nothing).
    func document(_ inlines: [Inline], hyphens: Hyphens? = nil, language: String? = "en",
                  heading: Bool = false) -> Document {
        var block = Builder().block(heading ? .heading(level: 1, inlines) : .paragraph(inlines), language: language)
        block.look.hyphens = hyphens
        return oneChapter([block])
    }

    func lines(_ text: String, width: Int, hyphens: Hyphens? = nil, language: String? = "en", heading: Bool = false,
               _ configure: (inout LayoutOptions) -> Void = { _ in }) -> [Line] {
        let pages = paginate(document([.text(text, [])], hyphens: hyphens, language: language, heading: heading),
                             options: options(width, 40, configure))
        return pages.flatMap(\.lines)
    }

    func testASoftHyphenAtABreakDrawsAHyphen() {
        let set = lines(Self.softHyphen, width: 14)
        XCTAssertEqual(set.map(\.text), ["The incompre-", "hensibility of", "it"])
        XCTAssertEqual(set.map(\.hyphenated), [true, false, false])
        XCTAssertEqual(set.map(\.width), [13, 14, 2])
        // The hyphen is drawn, not the book's: a decoration, left out of the line's content.
        XCTAssertEqual(set[0].decorations, [12..<13])
        XCTAssertEqual(set[0].content, "The incompre")
    }

    func testASoftHyphenNotAtABreakStaysInvisible() {
        let set = lines(Self.softHyphen, width: 40)
        XCTAssertEqual(set.map(\.text), ["The incomprehensibility of it"])
        XCTAssertEqual(set.map(\.hyphenated), [false])
        XCTAssertEqual(set[0].width, 29)
    }

    /// Soft hyphens found wherever they fall among a long paragraph's clusters (the scan takes sixteen clusters'
    /// flags at a time), past other invisible clusters (word joiners) that are not soft hyphens: every word is
    /// too wide for the line and fits in two halves, so it breaks at its soft hyphen with a drawn hyphen.
    func testSoftHyphensAtEveryOffsetOfALongParagraph() {
        var generator = SeededGenerator(for: self)
        for _ in 0..<60 {
            let width = 9
            let words = (0..<Int.random(in: 5...40, using: &generator)).map { _ -> String in
                let before = String(repeating: "a", count: Int.random(in: 2...7, using: &generator))
                let after = String(repeating: "b", count: Int.random(in: 10 - before.count...8, using: &generator))
                // A word joiner inside the word, as Standard Ebooks put them beside dashes (after a space it would
                // glue the word to the one before, UAX #14 LB11).
                let joiner = Bool.random(using: &generator) ? "\u{2060}" : ""
                return "a" + joiner + before.dropFirst() + "\u{AD}" + after
            }
            let set = lines(words.joined(separator: " "), width: width)
            XCTAssertEqual(set.filter(\.hyphenated).count, words.count, "\(set.map(\.text))")
            for line in set where line.hyphenated { XCTAssertTrue(line.text.hasSuffix("a-"), line.text) }
            let none = lines(words.joined(separator: " "), width: width, hyphens: Hyphens.none)
            XCTAssertFalse(none.contains(where: \.hyphenated), "\(none.map(\.text))")
        }
    }

    /// The hyphen needs its cell: at a width of 12, "The incompre" fits but "The incompre-" does not.
    func testTheHyphenMustFitTheLine() {
        let set = lines(Self.softHyphen, width: 12)
        XCTAssertEqual(set.first?.text, "The")
        for line in set { XCTAssertLessThanOrEqual(line.width, 12, line.text) }
    }

    func testAJustifiedLineCountsItsHyphen() {
        let set = lines(Self.softHyphen, width: 16) { $0.align = .justify }
        XCTAssertEqual(set.map(\.text), ["The    incompre-", "hensibility   of", "it"])
        XCTAssertEqual(set.map(\.width), [16, 16, 2])
        XCTAssertEqual(set[0].alignment, .justify)
    }

    /// CSS Text 3 §5.1: with `hyphens: none` words are not hyphenated even at their soft hyphens.
    func testHyphensNoneTakesTheSoftHyphenBreakAway() {
        let set = lines(Self.softHyphen, width: 14, hyphens: Hyphens.none) { $0.hyphenate = .auto }
        XCTAssertFalse(set.contains(where: \.hyphenated), "\(set.map(\.text))")
        XCTAssertFalse(set.contains { $0.text.hasSuffix("incompre") || $0.text.hasSuffix("-") }, "\(set.map(\.text))")
    }

    func testAutomaticHyphenationSplitsTheWordThatOverflows() {
        let text = "The hyphenation of incomprehensibility"
        let set = lines(text, width: 12) { $0.hyphenate = .auto }
        XCTAssertEqual(set.map(\.text), ["The hyphen-", "ation of in-", "comprehensi-", "bility"])
        XCTAssertEqual(set.map(\.hyphenated), [true, true, true, false])
        // The drawn hyphens are decorations: the lines' content is the book's text.
        XCTAssertEqual(set.map(\.content), ["The hyphen", "ation of in", "comprehensi", "bility"])
        // Without the option, the same words break only between words (and the longest is split as before).
        let plain = lines(text, width: 12)
        XCTAssertFalse(plain.contains(where: \.hyphenated))
        XCTAssertEqual(plain.first?.text, "The")
    }

    /// `manual` (CSS's initial value, said by the book) allows soft hyphens only, even with `--hyphenate auto`.
    func testManualAllowsOnlySoftHyphens() {
        let text = "An extraordinary incompre\u{AD}hensibility"
        let auto = lines(text, width: 10) { $0.hyphenate = .auto }
        XCTAssertEqual(auto.first?.text, "An extra-")
        let manual = lines(text, width: 10, hyphens: .manual) { $0.hyphenate = .auto }
        XCTAssertEqual(manual.map(\.text), ["An", "extraordin", "ary", "incompre-", "hensibilit", "y"])
        XCTAssertEqual(manual.map(\.hyphenated), [false, false, false, true, false, false])
    }

    func testHeadingsKeepTheirWordsUnlessTheBookAsks() {
        let text = "Extraordinary"
        XCTAssertFalse(lines(text, width: 8, heading: true) { $0.hyphenate = .auto }.contains(where: \.hyphenated))
        XCTAssertTrue(lines(text, width: 8, hyphens: .auto, heading: true) { $0.hyphenate = .auto }
            .contains(where: \.hyphenated))
    }

    func testNoHyphenationInCodeURLsOrWordsWithDigits() {
        let options = LayoutOptions(pageSize: PageSize(columns: 10, lines: 40), hyphenate: .auto)
        let code = paginate(document([.text("use ", []), .text("incomprehensibility", [.code])]), options: options)
        XCTAssertFalse(code.flatMap(\.lines).contains(where: \.hyphenated))
        for text in ["see www.incomprehensibility.org now", "see https://incomprehensibility.org",
                     "mail incomprehensibility@example.org", "model incomprehensibility2000",
                     "file incomprehensibility.txt"] {
            XCTAssertFalse(lines(text, width: 10) { $0.hyphenate = .auto }.contains(where: \.hyphenated), text)
        }
    }

    func testALanguageWithoutPatternsIsNotHyphenated() {
        for language in [nil, "xx", "ja"] {
            let set = lines("The hyphenation of incomprehensibility", width: 12, language: language) {
                $0.hyphenate = .auto
            }
            XCTAssertFalse(set.contains(where: \.hyphenated), String(describing: language))
        }
    }

    func testEnglishPatterns() throws {
        XCTAssertEqual(try hyphenated("The hyphenation of incomprehensibility is extraordinary", "en"),
                       "The hy-phen-ation of in-com-pre-hen-si-bil-ity is ex-tra-or-di-nary")
        // Regions fall back to the language's patterns; four-letter words are never split.
        XCTAssertEqual(try hyphenated("Electricity with tables", "en-GB"), "Elec-tric-ity with ta-bles")
    }

    func testFrenchPatterns() throws {
        XCTAssertEqual(try hyphenated("anticonstitutionnellement, développement et mathématiques", "fr"),
                       "an-ti-cons-ti-tu-tion-nel-le-ment, dé-ve-lop-pe-ment et ma-thé-ma-tiques")
    }

    /// Russian patterns are KOI8-R (German ones ISO-8859-1): converted to UTF-8 when loaded. (German is left out
    /// here: libhyphen takes seconds to load its million-byte dictionary.)
    func testRussianAndSpanishPatterns() throws {
        XCTAssertEqual(try hyphenated("Desafortunadamente, la electricidad", "es"),
                       "Des-afor-tu-na-da-mente, la elec-tri-ci-dad")
        XCTAssertEqual(try hyphenated("интернационализация и переписывание", "ru"),
                       "ин-тер-на-ци-о-на-ли-за-ция и пе-ре-пи-сы-ва-ние")
        XCTAssertEqual(try hyphenated("Переписывание", "ru-RU"), "Пе-ре-пи-сы-ва-ние")
    }

    func testDictionaryNames() {
        XCTAssertEqual(Array(HyphenationPatterns.fileNames(for: "pt-BR").prefix(3)), ["pt_BR", "pt", "pt_PT"])
        XCTAssertEqual(Array(HyphenationPatterns.fileNames(for: "en").prefix(2)), ["en", "en_US"])
        XCTAssertEqual(Array(HyphenationPatterns.fileNames(for: "sr-Latn-RS").prefix(3)), ["sr_RS", "sr", "sr_SR"])
        XCTAssertEqual(HyphenationPatterns.fileNames(for: "../etc"), [])
    }

    func hyphenated(_ text: String, _ language: String) throws -> String {
        let context = LayoutContext(options: LayoutOptions(hyphenate: .auto), vertical: false)
        return try XCTUnwrap(context.hyphenated(text, language: language),
                             "no \(language) patterns in \(HyphenationPatterns.directory): run `make deps`")
    }
}

/// Support.swift's `document`, under a name the test class's own `document` does not hide.
private func oneChapter(_ blocks: [Block]) -> Document { document(blocks) }
