import Layout
import Spreads

/// How big the reader draws a cell (issue 22): pages keep their `columns × lines` cells and line breaks, and the
/// font size of the reading view follows the window, so a spread fills it with margins and never overflows, down to
/// a readable minimum (below it the view scrolls). Everything is computed here once, in em, and written into the
/// stylesheet as `clamp()` over viewport units: no script measures anything, so the pages are right before any
/// script runs, and a resize or a rotation re-sizes them at once.
struct HTMLSizing: Equatable {
    var size: PageSize
    var axis: Axis
    /// Cells between the pages of a spread (`--gap`).
    var gap: Int
    /// Whether some page is vertical-rl (its columns are two cells wide), and whether some page is horizontal.
    var verticalPages: Bool
    var horizontalPages = true
    /// Whether the pages reserve room for ruby drawn as ruby (`HTMLSite.Options.rubyAsRuby` and a book with ruby).
    var rubySpace: Bool

    /// One cell's width in em, rounded up: DejaVu Sans Mono advances 0.602 em; the CJK fallbacks are narrower.
    static let cellEm = 0.62
    /// One line of cells, in em.
    static let lineEm = 1.25
    /// Room above a horizontal line for its ruby, in em (the annotation is half size).
    static let rubyLineEm = 0.6
    /// Room beside a vertical column for its ruby, in cells.
    static let rubyColumnCells = 1
    /// Inner margins of a page: cells at the outer edge and at the spine (a gutter), lines at the head and foot.
    static let outerCells = 2
    static let spineCells = 3
    static let marginLines = 1
    /// The smallest font the view shrinks to before it scrolls, and the largest it grows to, in px.
    static let minimumFont = 10
    static let maximumFont = 40
    /// Pixels of the window the view does not get: the bar and progress line above, the margins around.
    static let chromeWidth = 24
    static let chromeHeight = 96
    /// Two pages are shown when each gets at least `readableFont` px, and the window's shape gives them at least
    /// `twoPageShare` of the size one page would get (so an upright tablet shows one page, not two small ones).
    static let readableFont = 14
    static let twoPageShare = 0.55

    /// Height of a horizontal line box in em (with its ruby room).
    var lineBox: Double { Self.lineEm + (rubySpace ? Self.rubyLineEm : 0) }
    /// Width of a vertical column box in cells (with its ruby room).
    var columnCells: Int { 2 + (rubySpace ? Self.rubyColumnCells : 0) }

    /// The cell area of a page in em: the widest and tallest of the forms the book's pages take.
    var cellArea: (width: Double, height: Double) {
        var width = 0.0, height = 0.0
        if horizontalPages || !verticalPages {
            width = Double(size.columns) * Self.cellEm
            height = Double(size.lines) * lineBox
        }
        if verticalPages {
            width = max(width, Double((size.columns + 1) / 2 * columnCells) * Self.cellEm)
            height = max(height, Double(size.lines) * Self.lineEm)
        }
        return (width, height)
    }

    /// A page with its margins and its folio line, in em.
    var pageBox: (width: Double, height: Double) {
        let area = cellArea
        return (area.width + Double(Self.outerCells + Self.spineCells) * Self.cellEm,
                area.height + Double(2 * Self.marginLines + 1) * Self.lineEm)
    }

    /// `pages` pages along the axis, with the gap, in em.
    func spreadBox(pages: Int) -> (width: Double, height: Double) {
        let page = pageBox
        let n = Double(pages)
        if axis == .vertical {
            return (page.width, n * page.height + Double(pages - 1) * Double(gap) * Self.lineEm)
        }
        return (n * page.width + Double(pages - 1) * Double(gap) * Self.cellEm, page.height)
    }

    /// The CSS font size that fits `pages` pages in the window.
    func fontSize(pages: Int) -> String {
        let box = spreadBox(pages: pages)
        return "clamp(\(Self.minimumFont)px,min(calc((100vw - \(Self.chromeWidth)px) / \(Self.number(box.width))),"
            + "calc((100vh - \(Self.chromeHeight)px) / \(Self.number(box.height)))),\(Self.maximumFont)px)"
    }

    /// The media query under which two pages are shown (`--orientation auto`): the window is big enough for two
    /// pages at `readableFont`, and with f2 = min(W/w2, H/h2) and f1 = min(W/w1, H/h1) for two pages and one,
    /// f2 ≥ s·f1 — which for pages side by side holds exactly when W/H ≥ s·w2/h (stacked on the vertical axis, when
    /// H/W ≥ s·h2/w). The chrome is left out of the ratio, which media queries cannot subtract.
    var twoPageQuery: String {
        let one = spreadBox(pages: 1), two = spreadBox(pages: 2)
        let font = Double(Self.readableFont)
        let minimumWidth = Int((two.width * font).rounded(.up)) + Self.chromeWidth
        let minimumHeight = Int((two.height * font).rounded(.up)) + Self.chromeHeight
        let size = "(min-width: \(minimumWidth)px) and (min-height: \(minimumHeight)px)"
        if axis == .vertical {
            let ratio = Int((one.width / (Self.twoPageShare * two.height) * 1000).rounded())
            return "(max-aspect-ratio: \(ratio)/1000) and " + size
        }
        let ratio = Int((Self.twoPageShare * two.width / one.height * 1000).rounded())
        return "(min-aspect-ratio: \(ratio)/1000) and " + size
    }

    /// A decimal with at most four places and no trailing zeros: the same text on every machine.
    static func number(_ value: Double) -> String {
        let scaled = Int((value * 10000).rounded())
        let whole = scaled / 10000
        var fraction = String(scaled % 10000)
        if fraction == "0" { return String(whole) }
        fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole).\(fraction)"
    }
}
