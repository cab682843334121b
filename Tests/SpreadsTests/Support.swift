import BookModel
import Layout
@testable import Spreads
import XCTest

/// `count` content pages numbered 1…count; `chapters` maps a 1-based input position to the side its chapter asks
/// for (nil: a chapter start without page-spread).
func book(_ count: Int, chapters: [Int: PageSpread?] = [:], size: PageSize = .standard,
          writingMode: WritingMode = .horizontalTB, language: String? = nil) -> [Page] {
    (0..<count).map { index in
        let position = index + 1
        let chapter = chapters[position]
        return Page(number: position, chapterIndex: 0, startsChapter: chapter != nil,
                    pageSpread: chapter ?? nil,
                    source: PageSource(spine: 0, href: "c.xhtml", start: index * 10, end: index * 10 + 10),
                    size: size, writingMode: writingMode, language: language)
    }
}

/// A spread as a short string: each slot's side letter, page (or `-` for a placeholder), `/back` if any.
func describe(_ spread: Spread) -> String {
    spread.slots.map { slot in
        let side: String
        switch slot.side {
        case .left: side = "L"
        case .right: side = "R"
        case .top: side = "T"
        case .bottom: side = "B"
        case .single: side = "S"
        }
        return side + (slot.page.map(String.init) ?? "-") + (slot.back.map { "/\($0)" } ?? "")
    }.joined(separator: " ")
}

func describe(_ result: SpreadResult) -> [String] { result.spreads.map(describe) }

/// Page kinds as a string, `c` for content and `b` for blank, to check where blank pages went.
func kinds(_ result: SpreadResult) -> String {
    String(result.pages.map { $0.kind == .blank ? "b" : "c" })
}
