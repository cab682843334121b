/// Finds GitHub tables too large for cmark-gfm before cmark-gfm sees them.
///
/// The table extension of the cmark-gfm Debian ships (0.29.0.gfm.6) appends each cell of a row to a linked list by
/// walking the list, so a row costs the square of its cells: 40,000 columns take half a minute, and a wide table
/// with many rows, each padded to the header's width, exhausts memory inside cmark (which then aborts the
/// process). The cost is paid while cmark parses, so the only place to refuse such a table is before it: this is
/// one linear pass over the bytes, cheap enough to run on every Markdown input.
///
/// The pass reads lines the way GFM defines tables (spec §4.10): a delimiter row (cells of an optional `:`, one
/// or more `-`, an optional `:`, split by `|`) under a line with as many cells starts a table, whose rows run to
/// the first blank line; list and footnote markers in front of a header only add cells, so a header with at least
/// as many is taken. It only ever over-counts, never under-counts: it strips block quote markers and
/// indentation without asking whether they open containers; it takes every pipe that no backslash escapes as a
/// cell boundary; a table's width is its widest line; and a delimiter row counts as wide when any line of the
/// paragraph above it is, because cmark parses that whole paragraph when it looks for the header. The one thing
/// it does not know is code: a delimiter row inside a fenced or indented code block (or an HTML block) is text,
/// not a table. Code is asked about only when a table is over a limit, by parsing without the table extension
/// (`MarkdownSyntax.codeLines`, linear) and keeping the tables whose delimiter row lies outside every code block.
///
/// The same pass counts the work of cmark's searches for table headers (`HeaderSearch`), which is quadratic in
/// the text above rows that look like delimiter rows, wide table or not.
enum MarkdownTableScan {
    /// A table over a limit, with the lines that look like its delimiter row.
    struct Excess: Equatable {
        /// The delimiter row that started the table, then any later line of it that looks like one: a run of
        /// lines this pass took for one table may hold several of cmark's, some of them in code.
        var delimiterLines: [Int]
        /// The cells of the widest line: cmark parses every cell of a row before it drops those past the header's.
        var columns: Int
        /// The header and body rows when the table has too many cells; nil when it is too wide.
        var rows: Int?
        /// Whether a line other than the delimiter row is the widest.
        var widerRow = false

        /// What to tell the user, about the table whose delimiter row is at `line`.
        func message(line: Int, limits: InputLimits) -> String {
            guard let rows else {
                let width = widerRow ? "a row of \(columns) cells" : "\(columns) columns"
                return "the table at line \(line - 1) has \(width); the limit is \(limits.tableColumns) (--max-table-columns)"
            }
            return "the table at line \(line - 1) has \(rows * columns) cells (\(rows) row\(rows == 1 ? "" : "s") of \(columns) columns); "
                + "the limit is \(limits.tableCells) (--max-table-cells)"
        }
    }

    /// What to report about the first table over a limit, or nil when every table fits; then, when the tables fit,
    /// about the work of cmark's header searches (`HeaderSearch`).
    static func firstExcess(_ bytes: [UInt8], limits: InputLimits) -> String? {
        let scanner = scan(bytes, limits: limits)
        return firstTableExcess(scanner.sortedFound, bytes: bytes, limits: limits) ?? scanner.search.message(limits: limits)
    }

    /// The work of cmark's header searches over `bytes`, in the units of `InputLimits.tableSearchBytes`.
    static func headerSearchWork(_ bytes: [UInt8]) -> Int { scan(bytes, limits: InputLimits()).search.total }

    private static func firstTableExcess(_ found: [Excess], bytes: [UInt8], limits: InputLimits) -> String? {
        guard !found.isEmpty else { return nil }
        let code = MarkdownSyntax.codeLines(bytes)
        func inCode(_ line: Int) -> Bool {
            // Code blocks come in document order and do not overlap: a binary search finds the last one starting
            // at or before the line.
            var low = 0, high = code.count
            while low < high {
                let middle = (low + high) / 2
                if code[middle].lowerBound <= line { low = middle + 1 } else { high = middle }
            }
            return low > 0 && code[low - 1].contains(line)
        }
        for excess in found {
            if let line = excess.delimiterLines.first(where: { !inCode($0) }) { return excess.message(line: line, limits: limits) }
        }
        return nil
    }

    /// Every table-like run of lines over a limit, in document order, code blocks not yet set aside.
    static func excesses(_ bytes: [UInt8], limits: InputLimits) -> [Excess] { scan(bytes, limits: limits).sortedFound }

    /// The one pass over the lines.
    private static func scan(_ bytes: [UInt8], limits: InputLimits) -> Scanner {
        var scanner = Scanner(limits: limits)
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            var number = 1
            let count = buffer.count
            while start < count {
                // Lines end where cmark ends them: at LF, CR, or CR LF.
                var end = ByteSearch.firstIndex(of: lineFeed, or: carriageReturn, in: buffer, from: start)
                scanner.line(UnsafeBufferPointer(rebasing: buffer[start..<end]), number: number)
                if end + 1 < count, buffer[end] == carriageReturn, buffer[end + 1] == lineFeed { end += 1 }
                start = end + 1
                number += 1
            }
            scanner.finish()
        }
        return scanner
    }

    private struct Scanner {
        let limits: InputLimits
        var found: [Excess] = []
        /// The cells of the previous line when it was not blank: the header a delimiter row would take.
        var previousCells: Int?
        /// The most cells on one line since the last blank line.
        var paragraphWidest = 0
        var table: Table?
        var search: HeaderSearch

        var sortedFound: [Excess] { found.sorted { $0.delimiterLines[0] < $1.delimiterLines[0] } }

        struct Table {
            var delimiterLines: [Int]
            /// The cells of the delimiter row that started the table.
            var columns: Int
            /// The header and body rows.
            var rows: Int
            /// The most cells on one line of the table.
            var widest: Int
        }

        init(limits: InputLimits) {
            self.limits = limits
            search = HeaderSearch(limit: limits.tableSearchBytes)
        }

        mutating func line(_ text: UnsafeBufferPointer<UInt8>, number: Int) {
            let shape = LineShape(text)
            search.line(shape, length: text.count, number: number)
            guard !shape.blank else {
                close()
                previousCells = nil
                paragraphWidest = 0
                return
            }
            paragraphWidest = max(paragraphWidest, shape.cells)
            if table != nil {
                table!.rows += 1
                table!.widest = max(table!.widest, shape.cells)
            }
            if shape.delimiter, let header = previousCells {
                let columns = shape.cells
                // cmark parses the delimiter row and the whole paragraph above it, header or not.
                let wide = max(columns, paragraphWidest)
                if wide > limits.tableColumns {
                    found.append(Excess(delimiterLines: [number], columns: wide, widerRow: wide > columns))
                }
                if table != nil {
                    // Inside a table this is a body row, unless it starts a table in a new container: counting
                    // it with the one before can only over-count.
                    table!.delimiterLines.append(number)
                } else if header >= columns {
                    // Quote, list and footnote markers only add cells to what cmark reads as the header, so a
                    // header with fewer cells than the delimiter row is certainly no table.
                    table = Table(delimiterLines: [number], columns: columns, rows: 1, widest: max(columns, header))
                }
            }
            previousCells = shape.cells
        }

        mutating func finish() { close() }

        private mutating func close() {
            guard let table else { return }
            self.table = nil
            if table.widest > limits.tableColumns {
                found.append(Excess(delimiterLines: table.delimiterLines, columns: table.widest,
                                    widerRow: table.widest > table.columns))
            } else if table.rows * table.widest > limits.tableCells {
                found.append(Excess(delimiterLines: table.delimiterLines, columns: table.widest, rows: table.rows))
            }
        }
    }

    /// What one pass over a line tells: whether it is blank, whether it could be a delimiter row, and its cells.
    struct LineShape {
        /// Nothing but spaces, tabs and `>`: ends any table, in or out of a block quote.
        var blank = true
        /// Only `|`, `:`, `-` and spaces, with at least one `-`.
        var delimiter = false
        /// The cells cmark-gfm's row parser finds in the text after indentation and quote markers: split at pipes
        /// no backslash escapes, a leading and a trailing pipe not counted. Exact for a delimiter row; for other
        /// lines the text may still hold list or footnote markers, which only add cells.
        var cells = 0
        /// Whether the delimiter row holds a `|` or a `:`: a run of `-` alone is a setext underline, a thematic break
        /// or a list item to cmark, all tried before the table extension.
        var pipeOrColon = false
        /// Where the last `|` is, escaped or not (cmark's walk back to a cell's start stops at any pipe), or -1.
        var lastRawPipe = -1
        /// Whether the line holds a `>`: a blank line in a block quote may be paragraph text in a list item.
        var quoted = false
        /// Whether a tab comes before the text.
        var indentedByTab = false

        init(_ text: UnsafeBufferPointer<UInt8>) {
            var i = 0
            while i < text.count, text[i] == space || text[i] == tab || text[i] == greaterThan {
                if text[i] == greaterThan { quoted = true }
                if text[i] == tab { indentedByTab = true }
                i += 1
            }
            guard i < text.count else { return }
            blank = false
            let leadingPipe = text[i] == pipe ? i : -1
            var pipes = 0, lastPipe = -1
            var dash = false
            // While the line could still be a delimiter row, every byte is looked at; after that, only pipes and
            // the backslashes that escape them.
            var onlyMarkers = true
            while i < text.count, onlyMarkers {
                let byte = text[i]
                if byte == pipe {
                    pipes += 1
                    lastPipe = i
                    pipeOrColon = true
                } else if byte == hyphen {
                    dash = true
                } else if byte == colon {
                    pipeOrColon = true
                } else if !isSpaceChar(byte) {
                    onlyMarkers = false
                    continue
                }
                i += 1
            }
            while i < text.count {
                i = ByteSearch.firstIndex(of: pipe, or: backslash, in: text, from: i)
                guard i < text.count else { break }
                let byte = text[i]
                if byte == pipe {
                    pipes += 1
                    lastPipe = i
                } else if byte == backslash, i + 1 < text.count, text[i + 1] == pipe {
                    i += 1
                    lastRawPipe = i
                }
                i += 1
            }
            var last = text.count - 1
            while last > 0, isSpaceChar(text[last]) { last -= 1 }
            let trailingPipe = lastPipe == last && lastPipe != leadingPipe
            lastRawPipe = max(lastRawPipe, lastPipe)
            cells = pipes + 1 - (leadingPipe >= 0 ? 1 : 0) - (trailingPipe ? 1 : 0)
            delimiter = onlyMarkers && dash
        }
    }

    /// cmark's `spacechar`: space, tab, vertical tab, form feed.
    private static func isSpaceChar(_ byte: UInt8) -> Bool { byte == space || byte == tab || byte == 0x0B || byte == 0x0C }

    private static let lineFeed = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
    private static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), greaterThan = UInt8(ascii: ">")
    private static let pipe = UInt8(ascii: "|"), backslash = UInt8(ascii: "\\"), hyphen = UInt8(ascii: "-")
    private static let colon = UInt8(ascii: ":")
}
