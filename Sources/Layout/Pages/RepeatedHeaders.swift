import BookModel

/// Table headers repeated on a continuation page: a grid table's body lines carry the lines of its header rows
/// (`FlowLine.repeatedHeader`, set in Blocks/TableGrid.swift), and a page that begins with such a line shows
/// them first, as printed tables repeat their head on each page they run on to (HTML's `thead`, CSS 2.1 §17.2:
/// "user agents may repeat header rows on each page spanned by a table"). They are decoration through and
/// through, so "nothing lost, nothing duplicated" still holds for the book's text, and they take page lines.

/// The lines to set before the rest of a page that begins with `first`, at most half of the page's `capacity`
/// (a header taller than that would leave too little room for the rows it names): none for other lines.
func repeatedHeader(before first: FlowLine, capacity: Int) -> [Line] {
    let header = first.repeatedHeader
    guard !header.isEmpty, header.count * 2 <= capacity else { return [] }
    return header
}
