/// A piece of linear math as text: `flat` is its one-line UnicodeMath form (UTN #28), always there; `lines` is
/// how it is drawn in display math, several lines when it holds a matrix or an equation array (a grid cannot be
/// one line and stay readable), and `baseline` the line the surrounding text continues on. Widths are counted in
/// characters (grapheme clusters): the symbols of mathematics take one cell each, combining accents none.
struct MathBox: Equatable {
    private(set) var lines: [String]
    private(set) var baseline: Int
    let flat: String
    let width: Int

    init(_ text: String) {
        lines = [text]
        baseline = 0
        flat = text
        width = text.count
    }

    /// Lines drawn as given (each padded to the widest), with `flat` the one-line form of the same content.
    init(lines: [String], baseline: Int, flat: String) {
        let width = lines.map(\.count).max() ?? 0
        self.lines = lines.map { $0.padded(to: width) }
        self.baseline = min(max(0, baseline), max(0, lines.count - 1))
        self.flat = flat
        self.width = width
    }

    var isMultiline: Bool { lines.count > 1 }

    /// Boxes side by side, their baselines on one line (the way a row of a formula is set).
    static func row(_ parts: [MathBox]) -> MathBox {
        let flat = parts.reduce(into: "") { $0 += $1.flat }
        guard parts.contains(where: \.isMultiline) else { return MathBox(flat) }
        let above = parts.map(\.baseline).max() ?? 0
        let below = parts.map { $0.lines.count - 1 - $0.baseline }.max() ?? 0
        var lines = Array(repeating: "", count: above + below + 1)
        for part in parts {
            let top = above - part.baseline
            for r in lines.indices {
                let i = r - top
                lines[r] += part.lines.indices.contains(i) ? part.lines[i] : String(repeating: " ", count: part.width)
            }
        }
        return MathBox(lines: lines, baseline: above, flat: flat)
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
            while s.last == " " { s.removeLast() }
            return String(s)
        }
    }
}

extension String {
    /// The string followed by spaces up to `width` characters (`align` places it: start, centre or end).
    func padded(to width: Int, align: MathAlign = .start) -> String {
        let spare = width - count
        guard spare > 0 else { return self }
        switch align {
        case .start: return self + String(repeating: " ", count: spare)
        case .end: return String(repeating: " ", count: spare) + self
        case .center:
            // An odd cell goes to the end side: numbers of a column line up on their last digits more often.
            let before = spare - spare / 2
            return String(repeating: " ", count: before) + self + String(repeating: " ", count: spare - before)
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
