/// A block of the book with the language, direction and source location it came with.
public struct Block: Sendable, Equatable {
    public var kind: BlockKind
    public var location: SourceLocation
    public var language: String?
    public var direction: Direction?
    /// Alignment, indents and page breaks the book's CSS gives the block.
    public var look = BlockLook.plain

    public init(_ kind: BlockKind, location: SourceLocation, language: String? = nil, direction: Direction? = nil) {
        self.kind = kind
        self.location = location
        self.language = language
        self.direction = direction
    }

    /// Characters of visible text in this block and the blocks it holds.
    public var characterCount: Int { kind.characterCount }
}

/// What a block is; containers hold blocks, leaves hold inlines or raw text.
public indirect enum BlockKind: Sendable, Equatable {
    case heading(level: Int, [Inline])
    case paragraph([Inline])
    case list(ListBlock)
    case quote([Block])
    case preformatted(String)
    case rule
    case image(ImageRef)
    case table(Table)
    /// A footnote or endnote where the book put it (issue 17): Layout moves it to the foot of the page that refers
    /// to it, or to the chapter's end, or leaves it here (`--notes`).
    case note(Note)

    public var characterCount: Int {
        switch self {
        case .heading(_, let inlines), .paragraph(let inlines): return inlines.characterCount
        case .list(let list): return list.items.reduce(0) { $0 + $1.blocks.reduce(0) { $0 + $1.characterCount } }
        case .quote(let blocks): return blocks.reduce(0) { $0 + $1.characterCount }
        case .note(let note): return note.blocks.reduce(0) { $0 + $1.characterCount }
        case .preformatted(let text): return text.unicodeScalarCount
        case .rule: return 0
        case .image(let image): return image.alt.unicodeScalarCount
        case .table(let table): return table.rows.reduce(0) { $0 + $1.cells.reduce(0) { $0 + $1.blocks.reduce(0) { $0 + $1.characterCount } } }
        }
    }
}

/// A note's text as the book wrote it, with the key references name it by.
public struct Note: Sendable, Equatable {
    /// The note's document path and id, "text/endnotes.xhtml#note-3": what `NoteReference.target` holds.
    public var key: String
    /// The number the book shows before the note when it is not part of its text (the item number of an endnote
    /// list); nil when the note's text starts with its own number, or has none.
    public var label: String?
    public var blocks: [Block]

    public init(key: String, label: String? = nil, blocks: [Block]) {
        self.key = key
        self.label = label
        self.blocks = blocks
    }
}

/// A note reference in a chapter: where its marker starts (a source offset, as `SourceLocation.offset` counts) and
/// the key of the note it names (`Note.key`). Kept beside the text, not in it, so the text model stays plain.
public struct NoteReference: Sendable, Equatable, Hashable {
    public var offset: Int
    public var target: String
    /// The marker as the text shows it ("³", "[3]", "*").
    public var marker: String

    public init(offset: Int, target: String, marker: String) {
        self.offset = offset
        self.target = target
        self.marker = marker
    }
}

/// An ordered or unordered list; `start` is the number of the first item of an ordered list.
public struct ListBlock: Sendable, Equatable {
    public var ordered: Bool
    public var start: Int
    public var items: [ListItem]
    /// The book's `list-style-type`; nil: numbers for an ordered list, bullets by depth for the others.
    public var style: ListStyle?

    public init(ordered: Bool, start: Int = 1, items: [ListItem], style: ListStyle? = nil) {
        self.ordered = ordered
        self.start = start
        self.items = items
        self.style = style
    }
}

/// One list item; `marker` overrides the generated marker (task lists: ☐ / ☑, `value` attributes).
public struct ListItem: Sendable, Equatable {
    public var blocks: [Block]
    public var marker: String?

    public init(blocks: [Block], marker: String? = nil) {
        self.blocks = blocks
        self.marker = marker
    }
}

/// An image shown as a placeholder: alt text, the resource path in the container, its size when known.
public struct ImageRef: Sendable, Equatable {
    public var source: String
    public var alt: String
    public var width: Int?
    public var height: Int?

    public init(source: String, alt: String, width: Int? = nil, height: Int? = nil) {
        self.source = source
        self.alt = alt
        self.width = width
        self.height = height
    }
}

/// A table as rows of cells; header cells are marked so renderers can set them apart.
public struct Table: Sendable, Equatable {
    public var rows: [TableRow]

    public init(rows: [TableRow]) { self.rows = rows }
}

public struct TableRow: Sendable, Equatable {
    public var cells: [TableCell]

    public init(cells: [TableCell]) { self.cells = cells }
}

/// A cell; `columnSpan` and `rowSpan` are HTML's `colspan` and `rowspan` (at least 1; Markdown cells span one).
public struct TableCell: Sendable, Equatable {
    public var blocks: [Block]
    public var header: Bool
    public var columnSpan: Int
    /// Rows the cell covers, its own included; layout clamps it to the rows the table has.
    public var rowSpan: Int

    public init(blocks: [Block], header: Bool = false, columnSpan: Int = 1, rowSpan: Int = 1) {
        self.blocks = blocks
        self.header = header
        self.columnSpan = columnSpan
        self.rowSpan = rowSpan
    }
}
