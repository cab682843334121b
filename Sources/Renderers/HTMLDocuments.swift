import BookModel
import Hashing
import Layout
import Spreads

/// Builds the documents of one site (index, spread files, the scrolling book, the single file); holds what every
/// document shares.
struct HTMLDocuments {
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
    func href(_ index: Int) -> String {
        let number = result.spreads[index].number
        switch site.mode {
        case .files: return HTMLSite.spreadFileName(number)
        case .scroll: return "book.html#" + HTMLSite.spreadID(number)
        case .single: return "#" + HTMLSite.spreadID(number)
        }
    }

    /// The same links seen from inside `book.html` in scroll mode.
    func localHref(_ index: Int) -> String {
        site.mode == .scroll ? "#" + HTMLSite.spreadID(result.spreads[index].number) : href(index)
    }

    /// Where page `page` is shown, seen from the index (`#pN` names the page in every mode).
    func pageHref(_ page: Int) -> String {
        switch site.mode {
        case .files: return HTMLSite.spreadFileName(result.spread(containing: page)?.number ?? 1) + "#p\(page)"
        case .scroll: return "book.html#p\(page)"
        case .single: return "#p\(page)"
        }
    }

    /// The same, seen from the document of spread `index`: a page of the same file is a bare fragment.
    func pageHref(_ page: Int, from index: Int) -> String {
        if site.mode == .files, result.spreadIndex(containing: page) != index { return pageHref(page) }
        return "#p\(page)"
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

    var title: String { site.book.title.flatMap { $0.isEmpty ? nil : $0 } ?? "Untitled" }

    /// The book's title in each spread file, which repeats it: cut to the page's columns like a running head.
    var spreadTitle: String {
        runningTitle(title, columns: site.pageSize.columns, ambiguousWide: site.options.ambiguousWide)
    }

    /// The direction the reader's own words run in: the book's language's, not its page progression (a Japanese
    /// book turns right to left and is read in left-to-right Japanese UI text).
    var uiDirection: Direction {
        guard let language = HTMLEscape.language(site.book.language) else { return progression }
        return BookHints.isRightToLeft(language: language) ? .rtl : .ltr
    }

    /// The shell every document shares: CSP first, then the stylesheet (or its link); a skip link; the script last.
    func document(title: String, head: String = "", bodyClass: String, bodyData: [(String, String)], body: String) -> String {
        let (before, after) = documentParts(title: title, head: head, bodyClass: bodyClass, bodyData: bodyData)
        return before + body + after
    }

    /// A document as `document` writes it, without its body: what comes before the body, and after it.
    func documentParts(title: String, head: String = "", bodyClass: String,
                       bodyData: [(String, String)]) -> (before: String, after: String) {
        let lang = HTMLEscape.language(site.book.language) ?? ""
        var out = "<!DOCTYPE html>\n<html lang=\"\(lang)\" dir=\"\(uiDirection.rawValue)\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy)\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<meta name=\"color-scheme\" content=\"light dark\">\n"
        out += "<meta name=\"generator\" content=\"Quire\">\n"
        out += "<title>\(HTMLEscape.text(title))</title>\n" + head
        out += shared ? "<link rel=\"stylesheet\" href=\"\(HTMLSite.styleFile)\">\n</head>\n" : "<style>\(css)</style>\n</head>\n"
        let prog = progression == .rtl ? "p-rtl" : "p-ltr"
        let ax = result.layout.axis == .vertical ? "v" : "h"
        let ruby = rubyShown ? " ruby-on" : ""
        out += "<body class=\"\(bodyClass) \(prog) \(ax)\(ruby)\" data-mode=\"\(scriptMode)\" data-progression=\"\(progression.rawValue)\" data-axis=\"\(axis)\""
        out += " data-orientation=\"\(orientation)\" data-total=\"\(result.pages.count)\" data-spreads=\"\(result.spreads.count)\""
        if plan != nil { out += " data-two=\"\(HTMLEscape.text(sizing.twoPageQuery))\"" }
        for (name, value) in bodyData { out += " data-\(name)=\"\(HTMLEscape.text(value))\"" }
        out += ">\n<a class=\"skip\" href=\"#main\">Skip to the book</a>\n"
        let after = (shared ? "<script src=\"\(HTMLSite.scriptFile)\"></script>" : "<script>\(HTMLScript.text)</script>")
            + "\n</body>\n</html>\n"
        return (out, after)
    }

    /// `auto` when the reader switches live, else the spreads' own orientation.
    var orientation: String { plan != nil ? "auto" : result.layout.orientation.rawValue }

    /// How the script moves: between files, by `:target`, or along the scrolling track (single file included).
    var scriptMode: String { site.options.transition == .scroll ? "scroll" : site.mode.rawValue }

    var endsData: [(String, String)] {
        guard !result.spreads.isEmpty else { return [] }
        return [("first", localHref(0)), ("last", localHref(result.spreads.count - 1))]
    }

    /// Title, authors, counts and contents (the banner and the contents, outside the grid).
    func indexHeader(link: (Int) -> String) -> String {
        var out = "<header class=\"book\">\n<h1>\(HTMLEscape.text(title))</h1>\n"
        if !site.book.authors.isEmpty {
            out += "<p class=\"authors\">\(HTMLEscape.text(site.book.authors.joined(separator: ", ")))</p>\n"
        }
        let pages = result.pages.count
        let spreads = result.spreads.count
        out += "<p class=\"facts\"><bdi>\(pages) page\(pages == 1 ? "" : "s") · \(spreads) spread\(spreads == 1 ? "" : "s") · \(site.pageSize.columns)×\(site.pageSize.lines) cells"
        if let language = HTMLEscape.language(site.book.language) { out += " · \(language)" }
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
        var out = ""
        for index in indexes {
            let spread = result.spreads[index]
            let ax = result.layout.axis == .vertical ? "v" : "h"
            out += "<li><a class=\"thumb\" href=\"\(thumbnailHref(index))\" data-spread=\"\(spread.number)\">"
            out += "<span class=\"tbox \(ax) n\(spread.slots.count)\">" + drawer.spread(spread, in: result) + "</span>"
            out += "<span class=\"cap\">\(spread.number)</span></a></li>\n"
        }
        return out
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
        var file = OutputFile(name: "index.html", pieces: gridPieces + 2) { piece in
            if piece == 0 {
                let (before, _) = indexDocumentParts()
                return Array((before + indexHeader(link: href) + "<main id=\"main\">\n" + contents() + Self.gridOpen).utf8)
            }
            if piece == gridPieces + 1 { return Array((Self.gridClose + "</main>\n" + indexDocumentParts().after).utf8) }
            let start = (piece - 1) * gridPiece
            return Array(gridItems(start..<min(start + gridPiece, result.spreads.count), thumbnailHref: href).utf8)
        }
        if besideSpreadFiles {
            file.placedBefore = [nil] + (0..<gridPieces).map { HTMLSite.spreadFileName(result.spreads[$0 * gridPiece].number) } + [nil]
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
        let spread = result.spreads[index]
        let forward = progression == .rtl ? "←" : "→"
        let back = progression == .rtl ? "→" : "←"
        let total = result.pages.count
        var out = "<nav class=\"bar\" aria-label=\"Spread navigation\" dir=\"\(progression.rawValue)\">"
        out += index > 0 ? "<a rel=\"prev\" href=\"\(localHref(index - 1))\">\(back) Previous</a>" : "<span class=\"off\">\(back) Previous</span>"
        out += "<a class=\"contents\" href=\"\(contents)\">Contents</a>"
        let pages = spread.pages
        let label: String
        switch pages.count {
        case 0: label = "No page"
        case 1: label = "Page \(pages[0])"
        default: label = "Pages \(pages[0])–\(pages[pages.count - 1])"
        }
        out += "<p class=\"here\" dir=\"ltr\" aria-live=\"polite\">\(label) of \(total) · spread \(spread.number) of \(result.spreads.count)</p>"
        out += "<label dir=\"ltr\">Page <input class=\"goto\" type=\"number\" min=\"1\" max=\"\(total)\" inputmode=\"numeric\"></label>"
        out += index + 1 < result.spreads.count ? "<a rel=\"next\" href=\"\(localHref(index + 1))\">Next \(forward)</a>" : "<span class=\"off\">Next \(forward)</span>"
        out += "<div class=\"progress\"><progress max=\"\(max(total, 1))\" value=\"\(pages.first ?? 0)\" aria-label=\"Reading progress\"></progress>"
        out += marks
        return out + "</div></nav>\n"
    }

    /// The book's title as the document's heading, for screen readers only: the pages show it already. Spread
    /// files, which repeat it, carry the title cut like their `<title>` (`spreadTitle`).
    func heading(_ text: String) -> String { "<header><h1 class=\"vh\">\(HTMLEscape.text(text))</h1></header>\n" }

    /// A spread as a reading view draws it: pages named `pN`, slots with their one-page neighbours.
    func readingSpread(_ index: Int) -> String {
        let marks = site.slotMarks(spreadIndex: index, plan: plan) { page in pageHref(page, from: index) }
        return drawer.spread(result.spreads[index], in: result, marks: marks)
    }

    func spreadFile(_ index: Int) -> String {
        var head = ""
        if index > 0 { head += "<link rel=\"prev\" href=\"\(href(index - 1))\">\n" }
        if index + 1 < result.spreads.count { head += "<link rel=\"next\" href=\"\(href(index + 1))\">\n" }
        let spread = result.spreads[index]
        let body = heading(spreadTitle) + bar(index, contents: "index.html") + "<main id=\"main\">" + readingSpread(index) + "</main>\n"
        return document(title: "\(spreadTitle) — spread \(spread.number)", head: head, bodyClass: "files", bodyData: endsData,
                        body: body)
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
