import BookModel
import Layout

/// Groups pages into spreads: resolves every `auto`, inserts blank pages so chapters start on the side they
/// ask for, renumbers the pages 1…n, and returns spreads with slots in visual order.
public func makeSpreads(pages: [Page], hints: BookHints = BookHints(), options: SpreadOptions = SpreadOptions(),
                        decorations: Decorations = .text) -> SpreadResult {
    let input = SpreadInput(pages: pages, hints: hints, options: options, decorations: decorations)
    let layout = resolveLayout(pages: pages, hints: hints, options: options, decorations: decorations)
    var builder = ReadingOrderBuilder(layout: layout)
    switch Arrangement(layout) {
    case .pairs: builder.buildPairs(pages)
    case .leaves: builder.buildLeaves(pages)
    case .singles: builder.buildSingles(pages)
    }
    let spreads = builder.spreads.enumerated().map { index, spread in
        Spread(number: index + 1, slots: visualSlots(spread, layout: layout))
    }
    return SpreadResult(pages: builder.pages(from: pages), spreads: spreads, layout: layout,
                        origins: builder.origins, input: input)
}

/// The three ways pages are grouped, decided by the spine and the sides.
enum Arrangement {
    /// `mid` spine: two pages around the spine.
    case pairs
    /// `min`/`max` spine, double-sided: one leaf per spread, its back hidden.
    case leaves
    /// `min`/`max` single-sided, or `none`: one page per spread.
    case singles

    init(_ layout: SpreadLayout) {
        switch layout.spine {
        case .mid: self = .pairs
        case .min, .max: self = layout.doubleSided ? .leaves : .singles
        case .none: self = .singles
        }
    }
}

/// A spread in reading order, before sides exist: the only place sides are assigned is `visualSlots`.
enum ReadingSpread: Equatable {
    /// One page alone (portrait, scroll, a leaf, or `page-spread-center`).
    case single(page: Int, back: Int?)
    /// A solo first page: alone, but on the recto side of the spine.
    case opening(page: Int)
    /// Two pages around the spine; a nil `second` is the placeholder of an unfinished spread.
    case pair(first: Int, second: Int?)
}

/// Right-to-left is the same reading-order spread with its slots reversed: the one place direction turns into
/// sides (besides which side a `page-spread-left/right` request names).
func visualSlots(_ spread: ReadingSpread, layout: SpreadLayout) -> [Slot] {
    let (minSide, maxSide): (Side, Side) = layout.axis == .horizontal ? (.left, .right) : (.top, .bottom)
    // The side of the page that comes first in reading order, and of the one after it.
    let (firstSide, secondSide) = layout.direction == .ltr ? (minSide, maxSide) : (maxSide, minSide)
    let readingOrder: [Slot]
    switch spread {
    case let .single(page, back):
        return [Slot(side: .single, page: page, back: back)]
    case let .opening(page):
        // A solo first page is a recto: the second page of a pair in reading order.
        readingOrder = [Slot(side: secondSide, page: page)]
    case let .pair(first, second):
        readingOrder = [Slot(side: firstSide, page: first), Slot(side: secondSide, page: second)]
    }
    return layout.direction == .ltr ? readingOrder : readingOrder.reversed()
}

/// Folds pages into reading-order spreads, inserting and renumbering pages as it goes.
struct ReadingOrderBuilder {
    let layout: SpreadLayout
    /// The input page each emitted page is, or comes before (a blank page inserted before it).
    private(set) var origins: [Int] = []
    /// Whether each emitted page is a blank page inserted before its origin.
    private var inserted: [Bool] = []
    private var insertedAny = false
    private(set) var spreads: [ReadingSpread] = []

    init(layout: SpreadLayout) {
        self.layout = layout
    }

    /// Emits the input page `origin` (or a blank page before it) under the next number, and returns that number.
    /// Pages are only recorded by number here; `pages(from:)` makes them once the spreads are known.
    private mutating func emit(origin: Int, blank: Bool = false) -> Int {
        origins.append(origin)
        inserted.append(blank)
        insertedAny = insertedAny || blank
        return origins.count
    }

    /// The emitted pages, numbered 1…n. When the builder emitted every input page, in order, under the number it
    /// already had, they are the input's own array: no page is copied (a landscape and a portrait result of War
    /// and Peace held 1.3 MB each; issue 19), and none was copied on the way either.
    func pages(from input: [Page]) -> [Page] {
        if !insertedAny && origins.count == input.count && origins.elementsEqual(input.indices)
            && input.indices.allSatisfy({ input[$0].number == $0 + 1 }) {
            return input
        }
        var pages: [Page] = []
        pages.reserveCapacity(origins.count)
        for (k, origin) in origins.enumerated() {
            var page = inserted[k] ? Page.blank(number: 0, before: input[origin]) : input[origin]
            page.number = k + 1
            pages.append(page)
        }
        return pages
    }

    /// The side a page asks for: a chapter's first page its `page-spread-*` (honoured only there, it is copied
    /// nowhere else), which wins; else the side of a forced break of the book's CSS (`Page.breakSide`). This is
    /// the one place where a requested side meets the page sequence, so both insert blank pages the same way.
    private func request(_ page: Page) -> PageSpread? {
        if page.startsChapter, let spread = page.pageSpread { return spread }
        guard let side = page.breakSide else { return nil }
        return physicalSide(side)
    }

    /// `left`/`right` are physical; `recto` is the side a book opens on, after the spine in reading order (right
    /// in ltr, left in rtl), `verso` the other (CSS Paged Media 3 §3.2; DESIGN.md §1). On the vertical axis left
    /// stands for top and right for bottom, as for `page-spread-*`.
    private func physicalSide(_ side: PageBreak) -> PageSpread? {
        switch side {
        case .page: nil
        case .left: .left
        case .right: .right
        case .recto: layout.direction == .ltr ? .right : .left
        case .verso: layout.direction == .ltr ? .left : .right
        }
    }

    /// Whether `page-spread-left/right` names the side that comes first in reading order (left in ltr,
    /// right in rtl; on the vertical axis left stands for top and right for bottom).
    private func asksForFirstSide(_ side: PageSpread) -> Bool {
        (side == .left) == (layout.direction == .ltr)
    }

    mutating func buildSingles(_ input: [Page]) {
        for index in input.indices {
            spreads.append(.single(page: emit(origin: index), back: nil))
        }
    }

    /// Two-page spreads: paired (1,2),(3,4)… or solo (1),(2,3)…; a centred page stands alone and pairing
    /// restarts after it.
    mutating func buildPairs(_ input: [Page]) {
        var opening = layout.firstPage == .solo
        var waiting: Int?  // a page in the first slot, waiting for its partner
        func place(_ number: Int) {
            if opening {
                spreads.append(.opening(page: number))
                opening = false
            } else if let first = waiting {
                spreads.append(.pair(first: first, second: number))
                waiting = nil
            } else {
                waiting = number
            }
        }
        for index in input.indices {
            switch request(input[index]) {
            case .center?:
                if let first = waiting { spreads.append(.pair(first: first, second: nil)) }
                waiting = nil
                opening = false
                spreads.append(.single(page: emit(origin: index), back: nil))
                continue
            case let side?:
                let nextIsFirst = !opening && waiting == nil
                if asksForFirstSide(side) != nextIsFirst {
                    place(emit(origin: index, blank: true))
                }
            case nil:
                break
            }
            place(emit(origin: index))
        }
        if let first = waiting { spreads.append(.pair(first: first, second: nil)) }
    }

    /// Double-sided leaves around a `min`/`max` spine: the front (recto) is shown, the back is recorded.
    mutating func buildLeaves(_ input: [Page]) {
        var front: Int?  // the front of a leaf whose back is not placed yet
        func place(_ number: Int) {
            if let shown = front {
                spreads.append(.single(page: shown, back: number))
                front = nil
            } else {
                front = number
            }
        }
        for index in input.indices {
            switch request(input[index]) {
            case .center?:
                if let shown = front { spreads.append(.single(page: shown, back: nil)) }
                front = nil
                spreads.append(.single(page: emit(origin: index), back: nil))
                continue
            case let side?:
                // The recto sits on the side that comes second in reading order (right in ltr).
                let wantsFront = !asksForFirstSide(side)
                if wantsFront != (front == nil) {
                    place(emit(origin: index, blank: true))
                }
            case nil:
                break
            }
            place(emit(origin: index))
        }
        if let shown = front { spreads.append(.single(page: shown, back: nil)) }
    }
}
