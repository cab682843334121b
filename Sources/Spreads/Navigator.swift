import BookModel
import Layout

/// Moves through a book's spreads the way a page-turning container asks its data source (DESIGN.md §1).
/// The position is a spread; its current page is the spread's first page in reading order.
public struct Navigator: Sendable, Hashable {
    public private(set) var result: SpreadResult
    /// Index in `result.spreads` of the spread on screen; nil for a book without pages.
    public private(set) var spreadIndex: Int?

    /// Starts on the spread holding `page` (clamped into the book).
    public init(result: SpreadResult, page: Int = 1) {
        self.result = result
        self.spreadIndex = nil
        go(to: page)
    }

    /// Builds the spreads and starts on the spread holding `page`.
    public init(pages: [Page], hints: BookHints = BookHints(), options: SpreadOptions = SpreadOptions(),
                decorations: Decorations = .text, page: Int = 1) {
        self.init(result: makeSpreads(pages: pages, hints: hints, options: options, decorations: decorations),
                  page: page)
    }

    /// What a `go(to:)` landed on: the page (nil for an empty book) and whether the request was out of range.
    public struct Landing: Sendable, Hashable {
        public var page: Int?
        public var clamped: Bool

        public init(page: Int?, clamped: Bool) {
            self.page = page
            self.clamped = clamped
        }
    }

    public var pageCount: Int { result.pages.count }

    /// The spread on screen.
    public var current: Spread? { spreadIndex.map { result.spreads[$0] } }

    /// The page rotation keeps visible: the first page of the current spread in reading order.
    public var currentPage: Int? { current?.firstPage }

    /// The spread showing `page`, or holding it on the back of a leaf; nil for a number that is not a page.
    public func spread(containing page: Int) -> Spread? { result.spread(containing: page) }

    /// The spread after the current one; nil at the end.
    public var nextSpread: Spread? {
        guard let index = spreadIndex, index + 1 < result.spreads.count else { return nil }
        return result.spreads[index + 1]
    }

    /// The spread before the current one; nil at the start.
    public var previousSpread: Spread? {
        guard let index = spreadIndex, index > 0 else { return nil }
        return result.spreads[index - 1]
    }

    /// The page that follows `page` in the book; nil after the last page or for a number that is not a page.
    public func page(after page: Int) -> Int? {
        page >= 1 && page < pageCount ? page + 1 : nil
    }

    /// The page that precedes `page` in the book; nil before the first page or for a number that is not a page.
    public func page(before page: Int) -> Int? {
        page > 1 && page <= pageCount ? page - 1 : nil
    }

    /// Turns to the next spread; nil (and no move) at the end.
    @discardableResult
    public mutating func next() -> Spread? {
        guard let spread = nextSpread, let index = spreadIndex else { return nil }
        spreadIndex = index + 1
        return spread
    }

    /// Turns to the previous spread; nil (and no move) at the start.
    @discardableResult
    public mutating func previous() -> Spread? {
        guard let spread = previousSpread, let index = spreadIndex else { return nil }
        spreadIndex = index - 1
        return spread
    }

    /// Shows the spread holding `page`, clamped into 1…pageCount; `clamped` lets the CLI warn.
    @discardableResult
    public mutating func go(to page: Int) -> Landing {
        guard pageCount > 0 else {
            spreadIndex = nil
            return Landing(page: nil, clamped: true)
        }
        let target = min(max(page, 1), pageCount)
        spreadIndex = result.spreadIndex(containing: target)
        return Landing(page: target, clamped: target != page)
    }

    /// Rebuilds the spreads for `orientation` and shows the spread holding the current page. The spine
    /// follows the new orientation (a `--spine` override is dropped), and single-sided is dropped for landscape.
    public mutating func rotate(to orientation: Orientation) {
        var options = result.input.options
        options.orientation = orientation
        options.spine = nil
        if orientation != .portrait && options.doubleSided == false { options.doubleSided = nil }
        rearrange(options)
    }

    /// The options the spreads were built with (after `rotate` or `rearrange`).
    public var options: SpreadOptions { result.input.options }

    /// Rebuilds the same pages into spreads with other options (`quire view`'s `d` toggles double-sided this
    /// way) and shows the spread holding the current page.
    public mutating func rearrange(_ options: SpreadOptions) {
        let input = result.input
        let origin = currentPage.map { result.origins[$0 - 1] }
        let rebuilt = makeSpreads(pages: input.pages, hints: input.hints, options: options,
                                  decorations: input.decorations)
        result = rebuilt
        // A page is found again by the input page it came from; a blank page gives way to the page it preceded.
        if let origin, let index = rebuilt.origins.lastIndex(of: origin) {
            spreadIndex = rebuilt.spreadIndex(containing: index + 1)
        } else {
            spreadIndex = rebuilt.spreads.isEmpty ? nil : 0
        }
    }
}
