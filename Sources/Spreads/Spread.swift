import BookModel
import Layout

/// A slot's position in its spread, named as the renderer draws it (DESIGN.md §1, slot).
public enum Side: String, Sendable, Hashable, Codable, CaseIterable {
    case left
    case right
    case top
    case bottom
    case single
}

/// One position of a spread: a page, or a placeholder completing the last two-page spread.
public struct Slot: Sendable, Hashable, Codable {
    public var side: Side
    /// Page number; nil for a placeholder.
    public var page: Int?
    /// Double-sided `min`/`max` spine: the page hidden on the back of this leaf.
    public var back: Int?

    public init(side: Side, page: Int?, back: Int? = nil) {
        self.side = side
        self.page = page
        self.back = back
    }

    /// A placeholder is an empty slot, not a page: it has no number.
    public var placeholder: Bool { page == nil }
}

/// What is visible at once: slots in visual order (left to right, or top to bottom).
public struct Spread: Sendable, Hashable, Codable {
    /// 1-based position in the spread sequence.
    public var number: Int
    public var slots: [Slot]

    public init(number: Int, slots: [Slot]) {
        self.number = number
        self.slots = slots
    }

    /// Visible pages in reading order: page numbers grow in reading order whatever the visual order.
    public var pages: [Int] {
        // Collected into room for every slot and put in order by hand for the usual one or two: `compactMap` grew
        // its array twice and `sorted` made another, about 1,000 instructions a call, and the HTML viewer asks
        // three times a spread (issue 19).
        var pages: [Int] = []
        pages.reserveCapacity(slots.count)
        for slot in slots { if let page = slot.page { pages.append(page) } }
        if pages.count == 2 {
            if pages[1] < pages[0] { pages.swapAt(0, 1) }
        } else if pages.count > 2 {
            pages.sort()
        }
        return pages
    }

    /// The page a reader starts this spread with (and the one rotation keeps).
    public var firstPage: Int? { pages.first }

    /// True when `page` is shown, or hidden on the back of a shown leaf.
    public func contains(page: Int) -> Bool {
        slots.contains { $0.page == page || $0.back == page }
    }
}

/// The values in effect after every `auto` was resolved (the JSON `layout` object).
public struct SpreadLayout: Sendable, Hashable, Codable {
    /// Never `auto`.
    public var orientation: Orientation
    public var spine: SpineLocation
    public var doubleSided: Bool
    public var direction: Direction
    public var axis: Axis
    /// Never `auto`.
    public var firstPage: FirstPage
    public var gap: Int

    public init(orientation: Orientation, spine: SpineLocation, doubleSided: Bool, direction: Direction,
                axis: Axis, firstPage: FirstPage, gap: Int) {
        self.orientation = orientation
        self.spine = spine
        self.doubleSided = doubleSided
        self.direction = direction
        self.axis = axis
        self.firstPage = firstPage
        self.gap = gap
    }
}

/// The spreads stage's output: pages renumbered 1…n with blank pages inserted, their spreads, the layout.
public struct SpreadResult: Sendable, Hashable {
    public var pages: [Page]
    public var spreads: [Spread]
    public var layout: SpreadLayout
    /// For each output page, the index of the input page it is (or, for a blank page, stands before).
    var origins: [Int]
    /// What it was built from, so a navigator can rebuild it in another orientation.
    var input: SpreadInput
    /// `spreadOfPage[p - 1]` is the index in `spreads` of the spread holding page p: lookups stay O(1).
    var spreadOfPage: [Int]

    init(pages: [Page], spreads: [Spread], layout: SpreadLayout, origins: [Int], input: SpreadInput) {
        self.pages = pages
        self.spreads = spreads
        self.layout = layout
        self.origins = origins
        self.input = input
        var index = [Int](repeating: 0, count: pages.count)
        for (position, spread) in spreads.enumerated() {
            for slot in spread.slots {
                for page in [slot.page, slot.back].compactMap({ $0 }) where page >= 1 && page <= pages.count {
                    index[page - 1] = position
                }
            }
        }
        spreadOfPage = index
    }

    /// A result assembled by hand (renderer tests): each page is its own origin, and a navigator rotating it
    /// rebuilds from these pages with default hints.
    public init(pages: [Page], spreads: [Spread], layout: SpreadLayout) {
        let options = SpreadOptions(spine: layout.spine, doubleSided: layout.doubleSided,
                                    direction: layout.direction == .ltr ? .ltr : .rtl, axis: layout.axis,
                                    firstPage: layout.firstPage, gap: layout.gap)
        self.init(pages: pages, spreads: spreads, layout: layout, origins: Array(pages.indices),
                  input: SpreadInput(pages: pages, hints: BookHints(), options: options, decorations: .text))
    }

    /// Index in `spreads` of the spread showing `page` (or holding it on the back of a leaf).
    public func spreadIndex(containing page: Int) -> Int? {
        guard page >= 1, page <= pages.count else { return nil }
        return spreadOfPage[page - 1]
    }

    /// The spread showing `page`, or nil for a number that is not a page.
    public func spread(containing page: Int) -> Spread? {
        spreadIndex(containing: page).map { spreads[$0] }
    }
}

/// The arguments of `makeSpreads`, kept for rebuilding.
struct SpreadInput: Sendable, Hashable {
    var pages: [Page]
    var hints: BookHints
    var options: SpreadOptions
    var decorations: Decorations
}
