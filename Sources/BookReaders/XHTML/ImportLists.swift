import BookModel

/// Lists in `ContentImporter`: `<ul>`/`<ol>` (with `start`, `reversed`, `type` and `value`, HTML §4.4.5–4.4.8)
/// and definition lists, whose terms become strong paragraphs and descriptions an unmarked, indented list.
extension ContentImporter {
    mutating func list(_ e: E, ordered: Bool, context: Context, into out: inout [Block]) {
        let start = location()
        let items = doc.children(e).filter { c in !doc.isText(c) && doc.lowercasedName(c) == "li" && isRendered(c) }
        var first = Int(doc.attribute(e, Known.start)?.trimmingSpaces ?? "") ?? 1
        let reversed = doc.hasAttribute(e, Known.reversed)
        if reversed && !doc.hasAttribute(e, Known.start) { first = items.count }
        let type = doc.attribute(e, Known.type) ?? "1"
        let explicitMarkers = ordered && (reversed || type != "1" || items.contains { doc.hasAttribute($0, Known.value) })
        if notes(items, ordered: ordered, first: first, context: context, into: &out) { return }
        var number = first
        var listItems: [ListItem] = []
        for item in items {
            if let value = doc.attribute(item, Known.value).flatMap({ Int($0.trimmingSpaces) }) { number = value }
            let itemContext = inherit(context, from: item)
            recordAnchor(item, isLink: false, at: offset)
            let blocks = self.blocks(in: item, context: itemContext)
            let marker = explicitMarkers ? Self.marker(number, type: type) + "." : nil
            listItems.append(ListItem(blocks: blocks, marker: marker))
            number = reversed ? number &- 1 : number &+ 1  // a hostile `start` near Int.max wraps, never traps
        }
        guard !listItems.isEmpty else { return }
        // The `type` and `value` attributes write their own markers; otherwise the book's `list-style-type`,
        // declared on the list or on its items. Not one inherited from further up: a browser's own sheet sets
        // `ol`'s and `ul`'s (`decimal`, `disc`), which stops inheritance there (CSS Lists 3, HTML §15.3.8).
        let declared = styles.look(e)?.listStyle ?? items.first.flatMap { styles.look($0)?.listStyle }
        let style = explicitMarkers ? nil : declared
        out.append(block(.list(ListBlock(ordered: ordered, start: first, items: listItems, style: style)),
                         at: start, context: context))
    }

    /// A definition list (HTML §4.4.9): each term a strong paragraph kept with what follows it (its description,
    /// or the next term of a group), each description indented under it. Several terms or descriptions in a row
    /// are one group; `<div>`s that wrap a group (as HTML allows) are looked through.
    mutating func definitionList(_ e: E, context: Context, into out: inout [Block]) {
        var items: [ListItem] = []
        definitionGroups(e, context: context, items: &items, into: &out)
        out.append(contentsOf: flushItems(&items, start: location(), context: context))
    }

    private mutating func definitionGroups(_ e: E, context: Context, items: inout [ListItem], into out: inout [Block]) {
        let start = location()
        for c in doc.children(e) where !doc.isText(c) && isRendered(c) {
            let ctx = inherit(context, from: c)
            switch doc.lowercasedName(c) {
            case "dt":
                var terms: [Block] = []
                var strong = ctx
                strong.style.insert(.strong)
                leaf(c, context: strong, into: &terms) { .paragraph($0) }
                if !terms.isEmpty { terms[terms.count - 1].look.keepWithNext = true }
                out.append(contentsOf: flushItems(&items, start: start, context: context))
                out.append(contentsOf: terms)
            case "dd":
                let blocks = self.blocks(in: c, context: ctx)
                if !blocks.isEmpty { items.append(ListItem(blocks: blocks, marker: Self.descriptionIndent)) }
            case "div":
                definitionGroups(c, context: ctx, items: &items, into: &out)
            default:
                out.append(contentsOf: flushItems(&items, start: start, context: context))
                out.append(contentsOf: self.blocks(of: doc.only(c), context: ctx))
            }
        }
    }

    /// A description's indent: its marker is blank, and Layout adds one space after a marker, so four cells in
    /// all (a browser's 40px for `dd`, about two and a half em).
    static let descriptionIndent = "   "

    /// Definitions become an unmarked (indented) list.
    private func flushItems(_ items: inout [ListItem], start: SourceLocation, context: Context) -> [Block] {
        guard !items.isEmpty else { return [] }
        let location = items.first?.blocks.first?.location ?? start
        defer { items = [] }
        return [Block(.list(ListBlock(ordered: false, start: 1, items: items)), location: location,
                      language: context.language, direction: context.direction)]
    }

    /// The marker text of item `n` for an `<ol type>`: a, A, i, I or decimal.
    static func marker(_ n: Int, type: String) -> String {
        switch type {
        case "a": return alphabetic(n, base: "a")
        case "A": return alphabetic(n, base: "A")
        case "i": return roman(n).lowercased()
        case "I": return roman(n)
        default: return String(n)
        }
    }

    private static func alphabetic(_ n: Int, base: Character) -> String {
        guard n > 0 else { return String(n) }
        var n = n
        var out = ""
        let start = base.asciiValue!
        while n > 0 {
            n -= 1
            out = String(UnicodeScalar(start + UInt8(n % 26))) + out
            n /= 26
        }
        return out
    }

    private static func roman(_ n: Int) -> String {
        guard n > 0 && n < 4000 else { return String(n) }
        let table: [(Int, String)] = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                                      (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
        var n = n
        var out = ""
        for (value, letters) in table { while n >= value { out += letters; n -= value } }
        return out
    }
}
