/// Typed values of the properties Quire honours. They are nested in `ComputedStyle` so that names such as
/// `WritingMode` or `Direction` never clash with BookModel's own types in a file that imports both modules.
extension ComputedStyle {
    /// `writing-mode` (CSS Writing Modes 3 §3.1) and its `-epub-`/`-webkit-` aliases. The SVG 1.1 values are read
    /// as browsers read them: `lr`, `lr-tb`, `rl`, `rl-tb` are horizontal-tb; `tb`, `tb-rl` vertical-rl; `tb-lr`
    /// vertical-lr. `sideways-rl`/`sideways-lr` (Level 4) are kept apart so the lead can decide.
    public enum WritingMode: String, Sendable, Equatable {
        case horizontalTB = "horizontal-tb", verticalRL = "vertical-rl", verticalLR = "vertical-lr"
        case sidewaysRL = "sideways-rl", sidewaysLR = "sideways-lr"
        public var isVertical: Bool { self != .horizontalTB }
    }

    public enum Direction: String, Sendable, Equatable { case ltr, rtl }

    /// `display` (CSS Display 3), reduced to the roles cell layout distinguishes. `flex`, `grid`, `flow-root` and
    /// `run-in` are block-level boxes here; `inline-flex`, `inline-grid` are `inlineBlock`.
    public enum Display: String, Sendable, Equatable {
        case none, block, inline, inlineBlock = "inline-block", listItem = "list-item", contents
        case table, inlineTable = "inline-table", tableRowGroup = "table-row-group"
        case tableHeaderGroup = "table-header-group", tableFooterGroup = "table-footer-group", tableRow = "table-row"
        case tableCell = "table-cell", tableColumnGroup = "table-column-group", tableColumn = "table-column"
        case tableCaption = "table-caption", ruby, rubyText = "ruby-text"
    }

    /// `visibility`; `collapse` is read as `hidden` (it is only different for table rows and columns).
    public enum Visibility: String, Sendable, Equatable { case visible, hidden }

    public enum WhiteSpace: String, Sendable, Equatable {
        case normal, pre, nowrap, preWrap = "pre-wrap", preLine = "pre-line", breakSpaces = "break-spaces"
    }

    /// `text-align` as written: logical (`start`, `end`) or physical (`left`, `right`). How to read it is on
    /// `ComputedStyle.logicalTextAlign`. `match-parent` is resolved against the parent when computed.
    public enum TextAlign: String, Sendable, Equatable { case start, end, left, right, center, justify }

    /// The logical alignment Layout uses: where the line's text sits along the inline axis.
    public enum LogicalAlign: Sendable, Equatable { case start, end, center, justify }

    /// CSS lengths keep their number and unit: the lead maps `em` to cells (1em = one full-width cell for CJK text,
    /// one cell otherwise); other units are kept so that nothing is guessed here.
    public struct Length: Sendable, Equatable {
        public var value: Double
        public var unit: Unit
        public init(_ value: Double, _ unit: Unit) { self.value = value; self.unit = unit }
        public static let zero = Length(0, .px)

        public enum Unit: String, Sendable, Equatable {
            case em, rem, ex, ch, px, pt, pc, cm, mm, `in`, q, vw, vh, vmin, vmax, percent = "%"
        }
    }

    /// A margin: a length or `auto` (as in `margin: 0 auto`, which centres a block).
    public enum Margin: Sendable, Equatable {
        case length(Length), auto
        public static let zero = Margin.length(.zero)
        public var length: Length? { if case .length(let l) = self { return l }; return nil }
    }

    /// `break-before`/`break-after` (CSS Fragmentation 3 §3.1) and `page-break-*`, which map as §3.4 says:
    /// `always` is `page`. Column breaks are read as `auto` (Quire has no columns).
    public enum Break: String, Sendable, Equatable {
        case auto, avoid, avoidPage = "avoid-page", page, left, right, recto, verso
        /// True when the value forces a page break.
        public var isForced: Bool { [.page, .left, .right, .recto, .verso].contains(self) }
    }

    /// `break-inside` and `page-break-inside`.
    public enum BreakInside: String, Sendable, Equatable { case auto, avoid }

    /// `text-combine-upright` (tate-chu-yoko); `-epub-text-combine: horizontal` and `-webkit-text-combine:
    /// horizontal` are `all`. `digits` holds N (2 when the value is just `digits`).
    public enum TextCombine: Sendable, Equatable { case none, all, digits(Int) }

    /// `text-orientation`; `sideways-right` (the old name) is `sideways`, `upright` is also `-epub-text-orientation:
    /// upright`.
    public enum TextOrientation: String, Sendable, Equatable { case mixed, upright, sideways }

    /// `text-transform` (CSS Text 3 §2.1): one case transform and the `full-width` / `full-size-kana` flags.
    /// `-epub-fullwidth` (EPUB 3.0's value) is `full-width`.
    public struct TextTransform: Sendable, Equatable {
        public enum Case: String, Sendable, Equatable { case none, uppercase, lowercase, capitalize }
        public var `case`: Case = .none
        public var fullWidth = false
        public var fullSizeKana = false
        public init(case: Case = .none, fullWidth: Bool = false, fullSizeKana: Bool = false) {
            self.case = `case`; self.fullWidth = fullWidth; self.fullSizeKana = fullSizeKana
        }
        public static let none = TextTransform()
    }

    /// `list-style-type`. Names Quire does not know are `decimal`, as CSS Counter Styles 3 §3 says for an
    /// undefined counter style; a string marker is kept.
    public enum ListStyleType: Sendable, Equatable {
        case none, disc, circle, square, decimal, decimalLeadingZero, lowerRoman, upperRoman, lowerAlpha, upperAlpha
        case lowerGreek, cjkIdeographic, cjkDecimal, hiragana, katakana, hiraganaIroha, katakanaIroha
        case string(String)
    }

    /// `vertical-align`; lengths, percentages and the other keywords are `other` (they move nothing in a cell grid).
    public enum VerticalAlign: String, Sendable, Equatable { case baseline, sub, `super`, other }

    /// `text-emphasis-style` (CSS Text Decoration 3 §3.1) and its `-epub-`/`-webkit-` forms, also from the
    /// `text-emphasis` shorthand. A lone `filled`/`open` means a dot in horizontal text and a sesame in vertical.
    public enum TextEmphasis: Sendable, Equatable {
        case none
        case mark(Shape?, filled: Bool)
        case string(String)
        public enum Shape: String, Sendable, Equatable { case dot, circle, doubleCircle = "double-circle", triangle, sesame }
    }

    public enum FontStyle: String, Sendable, Equatable { case normal, italic, oblique }

    public enum Hyphens: String, Sendable, Equatable { case none, manual, auto }
}
