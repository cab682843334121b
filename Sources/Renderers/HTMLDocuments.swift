import BookModel
import Hashing
import Layout
import Spreads

/// Builds the documents of one site (index, spread files, the scrolling book, the single file); holds what every
/// document shares. A class, immutable: closures made per spread (a file's maker, a thumbnail's link, a slot's
/// neighbours) capture it, and as a struct of twenty fields each capture copied it, a retain a field (issue 19).
final class HTMLDocuments: Sendable {
    let site: HTMLSite
    let drawer: HTMLPageDrawer
    let css: String
    let sizing: HTMLSizing
    /// One page at a time (`--orientation auto`); nil when the orientation is pinned.
    let plan: PortraitPlan?
    let firstPages: [String: Int]
    let rubyShown: Bool

    var result: SpreadResult { site.result }
    var progression: Direction { result.layout.direction }
    var axis: String { result.layout.axis == .vertical ? "vertical" : "horizontal" }

    /// Where spread `index` lives, seen from the documents of this mode.
    func href(_ index: Int) -> String { Self.href(index, site: site, fileNames: spreadFileNames) }

    /// `href(_:)` from its parts, for `init`, which needs it before the documents are whole.
    private static func href(_ index: Int, site: HTMLSite, fileNames: [String]) -> String {
        let number = site.result.spreads[index].number
        switch site.mode {
        case .files: return spreadFileName(index, site: site, fileNames: fileNames)
        case .scroll: return "book.html#" + HTMLSite.spreadID(number)
        case .single: return "#" + HTMLSite.spreadID(number)
        }
    }

    /// The name of spread `index`'s file in folder mode.
    func spreadFileName(_ index: Int) -> String { Self.spreadFileName(index, site: site, fileNames: spreadFileNames) }

    private static func spreadFileName(_ index: Int, site: HTMLSite, fileNames: [String]) -> String {
        index < fileNames.count ? fileNames[index] : HTMLSite.spreadFileName(site.result.spreads[index].number)
    }

    /// The same links seen from inside `book.html` in scroll mode.
    func localHref(_ index: Int) -> String { Self.localHref(index, site: site, fileNames: spreadFileNames) }

    private static func localHref(_ index: Int, site: HTMLSite, fileNames: [String]) -> String {
        site.mode == .scroll ? "#" + HTMLSite.spreadID(site.result.spreads[index].number)
            : href(index, site: site, fileNames: fileNames)
    }

    /// Where page `page` is shown, seen from the index (`#pN` names the page in every mode).
    func pageHref(_ page: Int) -> String {
        switch site.mode {
        case .files:
            guard let index = result.spreadIndex(containing: page) else { return HTMLSite.spreadFileName(1) + "#p\(page)" }
            return href(index) + "#p\(page)"
        case .scroll: return "book.html#p\(page)"
        case .single: return "#p\(page)"
        }
    }

    /// The same, seen from the document of spread `index`: a page of the same file is a bare fragment.
    func pageHref(_ page: Int, from index: Int, into out: inout ByteWriter) {
        if site.mode == .files, result.spreadIndex(containing: page) != index {
            out.put(contentsOf: pageHref(page))
            return
        }
        out.put("#p")
        out.put(decimal: page)
    }

    /// The Content-Security-Policy every document carries, worked out once per site (`HTMLSite.files`).
    let policy: String
    /// The chapter marks of the progress line, the same in every bar.
    let marks: String

    /// The stylesheet and the script: in the single file, inline and allowed by their hashes; in a folder, the
    /// site's own two files (`HTMLSite.styleFile`, `scriptFile`), which every document links and the policy allows
    /// as `'self'`. Inline, each of War and Peace's 2,733 spread files carried 14 KB of the same bytes (issue 19).
    /// `'self'` on `file://` is what images already rely on; Chromium honours it for scripts and sheets too.
    static func policy(css: String, shared: Bool) -> String {
        let style = shared ? "'self'" : SHA256.cspSource(css)
        let script = shared ? "'self'" : SHA256.cspSource(HTMLScript.text)
        return "default-src 'none'; img-src 'self' data:; style-src \(style); script-src \(script); base-uri 'none'; form-action 'none'"
    }

    var shared: Bool { site.sharesAssets }

    /// The book's title, or "Untitled".
    let title: String

    /// The book's title in each spread file, which repeats it: cut to the page's columns like a running head.
    let spreadTitle: String
    /// `heading(spreadTitle)`, which every spread file carries.
    let spreadHeading: String
    /// The book's language as documents name it (`lang`), if it is a well-formed tag.
    let language: String?
    /// The direction the reader's own words run in: the book's language's, not its page progression (a Japanese
    /// book turns right to left and is read in left-to-right Japanese UI text).
    let uiDirection: Direction
    /// `sizing.twoPageQuery`, escaped for an attribute (`data-two`).
    let twoPageData: [UInt8]
    /// Each spread's file name, by index, in folder mode (empty in the others): a site names each spread's file
    /// about eight times, in links, bars and thumbnails (19,000 names for War and Peace; issue 19).
    let spreadFileNames: [String]
    /// Where the first and last spreads live, for the reading documents' `data-first` and `data-last`.
    let endsData: [(String, String)]

    /// What every document shares, worked out once for the site: each was remade for each of War and Peace's 2,730
    /// spread files, at 5,000 instructions and more apiece (issue 19).
    init(site: HTMLSite, drawer: HTMLPageDrawer, css: String, sizing: HTMLSizing, plan: PortraitPlan?,
         firstPages: [String: Int], rubyShown: Bool, policy: String, marks: String) {
        self.site = site
        self.drawer = drawer
        self.css = css
        self.sizing = sizing
        self.plan = plan
        self.firstPages = firstPages
        self.rubyShown = rubyShown
        self.policy = policy
        self.marks = marks
        let names = site.mode == .files ? site.result.spreads.map { HTMLSite.spreadFileName($0.number) } : []
        spreadFileNames = names
        let title = site.book.title.flatMap { $0.isEmpty ? nil : $0 } ?? "Untitled"
        self.title = title
        spreadTitle = runningTitle(title, columns: site.pageSize.columns, ambiguousWide: site.options.ambiguousWide)
        spreadHeading = Self.heading(spreadTitle)
        language = HTMLEscape.language(site.book.language)
        let progression = site.result.layout.direction
        uiDirection = language.map { BookHints.isRightToLeft(language: $0) ? .rtl : .ltr } ?? progression
        var data: [UInt8] = []
        if plan != nil { HTMLEscape.appendText(sizing.twoPageQuery, to: &data) }
        twoPageData = data
        let last = site.result.spreads.count - 1
        endsData = last < 0 ? [] : [("first", Self.localHref(0, site: site, fileNames: names)),
                                    ("last", Self.localHref(last, site: site, fileNames: names))]
    }

    /// The shell every document shares: CSP first, then the stylesheet (or its link); a skip link; the script last.
    func document(title: String, head: String = "", bodyClass: String, bodyData: [(String, String)], body: String) -> String {
        let (before, after) = documentParts(title: title, head: head, bodyClass: bodyClass, bodyData: bodyData)
        return before + body + after
    }

    /// A document as `document` writes it, without its body: what comes before the body, and after it.
    func documentParts(title: String, head: String = "", bodyClass: String,
                       bodyData: [(String, String)]) -> (before: String, after: String) {
        var before: [UInt8] = [], after: [UInt8] = []
        documentParts(title: title, head: head, bodyClass: bodyClass, bodyData: bodyData, before: &before, after: &after)
        return (String(decoding: before, as: UTF8.self), String(decoding: after, as: UTF8.self))
    }

    /// `documentParts` as bytes, onto the ends of `before` and `after`.
    func documentParts(title: String, head: String = "", bodyClass: String, bodyData: [(String, String)],
                       before: inout [UInt8], after: inout [UInt8]) {
        before.appendUpTo(headBytes) { out in
            documentParts(title: title, head: head, bodyClass: bodyClass, bodyData: bodyData, before: &out, after: &after)
        }
    }

    /// Room for what comes before a document's body, and its bar: their fixed text (about 1,500 bytes) and the
    /// policy and chapter marks that vary with the book. A writer that needs more grows.
    var headBytes: Int { 4096 + policy.utf8.count + marks.utf8.count }

    /// `documentParts` through a writer (a spread file's are made per file).
    func documentParts(title: String, head: String = "", bodyClass: String, bodyData: [(String, String)],
                       before out: inout ByteWriter, after: inout [UInt8]) {
        out.put("<!DOCTYPE html>\n<html lang=\"")
        out.put(contentsOf: language ?? "")
        out.put("\" dir=\"")
        out.put(contentsOf: uiDirection.rawValue)
        out.put("\">\n<head>\n<meta charset=\"utf-8\">\n<meta http-equiv=\"Content-Security-Policy\" content=\"")
        out.put(contentsOf: policy)
        out.put("\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        out.put("<meta name=\"color-scheme\" content=\"light dark\">\n<meta name=\"generator\" content=\"Quire\">\n<title>")
        HTMLEscape.appendText(title, to: &out)
        out.put("</title>\n")
        out.put(contentsOf: head)
        if shared {
            out.put("<link rel=\"stylesheet\" href=\"")
            out.put(contentsOf: HTMLSite.styleFile)
            out.put("\">\n</head>\n")
        } else {
            out.put("<style>")
            out.put(contentsOf: css)
            out.put("</style>\n</head>\n")
        }
        out.put("<body class=\"")
        out.put(contentsOf: bodyClass)
        out.put(progression == .rtl ? " p-rtl" : " p-ltr")
        out.put(result.layout.axis == .vertical ? " v" : " h")
        if rubyShown { out.put(" ruby-on") }
        out.put("\"")
        out.putAttribute(" data-mode", scriptMode)
        out.putAttribute(" data-progression", progression.rawValue)
        out.putAttribute(" data-axis", axis)
        out.putAttribute(" data-orientation", orientation)
        out.putAttribute(" data-total", decimal: result.pages.count)
        out.putAttribute(" data-spreads", decimal: result.spreads.count)
        if plan != nil {
            out.put(" data-two=\"")
            out.put(contentsOf: twoPageData)
            out.put("\"")
        }
        for (name, value) in bodyData {
            out.put(" data-")
            out.put(contentsOf: name)
            out.put("=\"")
            HTMLEscape.appendText(value, to: &out)
            out.put("\"")
        }
        out.put(">\n<a class=\"skip\" href=\"#main\">Skip to the book</a>\n")
        if shared {
            after.put("<script src=\"")
            after.put(contentsOf: HTMLSite.scriptFile)
            after.put("\"></script>")
        } else {
            after.put("<script>")
            after.put(contentsOf: HTMLScript.text)
            after.put("</script>")
        }
        after.put("\n</body>\n</html>\n")
    }

    /// `auto` when the reader switches live, else the spreads' own orientation.
    var orientation: String { plan != nil ? "auto" : result.layout.orientation.rawValue }

    /// How the script moves: between files, by `:target`, or along the scrolling track (single file included).
    var scriptMode: String { site.options.transition == .scroll ? "scroll" : site.mode.rawValue }

    /// Title, authors, counts and contents (the banner and the contents, outside the grid).
    func indexHeader(link: (Int) -> String) -> String {
        var out = "<header class=\"book\">\n<h1>\(HTMLEscape.text(title))</h1>\n"
        if !site.book.authors.isEmpty {
            out += "<p class=\"authors\">\(HTMLEscape.text(site.book.authors.joined(separator: ", ")))</p>\n"
        }
        let pages = result.pages.count
        let spreads = result.spreads.count
        out += "<p class=\"facts\"><bdi>\(pages) page\(pages == 1 ? "" : "s") · \(spreads) spread\(spreads == 1 ? "" : "s") · \(site.pageSize.columns)×\(site.pageSize.lines) cells"
        if let language { out += " · \(language)" }
        out += "</bdi></p>\n"
        if !result.spreads.isEmpty { out += "<p><a class=\"start\" href=\"\(link(0))\">Start reading</a></p>\n" }
        return out + "</header>\n"
    }

    /// The contents, each entry linking to the page that holds its target.
    func contents() -> String {
        guard !site.toc.isEmpty else { return "" }
        return "<nav class=\"toc\" aria-label=\"Contents\">\n<h2>Contents</h2>\n" + tocList(site.toc) + "</nav>\n"
    }

    /// The thumbnail grid, in reading order.
    func grid(thumbnailHref: (Int) -> String) -> String {
        Self.gridOpen + gridItems(result.spreads.indices, thumbnailHref: thumbnailHref) + Self.gridClose
    }

    static let gridOpen = "<ol class=\"grid\" aria-label=\"Spreads\">\n"
    static let gridClose = "</ol>\n"

    /// The grid's items for some spreads.
    func gridItems(_ indexes: Range<Int>, thumbnailHref: (Int) -> String) -> String {
        var out: [UInt8] = []
        gridItems(indexes, thumbnailHref: thumbnailHref, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `gridItems(_:thumbnailHref:)` onto the end of `out`, each item through a writer (`HTMLPageDrawer.spreadBytes`).
    func gridItems(_ indexes: Range<Int>, thumbnailHref: (Int) -> String, into out: inout [UInt8]) {
        for index in indexes {
            out.appendUpTo(drawer.spreadBytes(result.spreads[index]) + 256) {
                gridItem(index, thumbnailHref: thumbnailHref, into: &$0)
            }
        }
    }

    /// One thumbnail of the grid: a link around the spread's pages, without ids or note links.
    private func gridItem(_ index: Int, thumbnailHref: (Int) -> String, into out: inout ByteWriter) {
        let vertical = result.layout.axis == .vertical
        let spread = result.spreads[index]
        out.put("<li><a class=\"thumb\" href=\"")
        out.put(contentsOf: thumbnailHref(index))
        out.put("\" data-spread=\"")
        out.put(decimal: spread.number)
        out.put("\"><span class=\"tbox ")
        out.put(vertical ? "v" : "h")
        out.put(" n")
        out.put(decimal: spread.slots.count)
        out.put("\">")
        drawer.spread(spread, in: result, into: &out)
        out.put("</span><span class=\"cap\">")
        out.put(decimal: spread.number)
        out.put("</span></a></li>\n")
    }

    private func tocList(_ entries: [TOCEntry]) -> String {
        var out = "<ol>\n"
        for entry in entries {
            let target = site.page(of: entry, firstPages)
            let label = HTMLEscape.text(entry.title.isEmpty ? entry.href : entry.title)
            out += "<li>" + (target.map { "<a href=\"\(pageHref($0))\">\(label)</a>" } ?? "<span>\(label)</span>")
            if !entry.children.isEmpty { out += "\n" + tocList(entry.children) }
            out += "</li>\n"
        }
        return out + "</ol>\n"
    }

    /// The index as a file of pieces made one at a time as it is written (`OutputFile`), its grid in pieces of
    /// `gridPiece` spreads: never one string of the whole book (War and Peace's index is 9 MB, and a string grown by
    /// appending holds up to twice that while it grows). With `besideSpreadFiles`, each grid piece is made just
    /// before the spread files of its spreads (`OutputFile.placedBefore`): a page's body, drawn for its thumbnail,
    /// is then held only until its spread file takes it (made whole and first, the index ran ahead and held half
    /// of War and Peace's bodies; issue 19, peak memory).
    func indexFile(besideSpreadFiles: Bool = false) -> OutputFile {
        let gridPiece = Self.gridPiece
        let gridPieces = (result.spreads.count + gridPiece - 1) / gridPiece
        var file = OutputFile(name: "index.html", pieces: gridPieces + 2) { [self] piece in
            if piece == 0 {
                let (before, _) = indexDocumentParts()
                return Array((before + indexHeader(link: href) + "<main id=\"main\">\n" + contents() + Self.gridOpen).utf8)
            }
            if piece == gridPieces + 1 { return Array((Self.gridClose + "</main>\n" + indexDocumentParts().after).utf8) }
            let start = (piece - 1) * gridPiece
            var out: [UInt8] = []
            gridItems(start..<min(start + gridPiece, result.spreads.count), thumbnailHref: href, into: &out)
            return out
        }
        if besideSpreadFiles {
            file.placedBefore = [nil] + (0..<gridPieces).map { spreadFileName($0 * gridPiece) } + [nil]
        }
        return file
    }

    /// Spreads per piece of the index's grid.
    static let gridPiece = 64

    /// The index document's head and tail, around its header, contents and grid.
    private func indexDocumentParts() -> (before: String, after: String) {
        documentParts(title: title, bodyClass: "index", bodyData: [("first", href(0, orNone: ""))].filter { !$0.1.isEmpty })
    }

    func href(_ index: Int, orNone fallback: String) -> String {
        result.spreads.indices.contains(index) ? href(index) : fallback
    }

    /// Previous, contents, where we are, a go-to-page box, next, and the progress line with the chapters' marks.
    /// Its `dir` is the page progression, so previous and next sit where the book turns in every mode.
    func bar(_ index: Int, contents: String) -> String {
        var out: [UInt8] = []
        bar(index, contents: contents, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `bar(_:contents:)` onto the end of `out`.
    func bar(_ index: Int, contents: String, into out: inout [UInt8]) {
        out.appendUpTo(headBytes) { bar(index, contents: contents, into: &$0) }
    }

    /// `bar(_:contents:)` through a writer.
    func bar(_ index: Int, contents: String, into out: inout ByteWriter) {
        let spread = result.spreads[index]
        let forward: StaticString = progression == .rtl ? "←" : "→"
        let back: StaticString = progression == .rtl ? "→" : "←"
        let total = result.pages.count
        out.put("<nav class=\"bar\" aria-label=\"Spread navigation\" dir=\"")
        out.put(contentsOf: progression.rawValue)
        out.put("\">")
        if index > 0 {
            out.put("<a rel=\"prev\" href=\"")
            out.put(contentsOf: localHref(index - 1))
            out.put("\">")
        } else {
            out.put("<span class=\"off\">")
        }
        out.put(back)
        out.put(index > 0 ? " Previous</a>" : " Previous</span>")
        out.put("<a class=\"contents\" href=\"")
        out.put(contentsOf: contents)
        out.put("\">Contents</a><p class=\"here\" dir=\"ltr\" aria-live=\"polite\">")
        let pages = spread.pages
        switch pages.count {
        case 0: out.put("No page")
        case 1:
            out.put("Page ")
            out.put(decimal: pages[0])
        default:
            out.put("Pages ")
            out.put(decimal: pages[0])
            out.put("–")
            out.put(decimal: pages[pages.count - 1])
        }
        out.put(" of ")
        out.put(decimal: total)
        out.put(" · spread ")
        out.put(decimal: spread.number)
        out.put(" of ")
        out.put(decimal: result.spreads.count)
        out.put("</p><label dir=\"ltr\">Page <input class=\"goto\" type=\"number\" min=\"1\" max=\"")
        out.put(decimal: total)
        out.put("\" inputmode=\"numeric\"></label>")
        let hasNext = index + 1 < result.spreads.count
        if hasNext {
            out.put("<a rel=\"next\" href=\"")
            out.put(contentsOf: localHref(index + 1))
            out.put("\">Next ")
        } else {
            out.put("<span class=\"off\">Next ")
        }
        out.put(forward)
        out.put(hasNext ? "</a>" : "</span>")
        out.put("<div class=\"progress\"><progress max=\"")
        out.put(decimal: max(total, 1))
        out.put("\" value=\"")
        out.put(decimal: pages.first ?? 0)
        out.put("\" aria-label=\"Reading progress\"></progress>")
        out.put(contentsOf: marks)
        out.put("</div></nav>\n")
    }

    /// The book's title as the document's heading, for screen readers only: the pages show it already. Spread
    /// files, which repeat it, carry the title cut like their `<title>` (`spreadTitle`).
    func heading(_ text: String) -> String { Self.heading(text) }

    static func heading(_ text: String) -> String { "<header><h1 class=\"vh\">\(HTMLEscape.text(text))</h1></header>\n" }

    /// A spread as a reading view draws it: pages named `pN`, slots with their one-page neighbours.
    func readingSpread(_ index: Int) -> String {
        var out: [UInt8] = []
        readingSpread(index, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `readingSpread(_:)` onto the end of `out`.
    func readingSpread(_ index: Int, into out: inout [UInt8]) {
        out.appendUpTo(drawer.spreadBytes(result.spreads[index])) { readingSpread(index, into: &$0) }
    }

    /// `readingSpread(_:)` through a writer.
    func readingSpread(_ index: Int, into out: inout ByteWriter) {
        let marks = site.slotMarks(spreadIndex: index, plan: plan) { [self] page, out in pageHref(page, from: index, into: &out) }
        drawer.spread(result.spreads[index], in: result, marks: marks, into: &out)
    }

    /// The document of spread `index` (folder mode), as bytes: `document` around its bar and reading spread.
    func spreadFile(_ index: Int) -> [UInt8] {
        var head = ""
        if index > 0 { head += "<link rel=\"prev\" href=\"\(href(index - 1))\">\n" }
        if index + 1 < result.spreads.count { head += "<link rel=\"next\" href=\"\(href(index + 1))\">\n" }
        let spread = result.spreads[index]
        var out: [UInt8] = [], after: [UInt8] = []
        out.appendUpTo(2 * headBytes + drawer.spreadBytes(spread)) { out in
            documentParts(title: "\(spreadTitle) — spread \(spread.number)", head: head, bodyClass: "files",
                          bodyData: endsData, before: &out, after: &after)
            out.put(contentsOf: spreadHeading)
            bar(index, contents: "index.html", into: &out)
            out.put("<main id=\"main\">")
            readingSpread(index, into: &out)
            out.put("</main>\n")
            out.put(contentsOf: after)
        }
        return out
    }

    /// Every spread as a section of one document, each with its own bar.
    func sections(contents: String) -> String {
        var out = ""
        for index in result.spreads.indices {
            let spread = result.spreads[index]
            out += "<section class=\"spread-view\" id=\"\(HTMLSite.spreadID(spread.number))\" aria-label=\"Spread \(spread.number)\">"
                + bar(index, contents: contents) + readingSpread(index) + "</section>\n"
        }
        return out
    }

    func scrollBook() -> String {
        let body = heading(title) + "<main class=\"track\" id=\"main\" tabindex=\"0\" aria-label=\"Pages\">\n" + sections(contents: "index.html") + "</main>\n"
        return document(title: title, bodyClass: "scroll", bodyData: endsData, body: body)
    }

    func singleFile() -> String {
        var body = "<div id=\"contents\">\n" + indexHeader(link: href) + contents()
        body += "<section class=\"spreads\" aria-label=\"Spreads\">\n" + grid(thumbnailHref: href) + "</section>\n</div>\n"
        if site.options.transition == .scroll {
            body += "<main class=\"track\" id=\"main\" tabindex=\"0\" aria-label=\"Pages\">\n" + sections(contents: "#contents") + "</main>\n"
        } else {
            body += "<main class=\"pages\" id=\"main\">\n" + sections(contents: "#contents") + "</main>\n"
        }
        return document(title: title, bodyClass: "single", bodyData: endsData, body: body)
    }
}
