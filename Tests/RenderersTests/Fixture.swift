import BookModel
import Foundation
import Layout
import Renderers
import Spreads
import XCTest

/// Small hand-made books: pages of a few cells, so snapshots stay readable.
enum Fixture {
    static let size = PageSize(columns: 10, lines: 3)

    static func page(_ number: Int, _ lines: [Line], href: String = "c1.xhtml", direction: Direction = .ltr,
                     writingMode: WritingMode = .horizontalTB, language: String? = "en", kind: PageKind = .content) -> Page {
        Page(number: number, kind: kind, chapterIndex: 0, source: PageSource(spine: 0, href: href, start: 0, end: 1),
             lines: lines, size: size, writingMode: writingMode, direction: direction, language: language)
    }

    static func line(_ text: String, direction: Direction = .ltr, role: LineRole = .body, decorations: [Range<Int>] = []) -> Line {
        Line(text: text, width: cellWidth(of: text), direction: direction, role: role, decorations: decorations)
    }

    static func layout(_ direction: Direction = .ltr, axis: Axis = .horizontal, spine: SpineLocation = .mid, gap: Int = 1) -> SpreadLayout {
        SpreadLayout(orientation: .landscape, spine: spine, doubleSided: true, direction: direction, axis: axis,
                     firstPage: .paired, gap: gap)
    }

    static func summary(title: String? = "A Book", direction: Direction = .ltr, language: String? = "en",
                        writingMode: WritingMode = .horizontalTB) -> BookSummary {
        BookSummary(title: title, authors: ["Ann Author"], language: language, direction: direction,
                    writingMode: writingMode, layout: .reflowable)
    }

    /// Three ltr pages in two spreads, the second with a placeholder.
    static func ltrBook(title: String? = "A Book", lines: [Line]? = nil) -> (BookSummary, SpreadResult) {
        let pages = [
            page(1, lines ?? [line("Chapter"), line(""), line("Hello, you")], href: "c1.xhtml"),
            page(2, [line("second"), line("page")], href: "c1.xhtml"),
            page(3, [line("Two")], href: "c2.xhtml"),
        ]
        let spreads = [
            Spread(number: 1, slots: [Slot(side: .left, page: 1), Slot(side: .right, page: 2)]),
            Spread(number: 2, slots: [Slot(side: .left, page: 3), Slot(side: .right, page: nil)]),
        ]
        return (summary(title: title), SpreadResult(pages: pages, spreads: spreads, layout: layout()))
    }
}

extension HTMLSite {
    /// The text of one generated file.
    func text(_ name: String) -> String? {
        files().first { $0.name == name }.map { String(decoding: $0.bytes, as: UTF8.self) }
    }
}
