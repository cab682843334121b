/// Bounds on the work a possibly hostile book can ask for, beyond the archive's (`ContainerLimits`) and the XML
/// parser's (`XMLLimits`). Exceeding one is an error that names the limit and the option that raises it; the
/// defaults leave every published book in the corpus far inside them.
public struct InputLimits: Sendable, Equatable, CustomStringConvertible {
    /// Markdown input, all files together (`--max-markdown-mb`): the parse tree is held whole, about 17 bytes of
    /// memory for each byte of ordinary text (cmark-gfm's tree alone is about 11).
    public var markdownBytes = 16 << 20
    /// Columns of one table (`--max-table-columns`): cmark-gfm's table extension is quadratic in them.
    public var tableColumns = 1_000
    /// Cells of one table (`--max-table-cells`): each cell is a node of the parse tree and a box on the page.
    public var tableCells = 250_000
    /// Work of cmark-gfm's table extension looking for table headers, in bytes re-read, a cell counting 40 more
    /// (`--max-table-search-mb`): each row that looks like a delimiter row under a paragraph makes it re-read the
    /// whole paragraph, so this grows with the square of the input (`MarkdownTableScan.HeaderSearch`).
    public var tableSearchBytes = 512 << 20
    /// Itemrefs of the EPUB spine as written, repeats included (`--max-spine-items`), checked before any content
    /// document is read (`SpinePlan`).
    public var spineItems = 10_000

    public init() {}

    /// Every limit on one line, for the batch options hash: a book that failed on a limit is retried when it is raised.
    public var description: String {
        "markdown-bytes=\(markdownBytes) table-columns=\(tableColumns) table-cells=\(tableCells) table-search-bytes=\(tableSearchBytes) "
            + "spine-items=\(spineItems)"
    }
}
