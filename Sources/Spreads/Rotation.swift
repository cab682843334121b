import Layout

/// Both orientations of one book at once, for a viewer that switches between them live (the HTML reader's
/// `--orientation auto`): the seeds' rotation (`Navigator.rotate`) applied ahead of time, so no viewer re-implements
/// how pages pair.
extension SpreadResult {
    /// The same pages in `orientation`, built as `Navigator.rotate(to:)` builds them.
    public func rotated(to orientation: Orientation) -> SpreadResult {
        var navigator = Navigator(result: self)
        navigator.rotate(to: orientation)
        return navigator.result
    }

    /// For each page of this result (index `p - 1`), the number of the page of `other` made from the same input page;
    /// a blank page stands for the page it precedes (the rule `Navigator.rearrange` keeps a place by). Nil where
    /// `other` has no such page. Both results must come from the same pages, as `rotated(to:)` makes them.
    public func matchingPages(in other: SpreadResult) -> [Int?] {
        var pageOfOrigin: [Int: Int] = [:]
        for (index, origin) in other.origins.enumerated() where other.pages[index].kind != .blank {
            pageOfOrigin[origin] = index + 1
        }
        return origins.map { pageOfOrigin[$0] }
    }
}
