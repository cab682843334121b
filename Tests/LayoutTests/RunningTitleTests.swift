import BookModel
import XCTest
@testable import Layout

/// Issue 20, finding 02: every page repeated its chapter's title whole, so a 300 KB heading made 900 MB of JSON.
/// Pages now carry the title cut to their columns (`runningTitle`), and bounded copies of the language and href.
final class RunningTitleTests: XCTestCase {
    func testATitleThatFitsIsKeptWhole() {
        XCTAssertEqual(runningTitle("Loomings", columns: 8), "Loomings")
        XCTAssertEqual(runningTitle("全角全角", columns: 8), "全角全角")
        XCTAssertEqual(runningTitle("", columns: 1), "")
    }

    func testALongTitleIsCutToTheColumnsWithAnEllipsis() {
        XCTAssertEqual(runningTitle("Call me Ishmael", columns: 10), "Call me I…")
        XCTAssertEqual(runningTitle("Call me Ishmael", columns: 9), "Call me…")
        XCTAssertEqual(runningTitle("Loomings!", columns: 8), "Looming…")
        // Two-cell characters are never split: 2 + 2 + "…" fits 5, a third would not.
        XCTAssertEqual(runningTitle("吾輩は猫である", columns: 5), "吾輩…")
        XCTAssertEqual(runningTitle("吾輩は猫である", columns: 6), "吾輩…")
        // A cluster stays whole: the family emoji (two cells) and the accented e (one).
        XCTAssertEqual(runningTitle("👨‍👩‍👧‍👦👨‍👩‍👧‍👦 family", columns: 5), "👨‍👩‍👧‍👦👨‍👩‍👧‍👦…")
        XCTAssertEqual(runningTitle("Cafe\u{301} society", columns: 5), "Cafe\u{301}…")
        for columns in 1...12 {
            for title in ["Call me Ishmael", "吾輩は猫である。名前はまだ無い", "👍🏽👍🏿 thumbs", "±½ ①②③④ ambiguous"] {
                for wide in [false, true] {
                    let cut = runningTitle(title, columns: columns, ambiguousWide: wide)
                    XCTAssertLessThanOrEqual(cellWidth(of: cut, ambiguousWide: wide), columns, "\(title) at \(columns)")
                    XCTAssertTrue(title.hasPrefix(cut.hasSuffix("…") ? String(cut.dropLast()) : cut), "\(cut) of \(title)")
                }
            }
        }
    }

    /// Where "…" itself takes two cells (ambiguous characters wide) and the page has one, the cut is bare.
    func testAOneCellPageWithWideAmbiguousCharactersHasNoRoomForTheEllipsis() {
        XCTAssertEqual(runningTitle("Loomings", columns: 1, ambiguousWide: true), "L")
        XCTAssertEqual(runningTitle("Loomings", columns: 1), "…")
        XCTAssertEqual(runningTitle("Loomings", columns: 2, ambiguousWide: true), "…")
    }

    /// Characters of no width cannot carry a long title through: the bytes are bounded too.
    func testZeroWidthCharactersAreBoundedByBytes() {
        let title = "a" + String(repeating: "\u{200B}", count: 100_000) + "b"
        let cut = runningTitle(title, columns: 4)
        XCTAssertLessThanOrEqual(cut.utf8.count, 4 * runningTitleBytesPerCell)
        XCTAssertTrue(cut.hasSuffix("…"))
        let zalgo = "Z" + String(repeating: "\u{335}", count: 100_000)
        XCTAssertEqual(runningTitle(zalgo, columns: 4), "…")
    }

    func testLanguageAndHrefAreBounded() {
        XCTAssertEqual(pageLanguage("zh-Hant-TW"), "zh-Hant-TW")
        XCTAssertNil(pageLanguage(String(repeating: "x", count: 36)))
        XCTAssertNil(pageLanguage(nil))
        XCTAssertEqual(pageHref("OEBPS/Text/chapter-001.xhtml"), "OEBPS/Text/chapter-001.xhtml")
        let long = "OEBPS/" + String(repeating: "é", count: 40_000) + ".xhtml"
        let cut = pageHref(long)
        XCTAssertLessThanOrEqual(cut.utf8.count, maxPageHrefBytes)
        XCTAssertTrue(cut.hasSuffix("…"))
        XCTAssertTrue(long.hasPrefix(String(cut.dropLast())))
    }

    /// A 200 KB heading: each page's running title fits the page, the chapter keeps its full title, and the
    /// heading's text is all on the pages.
    func testPagesOfALongHeadingCarryAShortTitle() {
        let heading = String(repeating: "x", count: 200_000)
        let b = Builder()
        var language = String(repeating: "y", count: 100_000)
        language += "-z"
        let doc = document([b.block(.heading(level: 1, [.text(heading, [])])), b.paragraph("After.")],
                           language: language, title: heading)
        for mode in [WritingMode.horizontalTB, .verticalRL] {
            let pages = paginate(doc, options: options(20, 5) { $0.writingMode = mode })
            XCTAssertGreaterThan(pages.count, 100)
            for page in pages {
                XCTAssertEqual(page.chapterTitle, String(repeating: "x", count: 19) + "…")
                XCTAssertNil(page.language)
            }
            XCTAssertEqual(doc.chapters[0].title, heading)
            XCTAssertEqual(pages.flatMap(\.lines).map(\.text).joined().filter { $0 == "x" }.count, heading.count)
        }
    }
}
