import BookModel
import XCTest
@testable import Layout

/// Builds blocks whose source offsets follow each other as a reader's would (one scalar per character).
struct Builder {
    var offset = 0
    let href = "ch.xhtml"

    mutating func block(_ kind: BlockKind, language: String? = nil, direction: Direction? = nil) -> Block {
        let block = Block(kind, location: SourceLocation(spine: 0, href: href, offset: offset), language: language,
                          direction: direction)
        offset += kind.characterCount
        return block
    }

    mutating func paragraph(_ text: String, language: String? = nil, direction: Direction? = nil) -> Block {
        block(.paragraph([.text(text, [])]), language: language, direction: direction)
    }
}

func document(_ blocks: [Block], language: String? = nil, direction: Direction? = nil, title: String? = nil,
              writingMode: WritingMode? = nil) -> Document {
    Document(chapters: [Chapter(spineIndex: 0, href: "ch.xhtml", title: title, blocks: blocks, language: language,
                                direction: direction, writingMode: writingMode)])
}

func paragraphs(_ texts: [String], language: String? = nil) -> Document {
    var builder = Builder()
    return document(texts.map { builder.paragraph($0) }, language: language)
}

func options(_ columns: Int, _ lines: Int, _ configure: (inout LayoutOptions) -> Void = { _ in }) -> LayoutOptions {
    var options = LayoutOptions(pageSize: PageSize(columns: columns, lines: lines))
    configure(&options)
    return options
}

/// Page texts, one array of line strings per page.
func texts(_ pages: [Page]) -> [[String]] { pages.map { $0.lines.map(\.text) } }

func allLines(_ pages: [Page]) -> [String] { pages.flatMap { $0.lines.map(\.text) } }

/// Non-whitespace scalars of a string, in order.
func ink(_ text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { !$0.properties.isWhitespace && !isInvisible($0) }
}

/// Characters the paginator never prints (controls, zero-width characters, soft hyphens).
func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .control || scalar.properties.isDefaultIgnorableCodePoint
}
