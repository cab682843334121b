import BookModel

/// Lists: every item behind its marker, its lines hanging under the widest marker. The marker is the item's own
/// (task lists, `value`), else the book's `list-style-type` (`CounterStyles`), else a number or a bullet by depth.

extension LayoutContext {
    func layoutList(_ list: ListBlock, block: Block, env: BlockEnv, language: String?, out: inout [FlowLine]) {
        let markers = list.items.indices.map { marker(of: list, item: $0, depth: env.listDepth) }
        let indent = markers.map { width(of: $0) }.max() ?? 0
        var inner = env
        inner.language = language
        inner.direction = block.direction ?? env.direction
        inner.listDepth += 1
        // `list-style-type: none` takes no room for markers (CSS Lists 3 §3).
        let decorated = indent > 0 && env.width - indent >= 2
        if decorated { inner.width -= indent }
        let first = out.count
        let overflow = self.overflow { layoutItems(list.items, markers: markers, indent: decorated ? indent : 0, env: inner, out: &out) }
        if decorated && overflow > 0 && overflow <= env.width {
            // The markers squeeze a character that fits without them: the list goes without its markers.
            out.removeSubrange(first...)
            inner.width = env.width
            layoutItems(list.items, markers: markers, indent: 0, env: inner, out: &out)
        }
    }

    /// Item `index`'s marker as shown, separator included: the style's suffix ("1. ", "• ", "一、"), or one space
    /// after an item's own marker and Quire's defaults (so those lists look as they always did).
    private func marker(of list: ListBlock, item index: Int, depth: Int) -> String {
        if let own = list.items[index].marker { return own + " " }
        // Saturating: `<ol start>` may be any Int, and a marker must never trap.
        let (sum, overflow) = list.start.addingReportingOverflow(index)
        let number = overflow ? Int.max : sum
        if let style = list.style { return CounterStyles.marker(number, style: style) }
        let bullets = ["•", "◦", "▪"]
        return (list.ordered ? "\(number)." : bullets[depth % bullets.count]) + " "
    }

    /// The items of a list, each behind its marker padded to `indent` cells (none when `indent` is 0).
    private func layoutItems(_ items: [ListItem], markers: [String], indent: Int, env inner: BlockEnv, out: inout [FlowLine]) {
        for (index, item) in items.enumerated() {
            let first = out.count
            layoutBlocks(item.blocks, env: inner, separated: false, out: &out)
            if !out[first...].contains(where: { !$0.markerOnly }) {
                out.append(FlowLine(line: Line(text: "", width: 0, direction: inner.direction)))
            }
            if indent > 0 {
                let markerWidth = width(of: markers[index])
                let marker = markers[index] + String.repeated(" ", count: indent - markerWidth)
                prefix(&out, from: first, first: marker, rest: String.repeated(" ", count: indent), measure: inner.width)
            }
        }
    }
}
