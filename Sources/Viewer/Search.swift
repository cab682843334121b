import Foundation
import Quire

/// `/` searches forward from the current page, like `less`: a match is a page, a line of it and where on the
/// line; `n` and `N` move to the next and previous match, wrapping around the book once.
struct Search: Sendable, Hashable {
    var query: String
    var match: Match?

    struct Match: Sendable, Hashable {
        var page: Int
        var line: Int
        /// Characters of the line before the match.
        var start: Int
    }
}

extension ViewerSession {
    /// Moves to the next (or previous) match of `query` after (before) the current one, or from the current
    /// spread when there is none. Case and diacritics are ignored, as readers' search boxes do.
    mutating func find(_ query: String, forward: Bool) -> Outcome {
        let pages = navigator.result.pages
        guard !pages.isEmpty else { return .nothing }
        let from = search?.match ?? Search.Match(page: forward ? (navigator.current?.pages.first ?? 1) : (navigator.current?.pages.last ?? 1),
                                                   line: forward ? 0 : Int.max, start: forward ? -1 : Int.max)
        if let found = Self.scan(pages, for: query, from: from, forward: forward) {
            search = Search(query: query, match: found)
            let before = navigator.spreadIndex
            jump(to: found.page)
            if let wrapped = before, let now = navigator.spreadIndex, forward ? now < wrapped : now > wrapped {
                message = forward ? "Search wrapped to the start" : "Search wrapped to the end"
            }
            return .redraw
        }
        if !complete { return .needsWholeBook }
        search = Search(query: query, match: nil)
        message = "Not found: \(query)"
        return .redraw
    }

    /// The first match strictly after (before) `from`, going around the book once.
    static func scan(_ pages: [Page], for query: String, from: Search.Match, forward: Bool) -> Search.Match? {
        let count = pages.count
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        for step in 0...count {
            let index = forward ? (from.page - 1 + step) % count : ((from.page - 1 - step) % count + count) % count
            let page = pages[index]
            let lines = forward ? Array(page.lines.indices) : page.lines.indices.reversed()
            for l in lines {
                let text = page.lines[l].text
                var ranges: [Int] = []
                var searchRange = text.startIndex..<text.endIndex
                while let range = text.range(of: query, options: options, range: searchRange) {
                    ranges.append(text.distance(from: text.startIndex, to: range.lowerBound))
                    searchRange = range.upperBound..<text.endIndex
                }
                if !forward { ranges.reverse() }
                for start in ranges {
                    let candidate = Search.Match(page: index + 1, line: l, start: start)
                    if step == 0 {
                        // On the starting page only matches past the starting point count.
                        let after = (l, start) > (from.line, from.start)
                        let before = (l, start) < (from.line, from.start)
                        if forward ? !after : !before { continue }
                    }
                    return candidate
                }
            }
        }
        return nil
    }
}
