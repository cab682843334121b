import BookModel
import Layout

/// Resolves every `auto` and `nil` of the options against the book and the viewport.
func resolveLayout(pages: [Page], hints: BookHints, options: SpreadOptions,
                   decorations: Decorations) -> SpreadLayout {
    let direction: Direction
    switch options.direction {
    case .ltr: direction = .ltr
    case .rtl: direction = .rtl
    case .auto: direction = hints.progression(firstPage: pages.first)
    }

    var orientation: Orientation
    if options.orientation != .auto {
        orientation = options.orientation
    } else if let spine = options.spine {
        // An explicit spine says how many pages are shown (`validate` refuses a contradicting orientation).
        orientation = spine == .mid ? .landscape : .portrait
    } else if options.doubleSided == false {
        // Single-sided pages cannot sit around a mid spine, so auto settles on one page.
        orientation = .portrait
    } else if let viewport = options.viewport {
        orientation = twoPagesFit(in: viewport, pages: pages, axis: options.axis, gap: options.gap,
                                  decorations: decorations) ? .landscape : .portrait
    } else {
        switch hints.orientation {
        case .landscape: orientation = .landscape
        case .portrait: orientation = .portrait
        case .auto:
            orientation = twoPagesFit(in: .standard, pages: pages, axis: options.axis, gap: options.gap,
                                      decorations: decorations) ? .landscape : .portrait
        }
    }

    let twoPages: Bool
    switch hints.spread {
    case .none: twoPages = false
    case .both: twoPages = true
    case .landscape, .auto: twoPages = orientation == .landscape
    }
    let impliedSpine: SpineLocation = twoPages && options.doubleSided != false
        ? .mid : (direction == .rtl ? .max : .min)
    let spine = options.spine ?? impliedSpine
    // The layout describes what is drawn: a book whose `rendition:spread` keeps one page (or always pairs two)
    // overrides the orientation, and the JSON page map must say so.
    orientation = spine == .mid ? .landscape : .portrait

    // Out-of-range requests (rejected by `validate()`) are bent to the nearest meaningful value.
    let doubleSided: Bool
    switch spine {
    case .mid: doubleSided = true
    case .none: doubleSided = false
    case .min, .max: doubleSided = options.doubleSided ?? false
    }

    let firstPage: FirstPage
    switch options.firstPage {
    case .solo, .paired: firstPage = options.firstPage
    case .auto:
        let firstHasPageSpread = hints.firstItemHasPageSpread
            ?? pages.first.map { $0.startsChapter && $0.pageSpread != nil } ?? false
        firstPage = hints.layout == .prePaginated || firstHasPageSpread ? .solo : .paired
    }

    return SpreadLayout(orientation: orientation, spine: spine, doubleSided: doubleSided, direction: direction,
                        axis: options.axis, firstPage: firstPage, gap: max(0, options.gap))
}

/// Whether two decorated pages and the gap fit the viewport along the axis (the other way, one page must fit).
func twoPagesFit(in viewport: Viewport, pages: [Page], axis: Axis, gap: Int, decorations: Decorations) -> Bool {
    let size = pages.first?.size ?? .standard
    let width = decorations.width(of: size)
    let height = decorations.height(of: size)
    let gap = max(0, gap)
    switch axis {
    case .horizontal: return 2 * width + gap <= viewport.columns && height <= viewport.lines
    case .vertical: return width <= viewport.columns && 2 * height + gap <= viewport.lines
    }
}
