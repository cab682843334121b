import BookModel
import Hashing
import Layout
import Spreads

/// The HTML reader (`--format html`): spreads in, files out. Pure: the caller reads images and writes files.
/// Its options (`HTMLSite.Options`, `Transition`) are in HTMLOptions.swift; the documents it writes in
/// HTMLDocuments.swift; how a page is drawn in HTMLPage.swift; sizes in HTMLSizing.swift; the stylesheet and the
/// script in HTMLStyle.swift and HTMLScript.swift.
public struct HTMLSite: Sendable {
    public var book: BookSummary
    public var pageSize: PageSize
    /// The spreads the files hold: the landscape ones when `portrait` is set.
    public var result: SpreadResult
    /// The same pages in portrait (`--orientation auto`): the reader shows one page at a time, in this order, when
    /// two would not fit the window. Nil: the orientation is pinned and the spreads are shown as they are.
    public var portrait: SpreadResult?
    public var toc: [TOCEntry]
    /// The page holding each contents entry's target (by `TOCEntry.href`); entries not in it go to the first page
    /// of their document.
    public var contentsPages: [String: Int]
    public var images: HTMLImages
    public var options: Options

    public init(book: BookSummary, pageSize: PageSize, spreads: SpreadResult, portrait: SpreadResult? = nil,
                toc: [TOCEntry] = [], contentsPages: [String: Int] = [:], images: HTMLImages = HTMLImages(),
                options: Options = Options()) {
        self.book = book
        self.pageSize = pageSize
        self.result = spreads
        self.portrait = portrait
        self.toc = toc
        self.contentsPages = contentsPages
        self.images = images
        self.options = options
    }

    /// The file that holds the spreads in the chosen mode.
    enum Mode: String { case files, scroll, single }

    var mode: Mode { options.singleFile ? .single : (options.transition == .scroll ? .scroll : .files) }

    /// Every document links the site's one stylesheet and script (`styleFile`, `scriptFile`), in every mode but
    /// the single file, which carries them inline (`HTMLDocuments.policy`).
    var sharesAssets: Bool { mode != .single }

    /// Every file of the site, in a fixed order: the HTML, then `book.json`, then `assets/…` (the stylesheet and the
    /// script, then the images).
    public func files() -> [OutputFile] {
        let (urls, assets) = imageAssets()
        let rubyShown = options.rubyAsRuby && result.pages.contains { page in page.lines.contains { !$0.rubies.isEmpty } }
        let verticalPages = result.pages.contains { $0.writingMode == .verticalRL }
        var drawer = HTMLPageDrawer(size: pageSize, ambiguousWide: options.ambiguousWide, imageURLs: urls,
                                    imageBoxes: HTMLAssets.imageBoxes(result.pages))
        drawer.imageAlternatives = images.alternatives
        drawer.rubyAsRuby = rubyShown
        var sizing = HTMLSizing(size: pageSize, axis: result.layout.axis, gap: result.layout.gap,
                                verticalPages: verticalPages, rubySpace: rubyShown)
        sizing.horizontalPages = result.pages.contains { $0.writingMode != .verticalRL }
        drawer.placeholderMode = sizing.horizontalPages ? "htb" : "vrl"
        // Each page's lines drawn once for its spread and its thumbnail alike, and dropped once both are made.
        let bodies = HTMLPageBodies<[UInt8]>(pageCount: result.pages.count)
        drawer.sharedBodies = bodies
        if mode == .single {
            let bodyDrawer = drawer
            bodies.drawAll { bodyDrawer.body(of: result.pages[$0 - 1], links: [:]) }
        }
        let pagesPerSpread = portrait != nil ? 2 : max(1, result.spreads.map(\.slots.count).max() ?? 1)
        let firstPages = firstPageByHref()
        var css = HTMLStyle.css(.init(sizing: sizing, pagesPerSpread: pagesPerSpread, live: portrait != nil,
                                      marks: chapterMarks(firstPages)))
        if HTMLInlineStyle.styled(result.pages) { css += "\n" + HTMLInlineStyle.css }
        let plan = portrait.map { PortraitPlan(landscape: result, portrait: $0) }
        let documents = HTMLDocuments(site: self, drawer: drawer, css: css, sizing: sizing, plan: plan,
                                      firstPages: firstPages, rubyShown: rubyShown,
                                      policy: HTMLDocuments.policy(css: css, shared: sharesAssets),
                                      marks: chapterMarks(firstPages).map { "<span class=\"mark m\($0)\"></span>" }.joined())
        // Every document is made when it is written (`OutputFile`): the writer holds only the files in flight,
        // not the whole site (War and Peace: 30 MB of HTML and JSON; issue 19, peak memory).
        var out: [OutputFile] = []
        switch mode {
        case .single:
            out.append(OutputFile(name: "index.html") { [Array(documents.singleFile().utf8)] })
        case .scroll:
            out.append(documents.indexFile())
            out.append(OutputFile(name: "book.html") { [Array(documents.scrollBook().utf8)] })
        case .files:
            // The index and each spread file are independent documents; the index's thumbnails are made beside
            // the spread files of the same spreads.
            out.append(documents.indexFile(besideSpreadFiles: true))
            // One closure holds the documents; each file's holds only it and an index (capturing the documents
            // in each would copy them 2,733 times for War and Peace, 1.8 MB).
            let spreadFile: @Sendable (Int) -> [[UInt8]] = { [documents.spreadFile($0)] }
            for index in result.spreads.indices {
                out.append(OutputFile(name: documents.spreadFileName(index)) { spreadFile(index) })
            }
        }
        // The page map as `--format json` writes it (issue 19: as a JSON tree it was a sixth of the site's
        // instructions), a chunk of pages at a time.
        out.append(PageMap.file(named: "book.json", book: book, pageSize: pageSize, spreads: result))
        if sharesAssets {
            out.append(OutputFile(name: Self.styleFile, bytes: Array(css.utf8)))
            out.append(OutputFile(name: Self.scriptFile, bytes: Array(HTMLScript.text.utf8)))
        }
        out += assets
        return out
    }

    /// The stylesheet and the script every document of a folder site links (`HTMLDocuments.policy`). Image
    /// assets are `assets/image-NNNN.EXT`, so the names cannot meet.
    static let styleFile = "assets/reader.css"
    static let scriptFile = "assets/reader.js"

    static func spreadFileName(_ number: Int) -> String { OutputFile.spreadName(number, extension: "html") }

    static func spreadID(_ number: Int) -> String { OutputFile.spreadStem(number) }

    /// Generated asset names (`assets/image-0001.png`, by first use) or `data:` URIs; unknown bytes stay text.
    func imageAssets() -> (urls: [String?], files: [OutputFile]) {
        var named: [String: String] = [:]
        var files: [OutputFile] = []
        let urls = images.sources.map { source -> String? in
            if let url = named[source] { return url }
            guard let bytes = images.data[source], let kind = HTMLAssets.sniff(bytes) else { return nil }
            let url: String
            if options.singleFile {
                url = "data:\(kind.mediaType);base64,\(base64(bytes))"
            } else {
                url = "assets/image-\(OutputFile.zeroPadded(files.count + 1)).\(kind.fileExtension)"
                files.append(OutputFile(name: url, bytes: bytes))
            }
            named[source] = url
            return url
        }
        return (urls, files)
    }

    /// The first page of each chapter document (by `source.href`).
    func firstPageByHref() -> [String: Int] {
        var out: [String: Int] = [:]
        // Consecutive pages mostly come from one document, already recorded: told by comparing with the last
        // page's, not by hashing (and no array of sources made per page; issue 19).
        var last: String?
        for page in result.pages where page.kind == .content {
            if page.source.href != last, out[page.source.href] == nil { out[page.source.href] = page.number }
            last = page.source.href
            for source in page.additionalSources where out[source.href] == nil { out[source.href] = page.number }
        }
        return out
    }

    /// The page a contents entry opens: the page holding its fragment (`contentsPages`), else the first page of
    /// its document (whose path may be percent-encoded in the navigation document).
    func page(of entry: TOCEntry, _ firstPages: [String: Int]) -> Int? {
        if let page = contentsPages[entry.href], page >= 1, page <= result.pages.count { return page }
        let path = String(entry.href.prefix { $0 != "#" })
        return firstPages[path] ?? path.percentDecoded.flatMap { firstPages[$0] }
    }

    /// Where the top-level contents entries start on the progress line, in whole percent, each once.
    func chapterMarks(_ firstPages: [String: Int]) -> [Int] {
        let count = result.pages.count
        guard count > 1 else { return [] }
        let marks = toc.compactMap { page(of: $0, firstPages) }.map { ($0 - 1) * 100 / count }
        return Array(Set(marks)).sorted()
    }
}
