import BookModel
import XCTest
@testable import Layout

/// Properties every layout must have, checked over grids of page sizes, directions and scripts.
final class InvariantTests: XCTestCase {
    /// Text in several scripts, with long words, clusters and zero-width characters.
    static let samples: [(text: String, language: String?)] = [
        ("It was the best of times, it was the worst of times; incomprehensibilities and anti-establishmentarianism.", "en"),
        ("吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。「何でも薄暗いじめじめした所で」ニャーニャー泣いていた事だけは記憶している。", "ja"),
        ("在很久很久以前，有一个小村庄。村里住着一位老人，他每天都去山上砍柴！", "zh"),
        ("في البدء كان الكلمة، والكلمة كان عند الله. هذا نص عربي طويل بما يكفي للالتفاف.", "ar"),
        ("Family 👨‍👩‍👧‍👦 and thumbs 👍🏽👍🏿 with flags 🇯🇵🇫🇷 and keycap 1️⃣ ok.", nil),
        ("Cafe\u{301} nai\u{308}ve Z\u{335}\u{321}a\u{336}l\u{337}g\u{338}o a\u{300}\u{301}\u{302}\u{303}\u{304} and Hangul 한국어 텍스트.", nil),
        ("soft\u{AD}hyphen\u{AD}ated zero\u{200B}width\u{200B}space word\u{2060}joiner tab\there ctrl\u{7}gone\u{FEFF}.", nil),
        ("Mixed English と日本語 with numbers 12 and 2024年, plus ｆｕｌｌｗｉｄｔｈ and ±½ ambiguous ①②.", nil),
    ]

    /// A chapter with every kind of block, sources numbered as a reader would.
    static func richDocument(direction: Direction?, imageSize: Bool) -> Document {
        let b = Builder()
        var blocks: [Block] = []
        blocks.append(b.block(.heading(level: 1, [.text("The First Chapter of Everything", [])])))
        for (text, language) in samples {
            blocks.append(b.paragraph(text, language: language))
        }
        blocks.append(b.block(.paragraph([.text("吾輩は", []), .ruby(base: "猫", annotation: "ねこ"), .text("である。", []),
                                          .pageBreak(label: "iv"), .text("名前は", []), .lineBreak, .lineBreak,
                                          .ruby(base: "未", annotation: "ま"), .text("だ無い。", [])]), language: "ja"))
        blocks.append(b.block(.heading(level: 2, [.text("Lists and quotes", [])])))
        let inner = ListBlock(ordered: false, items: [ListItem(blocks: [b.paragraph("nested item with a fairly long text")]),
                                                      ListItem(blocks: [b.paragraph("☑ done")], marker: "☑")])
        blocks.append(b.block(.list(ListBlock(ordered: true, start: 9, items: [
            ListItem(blocks: [b.paragraph("ninth item that goes on for a while")]),
            ListItem(blocks: [b.paragraph("tenth, 十番目の項目です"), b.block(.list(inner))]),
            ListItem(blocks: []),
        ]))))
        blocks.append(b.block(.quote([b.paragraph(samples[0].text),
                                      b.block(.quote([b.paragraph("A quote in a quote, 引用の中の引用。")]))])))
        blocks.append(b.block(.preformatted("func main() {\n\tprint(\"a long line of preformatted code that will not fit\")\n}\n\n  全角のコード 👍🏽\n")))
        blocks.append(b.block(.rule))
        blocks.append(b.block(.image(ImageRef(source: "i.png", alt: "A portrait of Pierre Bezukhov in his study",
                                               width: imageSize ? 300 : nil, height: imageSize ? 400 : nil))))
        blocks.append(b.block(.image(ImageRef(source: "j.png", alt: ""))))
        blocks.append(b.block(.table(Table(rows: [
            TableRow(cells: [TableCell(blocks: [b.paragraph("Name")], header: true),
                             TableCell(blocks: [b.paragraph("Role in the novel")], header: true),
                             TableCell(blocks: [b.paragraph("年")], header: true)]),
            TableRow(cells: [TableCell(blocks: [b.paragraph("Pierre")]),
                             TableCell(blocks: [b.paragraph("An illegitimate son who inherits a fortune")]),
                             TableCell(blocks: [b.paragraph("1805")])]),
            TableRow(cells: [TableCell(blocks: [b.paragraph("Natasha Rostova, 👩🏽‍🦰")], columnSpan: 2),
                             TableCell(blocks: [])]),
        ]))))
        blocks.append(b.block(.heading(level: 2, [.text("مرحبا", [])]), direction: .rtl))
        blocks.append(b.paragraph("End.", direction: .ltr))
        let second = Builder()
        let chapter2 = Chapter(spineIndex: 1, href: "c2.xhtml", title: "Two",
                               blocks: numbered([second.paragraph(samples[1].text, language: "ja"), second.paragraph("Short.")]),
                               direction: direction)
        return Document(chapters: [
            Chapter(spineIndex: 0, href: "ch.xhtml", title: "One", blocks: numbered(blocks), direction: direction),
            chapter2,
            Chapter(spineIndex: 2, href: "empty.xhtml", title: "Empty"),
        ])
    }

    /// The book's ink in order: ordered runs, and tables as unordered runs (a grid interleaves its cells).
    enum Run: Equatable {
        case ordered([Unicode.Scalar])
        case table([UInt32])
    }

    static func normalize(_ runs: [Run]) -> [Run] {
        var out: [Run] = []
        for run in runs {
            switch (out.last, run) {
            case (.ordered(let a)?, .ordered(let b)):
                out[out.count - 1] = .ordered(a + b)
            case (.table(let a)?, .table(let b)):
                out[out.count - 1] = .table((a + b).sorted())
            case (_, .ordered(let b)) where b.isEmpty:
                break
            case (_, .table(let b)) where b.isEmpty:
                break
            case (_, .table(let b)):
                out.append(.table(b.sorted()))
            default:
                out.append(run)
            }
        }
        return out
    }

    static func expectedRuns(_ blocks: [Block], inTable: Bool = false) -> [Run] {
        var runs: [Run] = []
        func add(_ text: String) {
            let scalars = ink(text)
            runs.append(inTable ? .table(scalars.map(\.value)) : .ordered(scalars))
        }
        for block in blocks {
            switch block.kind {
            case .heading(_, let inlines), .paragraph(let inlines): add(inlines.plainText)
            case .list(let list): for item in list.items { runs += expectedRuns(item.blocks, inTable: inTable) }
            case .quote(let blocks): runs += expectedRuns(blocks, inTable: inTable)
            case .note(let note): runs += expectedRuns(note.blocks, inTable: inTable)
            case .preformatted(let text): add(text)
            case .rule: break
            case .image(let image): add(image.alt)
            case .table(let table):
                for row in table.rows { for cell in row.cells { runs += expectedRuns(cell.blocks, inTable: true) } }
            }
        }
        return runs
    }

    static func actualRuns(_ pages: [Page]) -> [Run] {
        pages.flatMap { $0.lines }.map { line in
            let scalars = ink(line.content)
            return line.role == .table ? .table(scalars.map(\.value)) : .ordered(scalars)
        }
    }

    func check(_ document: Document, _ options: LayoutOptions, file: StaticString = #filePath, line: UInt = #line) -> Int {
        let pages = paginate(document, options: options)
        let context = "page \(options.pageSize.columns)x\(options.pageSize.lines) wm=\(String(describing: options.writingMode))"
        for page in pages {
            XCTAssertLessThanOrEqual(page.lines.count, page.blockSize, "too many lines, \(context)", file: file, line: line)
            XCTAssertFalse(page.lines.isEmpty && page.printPages.isEmpty, "empty page, \(context)", file: file, line: line)
            for l in page.lines {
                // The one allowed overflow: a lone two-cell character on a page one cell wide.
                let overflowAllowed = page.inlineSize == 1 && l.width == 2 && l.text.count == 1
                if l.width > page.inlineSize && !overflowAllowed {
                    XCTFail("line wider than the page (\(l.width) > \(page.inlineSize)): \"\(l.text)\", \(context)",
                            file: file, line: line)
                }
                if page.writingMode == .horizontalTB {
                    XCTAssertEqual(cellWidth(of: l.text, ambiguousWide: options.ambiguousWide), l.width,
                                   "width of \"\(l.text)\", \(context)", file: file, line: line)
                } else {
                    XCTAssertEqual(verticalRows(of: l.text).count, l.width, "rows of \"\(l.text)\", \(context)",
                                   file: file, line: line)
                }
                XCTAssertFalse(l.text.hasSuffix(" "), "trailing padding in \"\(l.text)\"", file: file, line: line)
            }
        }
        let expected = Self.normalize(document.chapters.flatMap { Self.expectedRuns($0.blocks) })
        let actual = Self.normalize(Self.actualRuns(pages))
        if expected != actual {
            XCTFail("text not conserved, \(context)\nexpected \(expected)\nactual   \(actual)", file: file, line: line)
        }
        // Source ranges start in order (table rows may overlap, as a grid interleaves its cells); labels all arrive.
        XCTAssertEqual(pages.flatMap(\.printPages), ["iv"], context, file: file, line: line)
        var last = [Int: Int]()
        for page in pages {
            XCTAssertLessThanOrEqual(page.source.start, page.source.end, context, file: file, line: line)
            XCTAssertGreaterThanOrEqual(page.source.start, last[page.source.spine] ?? 0, "\(context) page \(page.number) \(page.lines.map(\.text))", file: file, line: line)
            last[page.source.spine] = page.source.start
        }
        XCTAssertEqual(pages.map(\.number), Array(1...max(1, pages.count)).prefix(pages.count).map { $0 })
        return pages.count
    }

    func testHorizontalGrid() {
        for direction in [nil, Direction.rtl] {
            // Sized images included: their height depends on their aspect ratio, never on the page width.
            let document = Self.richDocument(direction: direction, imageSize: true)
            for height in [1, 2, 5, 20] {
                var previous = Int.max
                for width in stride(from: 80, through: 1, by: -1) {
                    let count = check(document, options(width, height))
                    // Page count never decreases when the page shrinks.
                    XCTAssertGreaterThanOrEqual(count, previous == Int.max ? 0 : previous,
                                                "page count fell at \(width)x\(height)")
                    previous = count
                }
            }
        }
    }

    func testOptionsGrid() {
        let document = Self.richDocument(direction: nil, imageSize: true)
        for width in [1, 2, 3, 4, 7, 13, 38, 61] {
            for height in [3, 20] {
                _ = check(document, options(width, height) {
                    $0.align = .justify
                    $0.paragraph = .indent
                    $0.ruby = .aozora
                    $0.ambiguousWide = true
                    $0.widows = 3
                    $0.orphans = 3
                })
                _ = check(document, options(width, height) {
                    $0.continuous = true
                    $0.ruby = .drop
                    $0.hangingPunctuation = true
                })
            }
        }
    }

    func testVerticalGrid() {
        let document = Self.richDocument(direction: nil, imageSize: true)
        for width in [1, 2, 3, 6, 20, 40] {
            var previous = 0
            var previousGrid = false
            for height in stride(from: 40, through: 1, by: -3) {
                let settings = options(width, height) { $0.writingMode = .verticalRL }
                let count = check(document, settings)
                // Page count never falls as the column shortens, but where the table stops being a grid and is
                // written as records ("Header: value", issue 17's automatic table layout), which take fewer lines.
                let grid = Self.tableIsAGrid(paginate(document, options: settings))
                if !(previousGrid && !grid) {
                    XCTAssertGreaterThanOrEqual(count, previous, "page count fell at \(width)x\(height) vertical")
                }
                previous = count
                previousGrid = grid
            }
        }
    }

    /// The pages draw their table as a box grid (rather than as records).
    static func tableIsAGrid(_ pages: [Page]) -> Bool {
        pages.contains { $0.lines.contains { $0.role == .table && ($0.text.hasPrefix("┌") || $0.text.hasPrefix("+")) } }
    }

    func testThreadsDoNotChangeTheResult() {
        let document = Self.richDocument(direction: nil, imageSize: true)
        var many = document
        many.chapters = (0..<12).flatMap { _ in document.chapters }
        let serial = paginate(many, options: options(30, 12) { $0.concurrent = false })
        let parallel = paginate(many, options: options(30, 12) { $0.concurrent = true })
        XCTAssertEqual(serial, parallel)
    }
}
