import BookModel
import Layout

/// How many pages the reader sees at once; `auto` lets the viewport decide (DESIGN.md §1, orientation).
public enum Orientation: String, Sendable, Hashable, Codable, CaseIterable {
    case portrait
    case landscape
    case auto
}

/// Where the binding is; `mid` makes two-page spreads, `none` lets pages scroll (DESIGN.md §1, spine location).
public enum SpineLocation: String, Sendable, Hashable, Codable, CaseIterable {
    case min
    case mid
    case max
    case none
}

/// How the pages of a spread sit: side by side, or stacked like a wall calendar.
public enum Axis: String, Sendable, Hashable, Codable, CaseIterable {
    case horizontal
    case vertical
}

/// Whether page 1 opens a pair (1-2, 3-4) or stands alone on the recto side (1, 2-3, 4-5).
public enum FirstPage: String, Sendable, Hashable, Codable, CaseIterable {
    case solo
    case paired
    case auto
}

/// The `--direction` flag: an explicit page progression, or `auto` to take it from the book.
public enum ProgressionOption: String, Sendable, Hashable, Codable, CaseIterable {
    case ltr
    case rtl
    case auto
}

/// The screen area in character cells that `auto` orientation measures against.
public struct Viewport: Sendable, Hashable, Codable {
    public var columns: Int
    public var lines: Int

    public init(columns: Int, lines: Int) {
        self.columns = columns
        self.lines = lines
    }

    /// What the CLI uses when stdout is not a terminal.
    public static let standard = Viewport(columns: 80, lines: 24)
}

/// Cells a renderer draws around each page, so `auto` orientation measures what is really shown.
public struct Decorations: Sendable, Hashable, Codable {
    /// Columns of frame on each of the left and right edges of a page.
    public var frameWidth: Int
    /// Lines of frame on each of the top and bottom edges of a page.
    public var frameHeight: Int
    /// Lines under each page for its folio (page number).
    public var folioLines: Int

    public init(frameWidth: Int = 1, frameHeight: Int = 1, folioLines: Int = 1) {
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
        self.folioLines = folioLines
    }

    /// The text renderer's: a one-cell frame on every side and one folio line.
    public static let text = Decorations()
    /// Nothing around the page (for callers that measure pages bare).
    public static let none = Decorations(frameWidth: 0, frameHeight: 0, folioLines: 0)

    /// Width in cells of one decorated page.
    public func width(of size: PageSize) -> Int { size.columns + 2 * frameWidth }
    /// Height in lines of one decorated page.
    public func height(of size: PageSize) -> Int { size.lines + 2 * frameHeight + folioLines }
}

/// What the user asked for; every `nil`/`auto` is resolved from the book and the viewport by `makeSpreads`.
public struct SpreadOptions: Sendable, Hashable, Codable {
    public var orientation: Orientation
    /// Overrides the spine the orientation implies; nil keeps the implied one.
    public var spine: SpineLocation?
    /// `--double-sided` (true) / `--single-sided` (false); nil: double-sided exactly when the spine is `mid`.
    public var doubleSided: Bool?
    public var direction: ProgressionOption
    public var axis: Axis
    public var firstPage: FirstPage
    /// Cells between the pages of a spread.
    public var gap: Int
    /// Measured by `auto` orientation; nil: the book's `rendition:orientation`, else 80x24.
    public var viewport: Viewport?

    public init(orientation: Orientation = .auto, spine: SpineLocation? = nil, doubleSided: Bool? = nil,
                direction: ProgressionOption = .auto, axis: Axis = .horizontal, firstPage: FirstPage = .auto,
                gap: Int = 0, viewport: Viewport? = nil) {
        self.orientation = orientation
        self.spine = spine
        self.doubleSided = doubleSided
        self.direction = direction
        self.axis = axis
        self.firstPage = firstPage
        self.gap = gap
        self.viewport = viewport
    }

    /// The first invalid combination, as a usage error (exit 64 at the CLI); nil when the options make sense.
    /// This is the one home of the rules: an explicit spine and an explicit orientation must agree (`mid` is
    /// two pages, landscape; `min`, `max` and `none` one, portrait), `mid` needs double-sided leaves, `none`
    /// has no leaves. (That `none` cannot curl is the HTML viewer's rule: `Transition.validate(spine:)`.)
    public func validate() -> SpreadOptionsError? {
        if gap < 0 { return .negativeGap(gap) }
        if let viewport, viewport.columns < 1 || viewport.lines < 1 { return .emptyViewport(viewport) }
        if spine == SpineLocation.none && doubleSided == true { return .noSpineDoubleSided }
        if let spine, orientation != .auto, (spine == .mid) != (orientation == .landscape) {
            return .spineContradictsOrientation(spine, orientation)
        }
        if doubleSided == false {
            if spine == .mid { return .midSpineSingleSided }
            if spine == nil && orientation == .landscape { return .landscapeSingleSided }
        }
        return nil
    }
}

/// Invalid option combinations, as data; `message` is the one line the CLI prints.
public enum SpreadOptionsError: Error, Sendable, Hashable {
    case noSpineDoubleSided
    case midSpineSingleSided
    case landscapeSingleSided
    case spineContradictsOrientation(SpineLocation, Orientation)
    case negativeGap(Int)
    case emptyViewport(Viewport)

    public var message: String {
        switch self {
        case .noSpineDoubleSided:
            return "--spine none has no leaves to print on both sides; drop --double-sided"
        case .midSpineSingleSided:
            return "--spine mid needs double-sided pages; drop --single-sided"
        case .landscapeSingleSided:
            return "--orientation landscape puts two pages around a mid spine, which needs double-sided pages; "
                + "drop --single-sided or pass --spine min|max"
        case let .spineContradictsOrientation(spine, orientation):
            let shows = spine == .mid ? "two pages" : (spine == .none ? "pages one after another" : "one page")
            return "--spine \(spine.rawValue) shows \(shows); it cannot be --orientation \(orientation.rawValue)"
        case let .negativeGap(gap):
            return "--gap must be 0 or more, not \(gap)"
        case let .emptyViewport(viewport):
            return "--viewport must be at least 1x1, not \(viewport.columns)x\(viewport.lines)"
        }
    }
}
