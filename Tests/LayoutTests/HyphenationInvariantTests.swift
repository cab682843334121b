import BookModel
import XCTest
@testable import Layout

/// With hyphenation on, over a grid of widths, both alignments and both writing modes: no line wider than the
/// page (the drawn hyphen included), widths as the cells count them, and the book's text conserved once the
/// flagged hyphens are taken off.
final class HyphenationInvariantTests: XCTestCase {
    static let texts: [(String, String)] = [
        ("It was the best of times, it was the worst of times; incomprehensibilities and anti-establishmentarianism "
         + "in an extraordinarily unrepresentative parliamentary constituency.", "en"),
        ("The incompre\u{AD}hensibility of soft\u{AD}hyphen\u{AD}ated words, with characteristically "
         + "individualistic *emphasis* and www.example.com/address and 2024-12-01.", "en"),
        ("Anticonstitutionnellement, le développement des mathématiques est extraordinairement intéressant.", "fr"),
        ("Интернационализация и переписывание достопримечательностей.", "ru"),
    ]

    static func book() -> Document {
        let b = Builder()
        var blocks = texts.map { b.paragraph($0.0, language: $0.1) }
        blocks.insert(b.block(.paragraph([.text("Styled ", []), .text("incomprehensibility", [.emphasis]),
                                          .text(" and ", []), .text("characteristically", [.code])]), language: "en"),
                      at: 1)
        let item = ListItem(blocks: [b.paragraph("an unrepresentative enumeration of extraordinary things", language: "en")])
        blocks.append(b.block(.list(ListBlock(ordered: true, items: [item]))))
        blocks.append(b.block(.quote([b.paragraph("quoted incomprehensibilities everywhere", language: "en")])))
        return document(blocks)
    }

    func check(_ options: LayoutOptions) -> Int {
        let document = Self.book()
        let pages = paginate(document, options: options)
        let context = "\(options.pageSize.columns) \(options.align) \(String(describing: options.writingMode))"
        var hyphens = 0
        var content = ""
        for page in pages {
            for line in page.lines {
                XCTAssertLessThanOrEqual(line.width, page.inlineSize, "\"\(line.text)\", \(context)")
                if page.writingMode == .horizontalTB {
                    XCTAssertEqual(cellWidth(of: line.text), line.width, "\"\(line.text)\", \(context)")
                } else {
                    XCTAssertEqual(verticalRows(of: line.text).count, line.width, "\"\(line.text)\", \(context)")
                }
                if line.hyphenated {
                    hyphens += 1
                    XCTAssertTrue(line.text.hasSuffix("-"), line.text)
                    XCTAssertEqual(line.decorations.last?.upperBound, line.text.utf8.count, line.text)
                }
                content += line.content
            }
        }
        var source = ""
        for chapter in document.chapters { source += text(of: chapter.blocks) }
        XCTAssertEqual(ink(content), ink(source), "text not conserved, \(context)")
        return hyphens
    }

    func text(of blocks: [Block]) -> String {
        blocks.map { block in
            switch block.kind {
            case .paragraph(let inlines), .heading(_, let inlines): return inlines.plainText
            case .list(let list): return list.items.map { text(of: $0.blocks) }.joined()
            case .quote(let inner): return text(of: inner)
            default: return ""
            }
        }.joined()
    }

    func testHorizontal() {
        var hyphens = 0
        for width in 1...50 {
            for align in [TextAlign.start, .justify] {
                hyphens += check(options(width, 20) {
                    $0.hyphenate = .auto
                    $0.align = align
                    $0.paragraph = .indent
                })
            }
        }
        XCTAssertGreaterThan(hyphens, 200)
    }

    func testVertical() {
        var hyphens = 0
        for width in [2, 5, 12] {
            for height in [3, 8, 15, 30] {
                hyphens += check(options(width, height) {
                    $0.hyphenate = .auto
                    $0.writingMode = .verticalRL
                    $0.align = .justify
                })
            }
        }
        XCTAssertGreaterThan(hyphens, 10)
    }
}
