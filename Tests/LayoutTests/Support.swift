import BookModel
import XCTest
@testable import Layout

/// Builds blocks; `document` numbers their source offsets afterwards, in document order.
struct Builder {
    let href = "ch.xhtml"

    func block(_ kind: BlockKind, language: String? = nil, direction: Direction? = nil) -> Block {
        Block(kind, location: SourceLocation(spine: 0, href: href, offset: 0), language: language, direction: direction)
    }

    func paragraph(_ text: String, language: String? = nil, direction: Direction? = nil) -> Block {
        block(.paragraph([.text(text, [])]), language: language, direction: direction)
    }
}

/// Gives every block the offset a reader would: its first character's position in the chapter text.
func numbered(_ blocks: [Block], from offset: inout Int) -> [Block] {
    blocks.map { block in
        var block = block
        block.location.offset = offset
        switch block.kind {
        case .list(var list):
            list.items = list.items.map { item in
                var item = item
                item.blocks = numbered(item.blocks, from: &offset)
                return item
            }
            block.kind = .list(list)
        case .quote(let inner):
            block.kind = .quote(numbered(inner, from: &offset))
        case .note(var note):
            note.blocks = numbered(note.blocks, from: &offset)
            block.kind = .note(note)
        case .table(var table):
            table.rows = table.rows.map { row in
                var row = row
                row.cells = row.cells.map { cell in
                    var cell = cell
                    cell.blocks = numbered(cell.blocks, from: &offset)
                    return cell
                }
                return row
            }
            block.kind = .table(table)
        default:
            offset += block.characterCount
        }
        return block
    }
}

func numbered(_ blocks: [Block]) -> [Block] {
    var offset = 0
    return numbered(blocks, from: &offset)
}

func document(_ blocks: [Block], language: String? = nil, direction: Direction? = nil, title: String? = nil,
              writingMode: WritingMode? = nil) -> Document {
    Document(chapters: [Chapter(spineIndex: 0, href: "ch.xhtml", title: title, blocks: numbered(blocks), language: language,
                                direction: direction, writingMode: writingMode)])
}

func paragraphs(_ texts: [String], language: String? = nil) -> Document {
    let builder = Builder()
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
