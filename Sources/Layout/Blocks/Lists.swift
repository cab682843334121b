import BookModel

/// Lists: every item behind its marker (a number, or a bullet by depth), its lines hanging under the marker.

extension LayoutContext {
    func layoutList(_ list: ListBlock, block: Block, env: BlockEnv, language: String?, out: inout [FlowLine]) {
        let bullets = ["•", "◦", "▪"]
        let markers = list.items.enumerated().map { index, item in
            item.marker ?? (list.ordered ? "\(list.start + index)." : bullets[env.listDepth % bullets.count])
        }
        let markerWidths = markers.map { width(of: $0) }
        let indent = (markerWidths.max() ?? 0) + 1
        var inner = env
        inner.language = language
        inner.direction = block.direction ?? env.direction
        inner.listDepth += 1
        let decorated = env.width - indent >= 2
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
                let marker = markers[index] + String(repeating: " ", count: indent - markerWidth)
                prefix(&out, from: first, first: marker, rest: String(repeating: " ", count: indent))
            }
        }
    }
}
