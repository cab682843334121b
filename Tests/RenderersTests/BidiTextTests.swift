import BookModel
import Foundation
import Layout
@testable import Renderers
import Spreads
import XCTest

/// `--bidi visual` (issue 18): each right-to-left line written in display order (UAX #9, the paragraph's base
/// direction, mirrored characters mirrored) with Arabic shaped into presentation forms, so a terminal that does
/// neither shows it right; the line's cells, its place in the frame and every other line stay as they were.
final class BidiTextTests: XCTestCase {
    private let size = PageSize(columns: 20, lines: 3)

    private func line(_ text: String, _ direction: Direction, _ alignment: LineAlignment = .start) -> Line {
        Line(text: text, width: cellWidth(of: text), direction: direction, alignment: alignment)
    }

    /// The text row of a one-line page (frame edges removed) drawn in `bidi` order.
    private func row(_ line: Line, _ bidi: BidiMode = .visual) -> String {
        var page = Fixture.page(1, [line], direction: line.direction)
        page.size = size
        let row = TextPageDrawer(bidi: bidi).rows(page, size: size, folio: nil)[1]
        return String(row.dropFirst().dropLast())
    }

    private func lead(_ row: String) -> Int { row.prefix { $0 == " " }.count }

    /// Lam directly followed by an alef (bare, with hamza or madda): what the shaper joins into one ligature.
    private func lamAlefs(_ text: String) -> Int {
        let scalars = Array(text.unicodeScalars)
        return zip(scalars, scalars.dropFirst()).filter { $0.0 == "ل" && "اأإآ".unicodeScalars.contains($0.1) }.count
    }

    /// The row's text without the padding either side.
    private func shown(_ line: Line) -> String { row(line).trimmingCharacters(in: .whitespaces) }

    func testHebrewLineIsReversed() {
        XCTAssertEqual(shown(line("שלום עולם", .rtl)), "םלוע םולש")
        // Still flush right in its page, as the logical line is.
        XCTAssertEqual(row(line("שלום עולם", .rtl)), String(repeating: " ", count: 11) + "םלוע םולש")
    }

    /// Letters become the presentation form of their place in the word (Unicode §9.2, ArabicShaping.txt): sin
    /// initial (U+FEB3), lam-alef final (U+FEFC), mim isolated after a letter that does not join to the left
    /// (U+FEE1); written right to left, so the first letter is the last cell.
    func testArabicLettersBecomePresentationFormsInVisualOrder() {
        XCTAssertEqual(shown(line("سلام", .rtl)), "\u{FEE1}\u{FEFC}\u{FEB3}")
        let text = "مرحبا بالعالم في المكتبة"
        let visual = shown(line(text, .rtl))
        for scalar in visual.unicodeScalars where scalar != " " {
            XCTAssertTrue((0xFB50...0xFDFF).contains(scalar.value) || (0xFE70...0xFEFF).contains(scalar.value),
                          "U+\(String(scalar.value, radix: 16, uppercase: true)) in \(visual)")
        }
        // Read from the right and folded back to nominal letters (NFKC), it is the logical text: the same words,
        // nothing dropped, nothing added but the cell a lam-alef frees.
        let read = String(String.UnicodeScalarView(visual.unicodeScalars.reversed()))
        XCTAssertEqual(read.precomposedStringWithCompatibilityMapping.split(separator: " "), text.split(separator: " "))
    }

    /// In a left-to-right paragraph the Hebrew word is reversed in place and the number after it joins its run
    /// (UAX #9 W7–N1–I2: a number after a right-to-left word reads to its left), yet neither the Latin word nor
    /// the number is reversed; in a right-to-left paragraph the runs themselves go right to left.
    func testMixedLineKeepsLeftToRightRunsAndNumbers() {
        XCTAssertEqual(shown(line("abc שלום 123", .ltr)), "abc 123 םולש")
        XCTAssertEqual(shown(line("abc שלום 123", .rtl)), "123 םולש abc")
        // Arabic-Indic digits (AN) keep their order too.
        XCTAssertTrue(shown(line("العدد ١٢٣", .rtl)).hasPrefix("١٢٣ "))
    }

    /// Rule L4: in a right-to-left run a bracket or a comparison is drawn as its mirror image, so written for a
    /// left-to-right terminal it is swapped for its Bidi_Mirroring_Glyph.
    func testMirroredCharacters() {
        XCTAssertEqual(shown(line("שלום (עולם)", .rtl)), "(םלוע) םולש")
        XCTAssertEqual(shown(line("א < ב", .rtl)), "ב > א")
        XCTAssertEqual(shown(line("[سلام]", .rtl)), "[\u{FEE1}\u{FEFC}\u{FEB3}]")
    }

    /// Harakat stay combining marks after their letters (a terminal draws a mark on the cell before it), not the
    /// spacing forms U+FE70..U+FE7F that shaping gives them.
    func testCombiningMarksFollowTheirLetters() {
        let visual = shown(line("بِسْمِ", .rtl))
        XCTAssertEqual(visual.unicodeScalars.map(\.value), [0xFEE2, 0x0650, 0xFEB4, 0x0652, 0xFE91, 0x0650])
        XCTAssertEqual(cellWidth(of: visual), 3)
    }

    func testWidthsUnchanged() {
        let texts = ["שלום עולם", "سلام عليكم", "لا إله", "كلا.", "بِسْمِ اللَّهِ", "abc שלום 123", "یک پاراگراف",
                     "(עולם) [x]"]
        for text in texts {
            for direction in [Direction.ltr, .rtl] {
                for alignment in [LineAlignment.start, .center, .end] {
                    let logical = row(line(text, direction, alignment), .logical)
                    let visual = row(line(text, direction, alignment))
                    XCTAssertEqual(cellWidth(of: visual), size.columns, "\(text) \(direction) \(alignment)")
                    XCTAssertEqual(cellWidth(of: logical), size.columns, "\(text) \(direction) \(alignment)")
                    // The text keeps its cells but for the one each lam-alef ligature frees, a space at the line's
                    // end (the left in a right-to-left line): only the order within the line changed.
                    let ligatures = visual.unicodeScalars.filter { (0xFEF5...0xFEFC).contains($0.value) }.count
                    XCTAssertEqual(ligatures, lamAlefs(text), text)
                    XCTAssertEqual(lead(visual), lead(logical) + (direction == .rtl ? ligatures : 0), text)
                    XCTAssertEqual(cellWidth(of: visual.trimmingCharacters(in: .whitespaces)),
                                   cellWidth(of: logical.trimmingCharacters(in: .whitespaces)) - ligatures, text)
                }
            }
        }
    }

    /// `logical` is today's output byte for byte (the default), and `visual` leaves alone every line with nothing
    /// right to left, whatever script it is in, and vertical pages.
    func testLogicalIsTheDefaultAndVisualTouchesOnlyRightToLeftLines() {
        let (_, ltr) = Fixture.ltrBook(lines: [Fixture.line("Chapter"), Fixture.line("漢字 é —"), Fixture.line("’tis")])
        let plain = TextSpreads().render(ltr, size: Fixture.size)
        XCTAssertEqual(TextSpreads(bidi: .logical).render(ltr, size: Fixture.size), plain)
        XCTAssertEqual(TextSpreads(bidi: .visual).render(ltr, size: Fixture.size), plain)

        let lines = [line("שלום", .rtl), line("abc", .rtl), line("سلام", .rtl)]
        let pages = [Fixture.page(1, lines, direction: .rtl)]
        let result = SpreadResult(pages: pages, spreads: [Spread(number: 1, slots: [Slot(side: .single, page: 1)])],
                                  layout: Fixture.layout(.rtl))
        let logical = TextSpreads(bidi: .logical).render(result, size: Fixture.size)
        XCTAssertEqual(logical, TextSpreads().render(result, size: Fixture.size))
        XCTAssertEqual(logical.split(separator: "\n").map { $0.contains("שלום") || $0.contains("سلام") }.filter { $0 }.count, 2)
        let visual = TextSpreads(bidi: .visual).render(result, size: Fixture.size).split(separator: "\n")
        XCTAssertEqual(visual.count, logical.split(separator: "\n").count)
        XCTAssertTrue(visual.contains { $0.contains("םולש") })
        XCTAssertTrue(visual.contains { $0.contains("       abc") }, "an rtl line of Latin alone is left as it is")

        let column = Line(text: "سلام", width: 4, direction: .rtl)
        let vertical = Fixture.page(1, [column], writingMode: .verticalRL, language: "ar")
        XCTAssertEqual(TextPageDrawer(bidi: .visual).rows(vertical, size: Fixture.size, folio: "1"),
                       TextPageDrawer().rows(vertical, size: Fixture.size, folio: "1"))
    }

    /// The byte test that spares ICU a call for most lines never passes over a scalar ICU calls right-to-left.
    func testQuickCheckCoversEveryRightToLeftScalar() {
        var missed: [UInt32] = []
        var found = 0
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            var text = String(Character(scalar))
            guard VisualLine.holdsRightToLeft(text) else { continue }
            found += 1
            if !text.withUTF8({ VisualLine.mayHoldRightToLeft($0) }) { missed.append(value) }
        }
        XCTAssertGreaterThan(found, 1000)
        XCTAssertEqual(missed.map { String($0, radix: 16) }, [])
        XCTAssertFalse(VisualLine.holdsRightToLeft("Latin, 漢字, Ελληνικά — ’quotes’ 123"))
        XCTAssertTrue(VisualLine.holdsRightToLeft("a\u{202E}b"), "an explicit override")
    }
}
