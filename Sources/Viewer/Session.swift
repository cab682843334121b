import Quire

/// Where the reader is in the book, independent of page size: the first character of the current page, as a
/// content document and a source offset in it (`PageSource`, kept in `positions.json` as a `ReadingPosition`). A
/// resize re-paginates and shows the page holding this place again — the same text, not the same page number.
public typealias Place = ReadingPosition

/// The terminal reader as a value: the book, its pages at the current screen size, where the reader is and
/// which screen is up. Keys go in (`handle`), pictures come out (`picture`); nothing here touches the
/// terminal, so every behaviour is testable (ViewerTerminal only draws and reads keys).
public struct ViewerSession: Sendable {
    /// The book as read so far: while `complete` is false, only the document the reader opened in.
    public internal(set) var book: Book
    public internal(set) var complete: Bool
    public let settings: ViewerSettings
    public internal(set) var screen: Viewport
    public internal(set) var pageSize: PageSize
    public internal(set) var navigator: Navigator
    /// Set when the book cannot be shown at this size (the terminal is too small, or a line does not fit).
    public internal(set) var problem: String?
    public internal(set) var mode: Mode = .reading
    var search: Search?
    /// A one-off message for the status line (a failed search, a page out of range); cleared by the next key.
    var message: String?
    /// `o` pins an orientation on this screen size; a resize lets the screen decide again.
    var orientationOverride: Orientation?
    var doubleSidedOverride: Bool?
    /// See `place`.
    var anchor: Place?
    /// The order right-to-left lines are drawn in; `b` switches it.
    public internal(set) var bidi: BidiMode
    /// Chapter titles by content document, for the status line.
    var chapterTitles: [String: String] = [:]

    public enum Mode: Sendable, Hashable {
        case reading
        case help
        /// Thumbnails of the spreads (Tab).
        case overview(Overview)
        /// The table of contents (t).
        case contents(ContentsPanel)
        /// A line being typed on the status line: `g`/`:` (a page number) or `/` (a search).
        case prompt(Prompt, String)
    }

    public enum Prompt: Sendable, Hashable {
        case page, search
    }

    /// Opens the book on `screen` at `place` (the spread holding it), or at the first page.
    public init(book: Book, complete: Bool, settings: ViewerSettings, screen: Viewport, at place: Place? = nil) {
        self.anchor = place
        self.bidi = settings.bidi
        self.book = book
        self.complete = complete
        self.settings = settings
        self.screen = screen
        self.pageSize = settings.pageSize ?? settings.layout.pageSize
        self.navigator = Navigator(result: SpreadResult(pages: [], spreads: [], layout: SpreadLayout(
            orientation: .portrait, spine: .none, doubleSided: false, direction: .ltr, axis: .horizontal,
            firstPage: .auto, gap: 0)))
        repaginate(at: place)
    }

    /// The place the reader is at: the first character of the page they turned or jumped to. It is kept, not
    /// recomputed, while that page stays on screen, so setting the book again (a resize, the whole book arriving,
    /// `o`) never drifts: spreads may pair pages differently at another size, and the spread's first page is not
    /// always the page that was read. Nil for an empty book.
    public var place: Place? { anchor ?? spreadPlace }

    /// The first character of the current spread's first page in reading order.
    var spreadPlace: Place? {
        guard let number = navigator.currentPage else { return nil }
        let page = navigator.result.pages[number - 1]
        return Place(href: page.source.href, offset: page.source.start)
    }

    /// Shows the spread holding `page`, anchored at that page (not the spread's first), so a resize keeps it.
    @discardableResult
    mutating func jump(to page: Int) -> Navigator.Landing {
        let landing = navigator.go(to: page)
        if let number = landing.page {
            let shown = navigator.result.pages[number - 1]
            anchor = Place(href: shown.source.href, offset: shown.source.start)
        }
        return landing
    }

    /// Shows the spread holding the anchor's page again after the spreads were regrouped (`o`, `d`): a leaf's
    /// back page or a spread's second page stays the page being read.
    mutating func showAnchor() {
        if let anchor { navigator.go(to: page(holding: anchor)) }
    }

    /// After a key: the anchor moves only when its page has left the screen.
    mutating func settleAnchor() {
        guard let current = navigator.current else { anchor = nil; return }
        if let anchor, current.contains(page: page(holding: anchor)) { return }
        anchor = spreadPlace
    }

    /// The terminal changed size (SIGWINCH: a window resized, a tablet rotated): the pages are set again for the
    /// new size and the spread holding the same text is shown.
    public mutating func resize(to screen: Viewport) {
        guard screen != self.screen else { return }
        let place = self.place
        self.screen = screen
        orientationOverride = nil
        repaginate(at: place)
    }

    /// The whole book has been read in the background: its pages replace the first document's, at the same place.
    /// `laidOut` is the whole book already set in pages on the reading thread (`Pages.lay`), used when the screen
    /// has not changed since; with `failure`, the rest could not be read: the first document is all there is, and
    /// the status line says why.
    public mutating func finishLoading(_ whole: Book, laidOut: Pages? = nil, failure: String? = nil) {
        let place = self.place
        book = whole
        complete = true
        if let laidOut, laidOut.request == pagesRequest {
            show(laidOut, at: place)
        } else {
            repaginate(at: place)
        }
        if let failure { message = "The rest of the book could not be read: \(failure)" }
    }

    /// What the pages depend on besides the book: the settings, the screen and the overrides of `o` and `d`.
    public var pagesRequest: Pages.Request {
        Pages.Request(settings: settings, screen: screen, orientation: orientationOverride, doubleSided: doubleSidedOverride)
    }

    /// Sets the book in pages for the current screen and options, then shows the page holding `place`.
    mutating func repaginate(at place: Place?) {
        show(Pages.lay(book, complete: complete, for: pagesRequest), at: place)
    }

    mutating func show(_ pages: Pages, at place: Place?) {
        pageSize = pages.pageSize
        problem = pages.problem
        navigator = Navigator(result: pages.result)
        chapterTitles = Dictionary(book.document.chapters.compactMap { c in c.title.map { (c.href, $0) } },
                                   uniquingKeysWith: { first, _ in first })
        if let place { navigator.go(to: page(holding: place)) }
    }

    /// The page that holds `place`: the last page of its document that starts at or before it; the document's
    /// first page when the offset is before them all; page 1 when the book has no such document.
    func page(holding place: Place) -> Int {
        let pages = navigator.result.pages
        var found: Int?
        for (i, page) in pages.enumerated() where page.source.href == place.href && page.kind == .content {
            if found == nil || page.source.start <= place.offset { found = i + 1 }
            if page.source.start > place.offset { break }
        }
        return found ?? 1
    }

    /// Pages are numbered only once the whole book is read.
    public var pageCount: Int? { complete ? navigator.pageCount : nil }
}
