import BookModel
import Layout
import Renderers
import Spreads

/// What `render` writes: text spreads, the JSON page map, or the HTML viewer.
public enum OutputFormat: String, Sendable, CaseIterable {
    case text, json, html
}

/// Everything that decides a rendering, so one value can be hashed, stored and replayed (batch runs).
public struct RenderOptions: Sendable, Hashable {
    public var layout: LayoutOptions
    public var spreads: SpreadOptions
    public var format: OutputFormat
    /// HTML: one self-contained file instead of a folder of spread pages.
    public var singleFile: Bool
    /// HTML: how the viewer moves between spreads; nil: curl.
    public var transition: Transition?
    /// HTML: the files hold landscape spreads and the reader shows one page at a time when two do not fit the
    /// window (`--orientation auto`; see `useReaderDefaults`).
    public var liveOrientation: Bool
    /// HTML: ruby is drawn as ruby over lines laid out with `--ruby drop` cells (see `useReaderDefaults`).
    public var rubyAsRuby: Bool

    public init(layout: LayoutOptions = LayoutOptions(), spreads: SpreadOptions = SpreadOptions(),
                format: OutputFormat = .text, singleFile: Bool = false, transition: Transition? = nil,
                liveOrientation: Bool = false, rubyAsRuby: Bool = false) {
        self.layout = layout
        self.spreads = spreads
        self.format = format
        self.singleFile = singleFile
        self.transition = transition
        self.liveOrientation = liveOrientation
        self.rubyAsRuby = rubyAsRuby
    }

    /// The HTML reader's defaults (issue 22), the one home of both rules:
    /// - `--orientation auto` with nothing that pins one arrangement (no `--spine`, not `--single-sided`): the
    ///   spreads are built for landscape, and the site also carries the portrait order, so a window or a tablet
    ///   held upright shows one page at a time and turning it sideways shows two, at the same page;
    /// - no `--ruby` given: lines are laid out without the reading in their cells (`drop`) and the reading is drawn
    ///   as ruby over (beside) its base, as Japanese books print it. `--ruby paren|aozora` keeps the cells.
    public mutating func useReaderDefaults(rubyGiven: Bool) {
        guard format == .html else { return }
        if spreads.orientation == .auto && spreads.spine == nil && spreads.doubleSided != false {
            spreads.orientation = .landscape
            liveOrientation = true
        }
        if !rubyGiven {
            layout.ruby = .drop
            rubyAsRuby = true
        }
    }
}

/// `--from N --to M` of the text output: the pages whose spreads are drawn, the one home of that selection for
/// standard output (`writeTextSpreads`) and for files (`files(for:_:options:pages:)`).
public struct PageRange: Sendable, Hashable {
    public var pages: ClosedRange<Int>

    public init(_ pages: ClosedRange<Int>) { self.pages = pages }

    /// Every page.
    public static let all = PageRange(1...Int.max)

    /// Whether a spread is drawn: it holds a page in range; a spread without pages (an empty book's) goes with
    /// page 1.
    public func selects(_ spread: Spread) -> Bool {
        spread.pages.contains(where: pages.contains) || (spread.pages.isEmpty && pages.lowerBound == 1)
    }
}

/// One file of a rendering (defined with the renderers, named here for programs that import only Quire).
public typealias OutputFile = Renderers.OutputFile

extension Quire {
    /// The files a rendering writes into its output folder: pure, so the CLI and batch runs write the same bytes.
    /// `pages` selects the text output's spreads (`--from`/`--to`); the other formats always hold the whole book.
    /// `bidi` is the text output's line order (`--bidi`): files keep the logical order unless asked.
    public static func files(for book: Book, _ pagination: Pagination, options: RenderOptions,
                             pages: PageRange = .all, bidi: BidiMode = .logical) -> [OutputFile] {
        switch options.format {
        case .json:
            return [pageMapFile(pagination)]
        case .text:
            let renderer = TextSpreads(ambiguousWide: options.layout.ambiguousWide, bidi: bidi)
            let result = pagination.spreads
            let spreads = result.spreads.filter(pages.selects)
            // Each file is drawn on its own when it is written (`OutputFile`), by the writer's threads: on all
            // cores, and only the files in flight are held.
            let size = pagination.pageSize
            return spreads.map { spread in
                OutputFile(name: spreadFileName(spread.number, extension: "txt")) {
                    var bytes: [UInt8] = []
                    bytes.reserveCapacity(spread.slots.count * TextSpreads.pageCapacity(size))
                    renderer.render(spread, in: result, size: size, into: &bytes)
                    return [bytes]
                }
            }
        case .html:
            return htmlFiles(for: book, pagination, options: options)
        }
    }

    /// The selected spreads as text, separated by form feeds, handed to `write` in order a batch at a time:
    /// each batch of `batch` spreads is drawn in parallel chunks, so memory stays bounded and the bytes never depend
    /// on threads. `bidi: .visual` writes right-to-left lines in display order, for terminals that do no bidi.
    public static func writeTextSpreads(_ pagination: Pagination, ambiguousWide: Bool, bidi: BidiMode = .logical,
                                        batch: Int = 512, where selected: (Spread) -> Bool,
                                        write: ([UInt8]) -> Void) {
        let renderer = TextSpreads(ambiguousWide: ambiguousWide, bidi: bidi)
        let result = pagination.spreads
        let size = pagination.pageSize
        let spreads = result.spreads.filter(selected)
        for batchStart in stride(from: 0, to: spreads.count, by: batch) {
            let batchEnd = min(spreads.count, batchStart + batch)
            let chunkCount = min(16, batchEnd - batchStart)
            let chunkSize = (batchEnd - batchStart + chunkCount - 1) / chunkCount
            let chunks = orderedConcurrentMap(count: chunkCount) { k in
                var out: [UInt8] = []
                let start = min(batchEnd, batchStart + k * chunkSize)
                // Room for the chunk's spreads (two pages each at most) made once: growing moved it every doubling.
                // At most 8 MiB, whatever the page size asked for; a chunk that needs more grows.
                out.reserveCapacity(min(chunkSize * 2 * TextSpreads.pageCapacity(size), 8 << 20))
                for index in start..<min(batchEnd, start + chunkSize) {
                    if index > 0 { out.append(contentsOf: [0x0C, 0x0A]) }
                    renderer.render(spreads[index], in: result, size: size, into: &out)
                }
                return out
            }
            for chunk in chunks where !chunk.isEmpty { write(chunk) }
        }
    }

    /// Renders a book to files in one call: open has happened, this paginates and renders.
    /// No files when the pages are too small for the book (`pagination.problem`): nothing broken is drawn.
    public static func render(_ book: Book, options: RenderOptions) -> (pagination: Pagination, files: [OutputFile]) {
        let pagination = paginate(book, layout: options.layout, spreads: options.spreads)
        if pagination.problem != nil { return (pagination, []) }
        return (pagination, files(for: book, pagination, options: options))
    }

    /// The JSON page map as text, as `--format json` prints it.
    public static func pageMap(_ pagination: Pagination) -> String {
        String(decoding: pageMapBytes(pagination), as: UTF8.self)
    }

    /// The JSON page map as UTF-8 bytes, newline-terminated.
    public static func pageMapBytes(_ pagination: Pagination) -> [UInt8] {
        var bytes = PageMap.prettyBytes(book: pagination.book, pageSize: pagination.pageSize, spreads: pagination.spreads)
        bytes.append(0x0A)
        return bytes
    }

    /// The JSON page map, newline-terminated, handed to `write` in pieces: a large map is never whole in memory.
    public static func writePageMap(_ pagination: Pagination, write: ([UInt8]) -> Void) {
        pageMapFile(pagination).writeParts { chunk in if !chunk.isEmpty { write(chunk) } }
    }

    /// The JSON page map, newline-terminated, as standard output and `book.json` hold it: made in parallel waves
    /// of pieces as it is written.
    static func pageMapFile(_ pagination: Pagination) -> OutputFile {
        PageMap.file(named: "book.json", book: pagination.book, pageSize: pagination.pageSize,
                     spreads: pagination.spreads, inParallel: true)
    }

    /// `spread-0001.txt`: zero-padded so files sort in reading order.
    public static func spreadFileName(_ number: Int, extension ext: String) -> String {
        OutputFile.spreadName(number, extension: ext)
    }
}
