extension MarkdownTableScan {
    /// The work cmark-gfm's table extension does looking for table headers, counted before cmark does it.
    ///
    /// In cmark-gfm 0.29.0.gfm.6, each line that looks like a delimiter row under a paragraph makes the extension
    /// parse the whole paragraph as table rows to find the header (its last line). It does not remember a failed
    /// search, and a failed delimiter row joins the paragraph, so a paragraph of alternating text and `-|-` lines
    /// is searched once per `-|-` line: quadratic in its length (200 KB takes minutes). And while parsing, each
    /// line's first cell walks back to the paragraph's previous `|` to find where it starts, so one long paragraph
    /// without pipes under a single `-|-` is quadratic too (320 KB takes 20 s). Neither needs a wide table, so the
    /// column and cell limits do not see them; the work is bounded here instead.
    ///
    /// A search costs what re-reading the paragraph costs, in bytes: each byte once; each cell 40 more (cmark
    /// allocates and copies it); the square of a line's cells over 3 (it appends each cell by walking the row's list
    /// of cells); and the walk back from each line's start to the previous pipe, over 3 (measured on this cmark, a
    /// byte re-read costs about as much as 3 steps back or along the list). It only ever over-counts: the paragraph
    /// is taken to run from the last blank line, in code blocks and HTML blocks too, and through tables (any row
    /// that looks like a delimiter row counts as a search, though inside a table cmark reads it as a row); cells
    /// are counted with list and quote markers; the walk back may start before the paragraph. Only two kinds of
    /// delimiter-like rows are not counted: one after a blank line (a paragraph cannot cross one), and one of `-`
    /// alone (cmark takes it for a setext underline, a thematic break or a list item before tables are tried).
    struct HeaderSearch {
        let limit: Int
        /// The work of all searches so far, no more than `Int.max`.
        private(set) var total = 0
        /// The line where the total first went over the limit.
        private(set) var overAt: Int?
        /// What one search over the lines since the last blank line costs.
        private var paragraph = 0
        /// The bytes from the last pipe since the last blank line (or from that line) to the end of the last line.
        private var sinceLastPipe = 0
        /// Whether the last line held anything but spaces and tabs: a line of `>` may be text to cmark (indented
        /// four columns past a list item's), so it does not end the paragraph here.
        private var afterText = false

        init(limit: Int) { self.limit = limit }

        /// Counts line `number`, of `length` bytes (its ending not counted) and shaped `shape`.
        mutating func line(_ shape: LineShape, length: Int, number: Int) {
            guard !shape.blank || shape.quoted else {
                paragraph = 0
                sinceLastPipe = 0
                afterText = false
                return
            }
            defer { afterText = true }
            if afterText, shape.delimiter, shape.pipeOrColon {
                total = Self.sum(total, paragraph)
                if total > limit, overAt == nil { overAt = number }
            }
            let cells = max(shape.cells, 1)
            let square = cells.multipliedReportingOverflow(by: cells)
            // The line ending, and 2 for a tab in front that a container takes in part: cmark puts up to 3 spaces
            // in its place.
            let bytes = length + 1 + (shape.indentedByTab ? 2 : 0)
            let own = Self.sum(bytes + cells * 40, square.overflow ? Int.max : square.partialValue / 3)
            paragraph = Self.sum(paragraph, Self.sum(own, sinceLastPipe / 3))
            // Bytes after the last pipe, the line ending included.
            sinceLastPipe = shape.lastRawPipe >= 0 ? length - shape.lastRawPipe : Self.sum(sinceLastPipe, bytes)
        }

        /// What to tell the user when the searches go over the limit, or nil.
        func message(limits: InputLimits) -> String? {
            guard let overAt else { return nil }
            return "the rows that look like table delimiter rows (over the limit from line \(overAt)) make cmark-gfm "
                + "re-read \(Self.megabytes(total)) MB of the text above them to look for table headers; "
                + "the limit is \(Self.megabytes(limits.tableSearchBytes)) MB (--max-table-search-mb)"
        }

        private static func megabytes(_ bytes: Int) -> Int { (bytes + (1 << 20) - 1) >> 20 }

        private static func sum(_ a: Int, _ b: Int) -> Int {
            let result = a.addingReportingOverflow(b)
            return result.overflow ? Int.max : result.partialValue
        }
    }
}
