import BookModel

/// Between layout and page cutting: a chapter's flow lines are tidied (page-break labels of empty paragraphs
/// folded into a neighbour, redundant blank lines dropped) and marked with the keeps that page cutting honours:
/// widows and orphans (CSS Fragmentation 3 `widows`/`orphans`) and headings kept with what follows them
/// (`break-after: avoid`).

/// Folds label carriers into lines, drops redundant blank lines, and keeps headings with what follows.
func tidy(_ lines: consuming [FlowLine]) -> [FlowLine] {
    // Compacted in place: kept lines are swapped down to `kept`, never copied (no retains per line).
    var result = lines
    var kept = 0
    var pending: [String] = []
    // A forced break on a dropped label carrier (an empty paragraph) goes to the next line kept.
    var pendingBreak: PageBreak?
    for r in result.indices {
        if result[r].markerOnly {
            pending += result[r].labels
            pendingBreak = pendingBreak ?? result[r].pageBreak
            continue
        }
        if let side = pendingBreak, !result[r].collapsible {
            if result[r].pageBreak == nil { result[r].pageBreak = side }
            pendingBreak = nil
        }
        if result[r].collapsible {
            if kept == 0 || result[kept - 1].collapsible { continue }
            result.swapAt(r, kept)
            kept += 1
            continue
        }
        if !pending.isEmpty {
            result[r].labels = pending + result[r].labels
            pending = []
        }
        result.swapAt(r, kept)
        kept += 1
    }
    result.removeSubrange(kept..<result.count)
    while result.last?.collapsible == true { result.removeLast() }
    if !pending.isEmpty {
        if result.isEmpty {
            result.append(FlowLine(line: Line(text: "", width: 0, role: .blank), labels: pending))
        } else {
            result[result.count - 1].labels += pending
        }
    }
    keepHeadingsWithNext(&result)
    return result
}

/// A heading stays with the next two lines of text (blank lines between them ride along), and with a heading
/// that follows it directly.
func keepHeadingsWithNext(_ result: inout [FlowLine]) {
    for i in result.indices {
        guard case .heading = result[i].line.role else { continue }
        result[i].keep = true
        if i + 1 < result.count, case .heading = result[i + 1].line.role { continue }
        var seen = 0
        var j = i + 1
        while j < result.count {
            if result[j].line.role != .blank {
                seen += 1
                if seen == 2 { break }
            }
            result[j].keep = true
            j += 1
        }
    }
}

extension LayoutContext {
    /// Widows and orphans: the first `orphans` and last `widows` lines of a block stay on one page.
    func keepTogether(_ out: inout [FlowLine], from first: Int) {
        let count = out.count - first
        guard count > 1 else { return }
        for j in 0..<(count - 1) where j < options.orphans - 1 || j >= count - options.widows {
            out[first + j].keep = true
        }
    }
}
