import Quire

/// A book set in pages and spreads for one screen: the pure step the reader repeats on every resize, and that the
/// background thread does for the whole book so the reader's keys never wait for it.
public struct Pages: Sendable {
    public var request: Request
    public var pageSize: PageSize
    public var result: SpreadResult
    /// Why nothing can be shown (the terminal is too small, or the page is narrower than a line must be).
    public var problem: String?

    /// Everything the pages depend on besides the book.
    public struct Request: Sendable, Equatable {
        public var settings: ViewerSettings
        public var screen: Viewport
        /// `o` and `d`: an orientation or sidedness pinned in the reader.
        public var orientation: Orientation?
        public var doubleSided: Bool?

        /// The settings are the session's own and never change while it runs; of them only the page size is
        /// compared (the rest holds no `Equatable` choice that a running reader could alter).
        public static func == (a: Request, b: Request) -> Bool {
            a.screen == b.screen && a.orientation == b.orientation && a.doubleSided == b.doubleSided
                && a.settings.pageSize == b.settings.pageSize
        }
    }

    /// Lays `book` out for `request`. The page size is `--page`, else the largest that the screen holds
    /// (`ScreenGeometry`); `auto` orientation measures the screen less its status line. A book not yet read whole
    /// has no page numbers: its folios are 0, drawn as "?".
    public static func lay(_ book: Book, complete: Bool, for request: Request) -> Pages {
        let settings = request.settings, screen = request.screen
        var spreads = settings.spreads
        spreads.viewport = Viewport(columns: screen.columns, lines: max(1, screen.lines - 1))
        if let doubleSided = request.doubleSided { spreads.doubleSided = doubleSided }
        let pageSize: PageSize
        if let fixed = settings.pageSize {
            pageSize = fixed
            if let orientation = request.orientation { spreads.orientation = orientation }
        } else if let (size, orientation) = ScreenGeometry.page(for: screen, axis: spreads.axis, gap: spreads.gap,
                                                                 orientation: request.orientation ?? spreads.orientation) {
            pageSize = size
            spreads.orientation = orientation
        } else {
            return Pages(request: request, pageSize: settings.layout.pageSize, result: makeSpreads(pages: [], options: spreads),
                         problem: "The terminal is too small to show a page (\(screen.columns)×\(screen.lines)); make it larger.")
        }
        var layout = settings.layout
        layout.pageSize = pageSize
        let pagination = Quire.paginate(book, layout: layout, spreads: spreads)
        var result = pagination.spreads
        if !complete { for i in result.pages.indices { result.pages[i].number = 0 } }
        return Pages(request: request, pageSize: pageSize, result: result, problem: pagination.problem?.message)
    }
}
