import Quire
import Renderers

/// How `quire view` was asked to show the book: the layout and spread options of `render`, plus what only an
/// interactive reader has.
public struct ViewerSettings: Sendable {
    public var layout: LayoutOptions
    /// `--page`: a fixed page size; nil: the page follows the terminal's size (`ScreenGeometry`).
    public var pageSize: PageSize?
    public var spreads: SpreadOptions
    public var animation: PageAnimation
    /// The order of right-to-left lines on the screen (`--bidi`); `b` switches it while reading.
    public var bidi: BidiMode

    public init(layout: LayoutOptions = LayoutOptions(), pageSize: PageSize? = nil,
                spreads: SpreadOptions = SpreadOptions(), animation: PageAnimation = .curl, bidi: BidiMode = .logical) {
        self.layout = layout
        self.pageSize = pageSize
        self.spreads = spreads
        self.animation = animation
        self.bidi = bidi
    }
}

/// How a page turn is drawn: a few frames of the new page sliding in from the spine's side, a line-by-line
/// scroll along the axis, or nothing (`--no-animation`, or a terminal that cannot redraw quickly: `TERM=dumb`).
public enum PageAnimation: String, Sendable, Hashable, CaseIterable {
    case curl
    case scroll
    case none
}

/// The page size a terminal of a given size holds, framed as the text output frames pages (`Decorations.text`),
/// one line kept for the status line. Two pages side by side (stacked on the vertical axis) when each still gets
/// a readable size, else one page filling the screen — the seeds' portrait and landscape, decided by the screen.
public enum ScreenGeometry {
    /// Narrowest page that is still worth reading two of side by side: about half a paperback line.
    public static let readableColumns = 30
    /// Fewest lines of a page stacked over another on the vertical axis.
    public static let readableLines = 8
    /// Smallest page shown at all; a smaller terminal gets a message instead.
    public static let smallest = PageSize(columns: 8, lines: 3)

    /// The page size and orientation for `screen` (the whole terminal): `orientation` pins one of the two.
    public static func page(for screen: Viewport, axis: Axis, gap: Int, orientation: Orientation) -> (PageSize, Orientation)? {
        let frame = Decorations.text
        let width = screen.columns, height = screen.lines - 1
        let singleColumns = width - 2 * frame.frameWidth
        let singleLines = height - 2 * frame.frameHeight - frame.folioLines
        let pair: PageSize
        if axis == .horizontal {
            pair = PageSize(columns: (width - gap) / 2 - 2 * frame.frameWidth, lines: singleLines)
        } else {
            pair = PageSize(columns: singleColumns, lines: (height - gap) / 2 - 2 * frame.frameHeight - frame.folioLines)
        }
        let pairFits = axis == .horizontal ? pair.columns >= readableColumns : pair.lines >= readableLines
        let landscape = orientation == .landscape || (orientation == .auto && pairFits)
        let size = landscape ? pair : PageSize(columns: singleColumns, lines: singleLines)
        guard size.columns >= smallest.columns, size.lines >= smallest.lines,
              singleColumns >= smallest.columns, singleLines >= smallest.lines else { return nil }
        return (size, landscape ? .landscape : .portrait)
    }
}
