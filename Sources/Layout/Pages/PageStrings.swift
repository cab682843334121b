/// The book's own strings that every page repeats (the chapter title as a running head, the language, the
/// chapter's href) are bounded here, once, when the pages are made. Repeated whole, a hostile 1 MB heading cost
/// pages × 1 MB in every renderer that writes a field per page (the JSON page map, the HTML viewer's copy of
/// it): 900 MB of JSON from a 300 KB file. Bounded, the output stays proportional to the book. The full strings
/// stay where they appear once: the heading on its page, the chapter list, the book's metadata.

/// The chapter title as a running head: whole when it fits the page, else cut at a character (grapheme cluster)
/// boundary and ended with "…" so that it takes at most `columns` cells, as `cellWidth(of:ambiguousWide:)`
/// counts them. Also at most `runningTitleBytesPerCell` bytes a cell, so that characters of no width (combining
/// marks, joiners) cannot smuggle a long title through. Every renderer that repeats a title uses this one rule.
public func runningTitle(_ title: String, columns: Int, ambiguousWide: Bool = false) -> String {
    // No character takes more cells than it has UTF-8 bytes: a title this short fits whatever it holds.
    if title.utf8.count <= columns { return title }
    let ellipsis = "…"
    let ellipsisWidth = cellWidth(of: ellipsis, ambiguousWide: ambiguousWide)
    let byteBudget = max(0, columns) * runningTitleBytesPerCell
    // Where the cut goes: room for the ellipsis when the page has it, else (one cell, "…" wide) the bare text.
    let marked = columns >= ellipsisWidth
    let roomCells = marked ? columns - ellipsisWidth : columns
    let roomBytes = marked ? byteBudget - ellipsis.utf8.count : byteBudget
    var cells = 0
    var bytes = 0
    var cut = title.startIndex
    var index = title.startIndex
    while index < title.endIndex {
        let next = title.index(after: index)
        let character = title[index..<next]
        cells += cellWidth(of: String(character), ambiguousWide: ambiguousWide)
        bytes += character.utf8.count
        if cells > columns || bytes > byteBudget { break }
        if cells <= roomCells && bytes <= roomBytes { cut = next }
        index = next
    }
    if index == title.endIndex { return title }
    var head = title[..<cut]
    while let last = head.last, last.isWhitespace { head.removeLast() }
    return marked ? head + ellipsis : String(head)
}

/// Bytes a running title may spend on one cell: enough for any real cluster (an emoji family is 25 bytes in
/// two cells, a flag tag sequence 28), few enough that a title of zero-width characters stays short.
public let runningTitleBytesPerCell = 32

/// The language a page carries: the book's tag when it can be one. BCP 47 tags fit 35 bytes (RFC 5646 §4.4.1,
/// also the HTML viewer's rule); anything longer is no tag, and repeated on every page it would be an amplifier.
public func pageLanguage(_ tag: String?) -> String? {
    guard let tag, tag.utf8.count <= maxLanguageTagBytes else { return nil }
    return tag
}

public let maxLanguageTagBytes = 35

/// The chapter href a page names: whole up to `maxPageHrefBytes` (far beyond any real path), else cut at a
/// character boundary and ended with "…". A ZIP entry name may be 64 KB; every page repeating one would not do.
public func pageHref(_ href: String) -> String {
    if href.utf8.count <= maxPageHrefBytes { return href }
    var bytes = 0
    var end = href.startIndex
    for character in href {
        bytes += character.utf8.count
        if bytes > maxPageHrefBytes - 3 { break }
        end = href.index(after: end)
    }
    return href[..<end] + "…"
}

public let maxPageHrefBytes = 1024
