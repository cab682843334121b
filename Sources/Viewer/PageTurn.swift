import Quire

/// The frames of a page turn (`--transition curl|scroll`, issue 18), as rows of text: pure, so the terminal
/// only draws them one after another (a few frames, under 150 ms). Every frame has `old.count` rows of exactly
/// `width` cells (`Cells.slice`: a wide character cut by an edge becomes spaces), and the last frame is the new
/// screen, so the animation always ends where the turn lands.
public enum PageTurn {
    /// The new screen slides in over the old one from the side the turn comes from: forward in an ltr book the
    /// next page enters from the right edge (as a right-hand page turns over), in an rtl book from the left;
    /// backward is the mirror (DESIGN.md §1: rtl is the same sequence, mirrored).
    public static func curl(from old: [String], to new: [String], width: Int, forward: Bool, direction: Direction,
                            frames: Int = 4) -> [[String]] {
        let (old, new) = padded(old, new)
        let fromRight = (direction == .ltr) == forward
        let steps = max(1, frames)
        return (1...steps).map { step in
            // Cells of the new screen shown: its leading edge has travelled `shown` cells in.
            let shown = step == steps ? width : width * step / steps
            return zip(old, new).map { old, new in
                fromRight
                    ? Cells.slice(old, from: 0, width: width - shown) + Cells.slice(new, from: 0, width: shown)
                    : Cells.slice(new, from: width - shown, width: shown)
                        + Cells.slice(old, from: shown, width: width - shown)
            }
        }
    }

    /// The text scrolls continuously from the old screen to the new one, as if they were one strip. Horizontal
    /// lines (and any text on the vertical axis, where pages are stacked) move up a line a frame going forward,
    /// down going back; vertical-rl columns on the horizontal axis move sideways as they are read, right to left:
    /// forward the old columns move right and the new ones enter from the left edge (`verticalColumnCells`, two
    /// cells, a column). A tall screen steps several lines a frame, so there are at most `maxFrames` frames.
    public static func scroll(from old: [String], to new: [String], width: Int, forward: Bool, axis: Axis,
                              vertical writing: Bool) -> [[String]] {
        let (old, new) = padded(old, new)
        let sideways = writing && axis == .horizontal
        let distance = sideways ? width : old.count
        let unit = sideways ? verticalColumnCells : 1
        // Whole lines (columns) a frame, enough of them that the frames stay few.
        let units = (distance + unit - 1) / unit
        let step = unit * max(1, (units + maxFrames - 1) / maxFrames)
        let shifts = Array(stride(from: step, to: distance, by: step)) + [distance]
        return shifts.map { shift in
            if sideways {
                return zip(old, new).map { old, new in
                    forward
                        ? Cells.slice(new, from: width - shift, width: shift)
                            + Cells.slice(old, from: 0, width: width - shift)
                        : Cells.slice(old, from: shift, width: width - shift) + Cells.slice(new, from: 0, width: shift)
                }
            }
            let strip = forward ? old + new : new + old
            let start = forward ? shift : old.count - shift
            return strip[start..<(start + old.count)].map { Cells.slice($0, from: 0, width: width) }
        }
    }

    /// The most frames `scroll` makes.
    public static let maxFrames = 8

    /// Both screens with `old.count` rows: a shorter new screen gains empty rows, a longer one is cut.
    private static func padded(_ old: [String], _ new: [String]) -> ([String], [String]) {
        let rows = old.count
        return (old, Array(new.prefix(rows)) + Array(repeating: "", count: max(0, rows - new.count)))
    }
}
