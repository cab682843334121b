import BookModel
import CSS

/// Turns an (X)HTML tree into blocks: the one place where HTML elements meet the book model.
/// Works on the flat node arrays of `XMLNodes`: an element is a node number, its name an interned number.
///
/// The importer is split by concern, one file each, so that a fix has one obvious home:
/// - this file: the importer's state and the output cursor, the only code that advances the source offset,
///   holds back page-break markers and guards the nesting depth;
/// - `ImportBlocks.swift`: the element dispatch and block structure (paragraphs, headings, pre, containers);
/// - `ImportInlines.swift`: inline elements and ruby, feeding `InlineCollector`;
/// - `ImportLists.swift`, `ImportTables.swift`, `ImportImages.swift`: lists, tables, images and SVG;
/// - `ImportAnchors.swift`: the offsets of the elements fragment identifiers name (`anchors`);
/// - `ElementRules.swift`: what applies to one element from its name and attributes (inline or block, hidden,
///   language and direction, page-break markers);
/// - `StyleRules.swift`: what the book's CSS (`ElementStyles`) changes: the inherited context, roles, keeps and
///   how text is written (transforms, white space, visibility).
struct ContentImporter {
    typealias E = XMLNodes.NodeID
    typealias NS = XMLNodes.NS
    typealias Known = XMLNodes.Known

    /// Looks up an image's pixel size from its container path, when the importer has a container.
    typealias ImageSizer = (String) -> (width: Int, height: Int)?

    let doc: XMLNodes
    let spine: Int
    let href: String
    let imageSizer: ImageSizer
    /// What the book's CSS declares on each element; read in `ElementRules.swift` and `StyleRules.swift`.
    let styles: ElementStyles
    /// How note references are drawn (`--note-markers`, issue 16).
    var noteMarkers = NoteMarkers.superscript
    private(set) var diagnostics: [Diagnostic] = []
    /// The document's note references in order, with the notes they name (`ImportNotes.swift`).
    var noteReferences: [NoteReference] = []
    /// References met in the running paragraph, given their offsets when its block is appended.
    var pendingReferences: [(target: String, marker: String)] = []
    /// Ids of this document that its references named so far: an element with one of them is a note.
    var referencedIDs: Set<String> = []
    /// Element ids and `<a name>`s → the offset where the element's text starts (`ImportAnchors.swift`).
    var anchorIDs: [String: Int] = [:]
    var anchorNames: [String: Int] = [:]
    /// Scalars of visible text emitted so far: the next block's source offset.
    private(set) var offset = 0
    private var pendingPageBreaks: [String] = []
    /// A forced page break (from the book's CSS) waiting for the next block, which will start a page.
    private var pendingBreak: PageBreak?
    private var depth = 0
    /// Recursion guard; as deep as the parser allows (XMLLimits.maxDepth), so no parsed text is dropped.
    private let maxDepth = Int(XMLLimits().maxDepth)

    /// Per interned name: how the importer treats elements of that name (see `NameClass`).
    let classes: [NameClass]
    /// Whether any element of the document is named `math`: most books have none, and then no paragraph is looked
    /// through for a lone formula (`ImportMath.swift`).
    let hasMath: Bool
    /// The classes of the names every document is seeded with, worked out once.
    private static let seededClasses = zip(XMLNodes.seededNames.strings, XMLNodes.seededNames.lowercased).map {
        NameClass(raw: $0, lowercased: $1)
    }

    /// `styles` defaults to the `style` attributes alone (no stylesheet), as for HTML inside Markdown.
    init(document: XMLNodes, spine: Int, href: String, startOffset: Int = 0, styles: ElementStyles? = nil,
         imageSizer: @escaping ImageSizer = { _ in nil }) {
        self.doc = document
        self.styles = styles ?? ElementStyles(attributesOf: document)
        let names = document.names
        let seeded = Self.seededClasses.count
        self.classes = names.strings.count == seeded ? Self.seededClasses
            : Self.seededClasses + (seeded..<names.strings.count).map { NameClass(raw: names.strings[$0], lowercased: names.lowercased[$0]) }
        self.hasMath = document.hasMath
        self.spine = spine
        self.href = href
        self.offset = startOffset
        self.imageSizer = imageSizer
    }

    /// What is inherited at a point of the tree: language and direction, the inline style, and what the book's CSS
    /// says there (`StyleRules.swift` applies an element's declarations; CSS inheritance is this struct being
    /// passed down the same tree the cascade walked).
    struct Context {
        var language: String?
        var direction: Direction?
        var style: InlineStyle = []
        /// The script bits (`.superscript`, `.subscript`) of the raised or lowered run being gathered around this
        /// point, which has written them already (`ImportInlines.script`).
        var scripts: InlineStyle = []
        /// `white-space: pre`, `pre-wrap`, `break-spaces`: spaces and line feeds kept.
        var preformatted = false
        /// `white-space: pre-line`: line feeds kept, spaces collapsed.
        var preLine = false
        var align: BlockAlign?
        var textIndent: Measure?
        /// The start margins and paddings of the enclosing blocks, summed.
        var startIndent = Measure.zero
        var transform = ComputedStyle.TextTransform.none
        var smallCaps = false
        /// `visibility: hidden`: the text keeps its room but shows nothing.
        var invisible = false
        var hyphens: Hyphens?
        /// Inside a notes section (`epub:type="endnotes"`, `role="doc-endnotes"`): its list items are notes.
        var inNotes = false

        /// Text goes into the paragraph as written, collapsed: the common case, on the fast path.
        var plainText: Bool {
            !preformatted && !preLine && !invisible && !smallCaps && transform == .none
        }

        /// How a block made here sits on its page.
        var look: BlockLook {
            BlockLook(align: align, startIndent: startIndent, textIndent: textIndent, hyphens: hyphens)
        }
    }

    // MARK: Output cursor

    /// Where the next block starts.
    func location() -> SourceLocation { SourceLocation(spine: spine, href: href, offset: offset) }

    /// Appends a block that starts at `start`, moving the offset past its text.
    mutating func appendBlock(_ kind: BlockKind, at start: SourceLocation, context: Context, into out: inout [Block]) {
        append(block(kind, at: start, context: context), into: &out)
    }

    /// A block with the language, direction and look of `context`.
    func block(_ kind: BlockKind, at start: SourceLocation, context: Context) -> Block {
        var b = Block(kind, location: start, language: context.language, direction: context.direction)
        b.look = context.look
        return b
    }

    /// Appends a block made with its location, moving the offset past its text. Every block goes out through
    /// here, so a waiting page break lands on the first block that follows it.
    @inline(__always) mutating func append(_ block: Block, into out: inout [Block]) {
        if !pendingReferences.isEmpty { placeReferences(in: block) }
        offset += block.characterCount
        out.append(block)
        if let pendingBreak {
            out[out.count - 1].look.pageBreak = pendingBreak
            self.pendingBreak = nil
        }
    }

    /// Appends finished blocks in order, giving each the current source offset.
    mutating func place(_ blocks: [Block], into out: inout [Block]) {
        for var block in blocks {
            block.location = location()
            append(block, into: &out)
        }
    }

    /// The next block starts a new page (`break-before`/`break-after` forcing a page in the book's CSS); a side
    /// (`left`, `recto`, …) wins over a plain `page` when two breaks meet between the same blocks.
    mutating func breakPage(_ side: PageBreak) {
        if pendingBreak == nil || pendingBreak == .page { pendingBreak = side }
    }

    /// Ends the running anonymous paragraph; page breaks alone in it wait for the next block.
    mutating func flush(_ collector: inout InlineCollector, into out: inout [Block], context: Context, at start: SourceLocation) {
        guard !collector.isEmpty else {
            for case .pageBreak(let label) in collector.take() { pendingPageBreaks.append(label) }
            return
        }
        var withBreaks = InlineCollector()
        takePendingPageBreaks(into: &withBreaks)
        let inlines = withBreaks.take() + collector.take()
        appendBlock(.paragraph(inlines), at: start, context: context, into: &out)
    }

    /// A page-break marker met between blocks: it joins the running paragraph, or waits for the next block.
    @inline(__always) mutating func pageBreak(_ label: String, collector: inout InlineCollector) {
        if collector.isEmpty && !collector.hasPageBreaksOnly { pendingPageBreaks.append(label) } else { collector.appendPageBreak(label) }
    }

    /// Moves the page breaks waiting for a block to the start of `collector`.
    mutating func takePendingPageBreaks(into collector: inout InlineCollector) {
        for label in pendingPageBreaks { collector.appendPageBreak(label) }
        pendingPageBreaks = []
    }

    /// Markers that come after the last text of the document still land somewhere.
    mutating func finish(into out: inout [Block], context: Context) {
        guard !pendingPageBreaks.isEmpty else { return }
        let inlines = pendingPageBreaks.map { Inline.pageBreak(label: $0) }
        pendingPageBreaks = []
        out.append(Block(.paragraph(inlines), location: location(), language: context.language, direction: context.direction))
        pendingBreak = nil
    }

    // MARK: Depth guard

    /// Goes one element deeper; false (with a warning) past `maxDepth`, where the branch is skipped.
    /// Every call is paired with `leaveElement()`, whatever it returns.
    @inline(__always) mutating func enterElement() -> Bool {
        depth += 1
        if depth > maxDepth {
            diagnostics.append(.warning("\(href): elements nested deeper than \(maxDepth); the rest of that branch is skipped"))
            return false
        }
        return true
    }

    @inline(__always) mutating func leaveElement() { depth -= 1 }
}
