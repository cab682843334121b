/// A piece of linear math as text: `flat` is its one-line UnicodeMath form (UTN #28), always there; `lines` is
/// how it is drawn in display math, several lines when it holds a matrix or an equation array (a grid cannot be
/// one line and stay readable), and `baseline` the line the surrounding text continues on. Widths are counted in
/// cells (`cellWidth`): the symbols of mathematics take one cell each, combining accents none, East Asian wide
/// characters (the angle brackets 〈〉 books use for inner products) two.
/// Space that only lines a grid up is U+00A0 (`pad`): it is part of the drawing, so a paragraph must neither
/// collapse it nor drop it at the start of a line (a grid set in a table cell keeps its shape).
struct MathBox: Equatable {
    private(set) var lines: [String]
    private(set) var baseline: Int
    private let storedFlat: String
    /// A drawn equation array's one-line form, made only when something reads it (`DeferredFlat`).
    private let deferred: DeferredFlat?
    let width: Int

    /// The one-line form.
    var flat: String { deferred?.value ?? storedFlat }

    init(_ text: String) {
        lines = [text]
        baseline = 0
        storedFlat = text
        deferred = nil
        width = text.cellWidth
    }

    /// Lines drawn as given (each padded to the widest), with `flat` the one-line form of the same content.
    init(lines: [String], baseline: Int, flat: String) {
        self.init(lines: lines, baseline: baseline, storedFlat: flat, deferred: nil)
    }

    /// Lines drawn as given, with the one-line form of `other` (made or not).
    init(lines: [String], baseline: Int, flatOf other: MathBox) {
        self.init(lines: lines, baseline: baseline, storedFlat: other.storedFlat, deferred: other.deferred)
    }

    /// Lines drawn as given, their one-line form made by `deferred` when asked for.
    init(lines: [String], baseline: Int, deferred: DeferredFlat) {
        self.init(lines: lines, baseline: baseline, storedFlat: "", deferred: deferred)
    }

    private init(lines: [String], baseline: Int, storedFlat: String, deferred: DeferredFlat?) {
        let width = lines.map(\.cellWidth).max() ?? 0
        self.lines = lines.map { $0.padded(to: width) }
        self.baseline = min(max(0, baseline), max(0, lines.count - 1))
        self.storedFlat = storedFlat
        self.deferred = deferred
        self.width = width
    }

    static func == (a: MathBox, b: MathBox) -> Bool {
        a.lines == b.lines && a.baseline == b.baseline && a.width == b.width && a.flat == b.flat
    }

    /// What the one-line form's edges and emptiness are, read without making a deferred one: a deferred form is
    /// never blank (it holds an equation array's `█`, a character of its own that is not a space).
    var flatFirst: Character? { deferred?.first ?? flat.first }
    var flatLast: Character? { deferred?.last ?? flat.last }
    var flatFirstScalar: Unicode.Scalar? {
        if let deferred, let scalar = deferred.firstScalar { return scalar }
        return flat.unicodeScalars.first
    }
    var flatIsBlank: Bool { deferred == nil && storedFlat.trimmingSpaces.isEmpty }
    /// Whether the one-line form exists yet (a test hook: false for a deferred one nothing has read).
    var flatIsMade: Bool { deferred?.isMade ?? true }

    var isMultiline: Bool { lines.count > 1 }

    /// Boxes side by side, their baselines on one line (the way a row of a formula is set).
    static func row(_ parts: [MathBox]) -> MathBox {
        guard parts.contains(where: \.isMultiline) else { return MathBox(parts.reduce(into: "") { $0 += $1.flat }) }
        let above = parts.map(\.baseline).max() ?? 0
        let below = parts.map { $0.lines.count - 1 - $0.baseline }.max() ?? 0
        var lines = Array(repeating: "", count: above + below + 1)
        for part in parts {
            let top = above - part.baseline
            for r in lines.indices {
                let i = r - top
                lines[r] += part.lines.indices.contains(i) ? part.lines[i] : String(repeating: pad, count: part.width)
            }
        }
        guard parts.contains(where: { $0.deferred != nil }) else {
            return MathBox(lines: lines, baseline: above, flat: parts.reduce(into: "") { $0 += $1.flat })
        }
        // Its first scalar is its first non-empty part's (a deferred part is never empty); its first and last
        // characters are left unknown, as characters may join across parts.
        let firstScalar = parts.first { $0.deferred != nil || !$0.storedFlat.isEmpty }?.flatFirstScalar
        let deferred = DeferredFlat(first: nil, last: nil, firstScalar: firstScalar) {
            parts.reduce(into: "") { $0 += $1.flat }
        }
        return MathBox(lines: lines, baseline: above, deferred: deferred)
    }

    /// The box with `text` after its first line (a superscript on a matrix) or its last (a subscript).
    func attaching(_ text: String, top: Bool, flat: String) -> MathBox {
        var lines = self.lines
        lines[top ? 0 : lines.count - 1] += text
        return MathBox(lines: lines, baseline: baseline, flat: flat)
    }

    /// The drawn lines with the spaces that padded them to the box's width removed.
    var trimmedLines: [String] {
        lines.map { line in
            var s = Substring(line)
            while s.last == " " || s.last == pad { s.removeLast() }
            return String(s)
        }
    }
}

/// A one-line form made when first read, then kept. A drawn equation array's one-line form needs every cell
/// converted again, undrawn (MathTables.swift), and in display math nothing reads it unless the array sits in a
/// script, a fraction or a one-line row: making it only then saved a tenth of linear-algebra.epub's render (issue
/// 19). `first`, `last` and `firstScalar` are what is known of it without making it (nil: not known).
final class DeferredFlat {
    let first: Character?
    let last: Character?
    let firstScalar: Unicode.Scalar?
    private var made: String?
    private let make: () -> String

    init(first: Character?, last: Character?, firstScalar: Unicode.Scalar?, make: @escaping () -> String) {
        self.first = first
        self.last = last
        self.firstScalar = firstScalar
        self.make = make
    }

    /// Whether it has been made (a test hook).
    var isMade: Bool { made != nil }

    var value: String {
        if let made { return made }
        let value = make()
        made = value
        return value
    }
}

/// The space that lines up the cells and rows of a grid: U+00A0 NO-BREAK SPACE.
let pad: Character = "\u{00A0}"

extension String {
    /// Cells the string takes: one per grapheme cluster, two for East Asian wide and fullwidth characters (UAX #11
    /// W and F, the ranges mathematics meets). Counted scalar by scalar when every scalar is a character of its own
    /// (`ScalarText.simpleScalarCells`), which is nearly all mathematics: walking grapheme clusters cost about 300
    /// instructions a character, a third of a math-heavy book's work (issue 19).
    var cellWidth: Int {
        if let cells = utf8.withContiguousStorageIfAvailable({ ScalarText.simpleScalarCells($0) }), let cells { return cells }
        return characterCellWidth
    }

    /// `cellWidth` cluster by cluster: the definition, for any text.
    var characterCellWidth: Int {
        reduce(0) { total, character in total + ScalarText.cells(character.unicodeScalars.first!.value) }
    }

    /// The string followed by no-break spaces up to `width` characters (`align` places it: start, centre or end).
    func padded(to width: Int, align: MathAlign = .start) -> String {
        let spare = width - cellWidth
        guard spare > 0 else { return self }
        switch align {
        case .start: return self + String(repeating: pad, count: spare)
        case .end: return String(repeating: pad, count: spare) + self
        case .center:
            // An odd cell goes to the end side: numbers of a column line up on their last digits more often.
            let before = spare - spare / 2
            return String(repeating: pad, count: before) + self + String(repeating: pad, count: spare - before)
        }
    }
}

/// Where a cell's content sits in its column (`columnalign`, MathML 3 §3.5.1.2).
enum MathAlign: Equatable {
    case start, center, end

    init?(_ value: String) {
        switch value.lowercased() {
        case "left": self = .start
        case "right": self = .end
        case "center": self = .center
        default: return nil
        }
    }
}
