import BookModel
import XCTest
@testable import Layout

/// Exact pages for each kind of block.
final class BlockTests: XCTestCase {
    func testHeadingIsSetApartAndKeptWithTheNextTwoLines() {
        let b = Builder()
        let doc = document([b.paragraph("one two three four five six"),
                            b.block(.heading(level: 2, [.text("Title", [])])),
                            b.paragraph("alpha beta gamma delta")])
        // The heading's rule (issue 17) goes with it: heading, rule, blank line and the paragraph's first two lines.
        XCTAssertEqual(texts(paginate(doc, options: options(10, 6))),
                       [["one two", "three four", "five six"], ["Title", "─────", "", "alpha beta", "gamma", "delta"]])
        XCTAssertEqual(paginate(doc, options: options(10, 6))[1].lines[0].role, .heading(level: 2))
    }

    func testOrderedAndNestedListsHangTheirMarkers() {
        let b = Builder()
        let inner = ListBlock(ordered: false, items: [ListItem(blocks: [b.paragraph("nested bullet item")])])
        let list = ListBlock(ordered: true, start: 9, items: [
            ListItem(blocks: [b.paragraph("ninth item that wraps")]),
            ListItem(blocks: [b.paragraph("tenth"), b.block(.list(inner))]),
            ListItem(blocks: [b.paragraph("task")], marker: "☑"),
        ])
        let pages = paginate(document([b.block(.list(list))]), options: options(16, 20))
        XCTAssertEqual(texts(pages), [["9.  ninth item", "    that wraps", "10. tenth", "    ◦ nested", "      bullet",
                                       "      item", "☑   task"]])
        XCTAssertEqual(pages[0].lines.map(\.content), ["ninth item", "that wraps", "tenth", "nested", "bullet", "item", "task"])
    }

    func testQuotesCarryABar() {
        let b = Builder()
        let doc = document([b.block(.quote([b.paragraph("A quoted paragraph that wraps."), b.paragraph("Second.")]))])
        XCTAssertEqual(allLines(paginate(doc, options: options(12, 20))),
                       ["│ A quoted", "│ paragraph", "│ that", "│ wraps.", "│", "│ Second."])
    }

    func testPreformattedLinesAreContinuedNotRewrapped() {
        let b = Builder()
        let doc = document([b.block(.preformatted("let x = 1\n\tif long line that goes on\n\n  end  \n"))])
        let pages = paginate(doc, options: options(12, 20))
        // Behind the code bar (issue 17), two cells narrower.
        XCTAssertEqual(allLines(pages), ["│ let x = 1", "│     if lon", "│ ↪g line th", "│ ↪at goes o", "│ ↪n", "│",
                                         "│   end"])
        XCTAssertEqual(pages[0].lines.map(\.content), ["let x = 1", "    if lon", "g line th", "at goes o", "n", "",
                                                       "  end"])
        XCTAssertEqual(pages[0].lines.map(\.role), Array(repeating: .preformatted, count: 7))
        XCTAssertEqual(pages[0].source.end, "let x = 1\n\tif long line that goes on\n\n  end  \n".unicodeScalars.count)
    }

    func testTableAsAGrid() {
        let b = Builder()
        let doc = document([b.block(.table(Table(rows: [
            TableRow(cells: [TableCell(blocks: [b.paragraph("Name")], header: true),
                             TableCell(blocks: [b.paragraph("Age")], header: true)]),
            TableRow(cells: [TableCell(blocks: [b.paragraph("Pierre Bezukhov")]), TableCell(blocks: [b.paragraph("20")])]),
            TableRow(cells: [TableCell(blocks: [b.paragraph("Natasha")]), TableCell(blocks: [b.paragraph("13")])]),
        ])))])
        XCTAssertEqual(allLines(paginate(doc, options: options(24, 20))), [
            "┌────────────────┬─────┐",
            "│ Name           │ Age │",
            "├────────────────┼─────┤",
            "│ Pierre         │ 20  │",
            "│ Bezukhov       │     │",
            "├────────────────┼─────┤",
            "│ Natasha        │ 13  │",
            "└────────────────┴─────┘",
        ])
        XCTAssertEqual(allLines(paginate(doc, options: options(40, 20))), [
            "┌─────────────────┬─────┐",
            "│ Name            │ Age │",
            "├─────────────────┼─────┤",
            "│ Pierre Bezukhov │ 20  │",
            "│ Natasha         │ 13  │",
            "└─────────────────┴─────┘",
        ])
        XCTAssertEqual(allLines(paginate(doc, options: options(12, 20))), [
            "Name", "Age", "", "Name: Pierre", "Bezukhov", "Age: 20", "", "Name:", "Natasha", "Age: 13",
        ])
        let fallback = paginate(doc, options: options(12, 20))[0].lines
        XCTAssertEqual(fallback[3].content, "Pierre")
        XCTAssertEqual(fallback[5].content, "20")
    }

    func testImagePlaceholderTakesItsAspectRatio() {
        let b = Builder()
        let doc = document([b.block(.image(ImageRef(source: "m.png", alt: "Map", width: 400, height: 200)))])
        // 2:1 against the 40-cell reference width: 10 lines, whatever the page width.
        XCTAssertEqual(allLines(paginate(doc, options: options(16, 20))), [
            "┌──────────────┐",
            "│              │",
            "│              │",
            "│              │",
            "│[image: Map]  │",
            "│              │",
            "│              │",
            "│              │",
            "│              │",
            "└──────────────┘",
        ])
        XCTAssertEqual(paginate(doc, options: options(30, 20))[0].lines.count, 10)
        XCTAssertEqual(paginate(doc, options: options(16, 20))[0].lines[4].content.trimmingCharacters(), "Map")
        let unknown = document([b.block(.image(ImageRef(source: "m.png", alt: "")))])
        XCTAssertEqual(allLines(paginate(unknown, options: options(9, 20))),
                       ["┌───────┐", "│       │", "│[image]│", "│       │", "│       │", "└───────┘"])
        let tall = document([b.block(.image(ImageRef(source: "m.png", alt: "x", width: 10, height: 1000)))])
        XCTAssertEqual(paginate(tall, options: options(16, 7)).map(\.lines.count), [7], "capped at a page")
    }

    func testRule() {
        let b = Builder()
        XCTAssertEqual(allLines(paginate(document([b.block(.rule)]), options: options(5, 3))), ["─────"])
        XCTAssertEqual(allLines(paginate(document([b.block(.rule)]), options: options(5, 3) { $0.ambiguousWide = true })),
                       ["-----"])
    }

    func testRubyModes() {
        let b = Builder()
        let doc = document([b.block(.paragraph([.ruby(base: "漢字", annotation: "かんじ"), .text("です", [])]), language: "ja")])
        XCTAssertEqual(allLines(paginate(doc, options: options(30, 3) { $0.ruby = .drop })), ["漢字です"])
        XCTAssertEqual(allLines(paginate(doc, options: options(30, 3) { $0.ruby = .paren })), ["漢字(かんじ)です"])
        XCTAssertEqual(allLines(paginate(doc, options: options(30, 3) { $0.ruby = .aozora })), ["漢字《かんじ》です"])
        let line = paginate(doc, options: options(30, 3) { $0.ruby = .aozora })[0].lines[0]
        XCTAssertEqual(line.content, "漢字です")
        XCTAssertEqual(line.width, 18)
        // The base and its annotation are not separated by a line break.
        XCTAssertEqual(allLines(paginate(doc, options: options(8, 3) { $0.ruby = .paren })), ["漢字(か", "んじ)で", "す"])
        XCTAssertEqual(allLines(paginate(doc, options: options(14, 3) { $0.ruby = .paren })), ["漢字(かんじ)で", "す"])
    }

    func testForcedLineBreaksAndPageBreakLabels() {
        let b = Builder()
        let doc = document([b.block(.paragraph([.text("a", []), .lineBreak, .text("b", []), .lineBreak, .lineBreak,
                                                .pageBreak(label: "7"), .text("c", []), .lineBreak]))])
        let pages = paginate(doc, options: options(10, 2))
        // The empty line of the second break would open page 2: white space is dropped at a page boundary (issue 13).
        XCTAssertEqual(texts(pages), [["a", "b"], ["c"]])
        XCTAssertEqual(pages.map(\.printPages), [[], ["7"]])
        let empty = document([b.block(.paragraph([.pageBreak(label: "xii")])), b.paragraph("text")])
        XCTAssertEqual(paginate(empty, options: options(10, 2)).map(\.printPages), [["xii"]])
    }

    func testIndentedParagraphs() {
        let b = Builder()
        let latin = document([b.paragraph("First paragraph here."), b.paragraph("Second.")])
        XCTAssertEqual(allLines(paginate(latin, options: options(12, 10) { $0.paragraph = .indent })),
                       ["  First", "paragraph", "here.", "  Second."])
        let japanese = document([b.paragraph("吾輩は猫である。"), b.paragraph("名前はまだ無い。")], language: "ja")
        XCTAssertEqual(allLines(paginate(japanese, options: options(20, 10) { $0.paragraph = .indent })),
                       ["\u{3000}吾輩は猫である。", "\u{3000}名前はまだ無い。"])
        XCTAssertEqual(allLines(paginate(latin, options: options(12, 10))),
                       ["First", "paragraph", "here.", "", "Second."])
    }

    func testJustifyWidensSpacesOrSpreadsCJKButNotTheLastLine() {
        let latin = paginate(paragraphs(["aa bb cc dd ee"]), options: options(10, 5) { $0.align = .justify })
        XCTAssertEqual(allLines(latin), ["aa  bb  cc", "dd ee"])
        XCTAssertEqual(latin[0].lines.map(\.alignment), [.justify, .start])
        XCTAssertEqual(latin[0].lines.map(\.width), [10, 5])
        let cjk = paginate(paragraphs(["あいうえおかきくけ"], language: "ja"), options: options(9, 5) { $0.align = .justify })
        XCTAssertEqual(allLines(cjk), ["あ いうえ", "お かきく", "け"])
    }

    func testRightToLeftParagraphs() {
        let b = Builder()
        let doc = document([b.paragraph("مرحبا بالعالم"), b.paragraph("(1) שלום"), b.paragraph("hello", direction: .rtl)])
        let lines = paginate(doc, options: options(20, 10))[0].lines.filter { $0.role != .blank }
        XCTAssertEqual(lines.map(\.direction), [.rtl, .rtl, .rtl])
        XCTAssertEqual(lines.map(\.text), ["مرحبا بالعالم", "(1) שלום", "hello"])
        XCTAssertEqual(lines[0].offset(inInlineSize: 20), 20 - lines[0].width)
        let ltr = paginate(paragraphs(["abc"]), options: options(20, 10))[0].lines[0]
        XCTAssertEqual(ltr.offset(inInlineSize: 20), 0)
    }
}

extension String {
    func trimmingCharacters() -> String {
        var view = Substring(self)
        while view.first == " " { view.removeFirst() }
        while view.last == " " { view.removeLast() }
        return String(view)
    }
}
