import Layout
import Spreads

/// One page at a time in a site that switches orientation live (`--orientation auto`, issue 22): the files hold
/// the landscape spreads, and the portrait spreads Spreads built from the same pages (`SpreadResult.rotated`) say
/// which page follows which. Pages are named by their landscape numbers, the site's numbering (folios, `#pN`).
struct PortraitPlan: Sendable {
    /// By landscape page (index `p - 1`): the page before and after it when one page shows; nil at the ends.
    var previous: [Int?]
    var next: [Int?]
    /// Whether the page is shown one at a time at all: the blank pages landscape spreads insert are not.
    var inSequence: [Bool]

    init(landscape: SpreadResult, portrait: SpreadResult) {
        let toLandscape = portrait.matchingPages(in: landscape)
        var order: [Int] = []
        var seen = Set<Int>()
        for spread in portrait.spreads {
            for page in spread.pages where page >= 1 && page <= toLandscape.count {
                if let mapped = toLandscape[page - 1], seen.insert(mapped).inserted { order.append(mapped) }
            }
        }
        let count = landscape.pages.count
        previous = Array(repeating: nil, count: count)
        next = Array(repeating: nil, count: count)
        inSequence = Array(repeating: false, count: count)
        for (position, page) in order.enumerated() {
            inSequence[page - 1] = true
            if position > 0 { previous[page - 1] = order[position - 1] }
            if position + 1 < order.count { next[page - 1] = order[position + 1] }
        }
    }
}

extension HTMLSite {
    /// Classes and attributes of the slots of spread `index` in a reading view: `first` on the page a spread opens
    /// with when one page shows, `nb` on pages never shown alone, `ph` on empty slots, and each page's neighbours
    /// (`data-prev`/`data-next`, as URLs seen from `href`'s document).
    func slotMarks(spreadIndex index: Int, plan: PortraitPlan?,
                   pageHref: @escaping (Int, inout ByteWriter) -> Void) -> HTMLPageDrawer.SlotMarks {
        let spread = result.spreads[index]
        let first = spread.pages.first { plan?.inSequence[$0 - 1] ?? true }
        return { page, out in
            guard let page, page >= 1, page <= result.pages.count else {
                out.put(" ph\"")
                return
            }
            if page == first { out.put(" first") }
            guard let plan else {
                out.put("\"")
                return
            }
            out.put(plan.inSequence[page - 1] ? "\"" : " nb\"")
            if let previous = plan.previous[page - 1] {
                out.put(" data-prev=\"")
                pageHref(previous, &out)
                out.put("\"")
            }
            if let next = plan.next[page - 1] {
                out.put(" data-next=\"")
                pageHref(next, &out)
                out.put("\"")
            }
        }
    }
}
