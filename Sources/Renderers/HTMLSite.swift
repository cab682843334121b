import BookModel
import Hashing
import Layout
import Spreads

/// The static HTML viewer (`--format html`): spreads in, files out. Pure: the caller reads images and writes files.
/// Its options (`HTMLSite.Options`, `Transition`) are in HTMLOptions.swift.
public struct HTMLSite: Sendable {
    public var book: BookSummary
    public var pageSize: PageSize
    public var result: SpreadResult
    public var toc: [TOCEntry]
    public var images: HTMLImages
    public var options: Options

    public init(book: BookSummary, pageSize: PageSize, spreads: SpreadResult, toc: [TOCEntry] = [],
                images: HTMLImages = HTMLImages(), options: Options = Options()) {
        self.book = book
        self.pageSize = pageSize
        self.result = spreads
        self.toc = toc
        self.images = images
        self.options = options
    }

    /// The file that holds the spreads in the chosen mode.
    enum Mode: String { case files, scroll, single }

    var mode: Mode { options.singleFile ? .single : (options.transition == .scroll ? .scroll : .files) }

    /// Every file of the site, in a fixed order: the HTML, then `book.json`, then `assets/…`.
    public func files() -> [OutputFile] {
        let (urls, assets) = imageAssets()
        let drawer = HTMLPageDrawer(size: pageSize, ambiguousWide: options.ambiguousWide, imageURLs: urls,
                                    imageBoxes: HTMLAssets.imageBoxes(result.pages))
        var css = HTMLStyle.css(size: pageSize, gap: result.layout.gap)
        if HTMLInlineStyle.styled(result.pages) { css += "\n" + HTMLInlineStyle.css(lineHeight: HTMLStyle.lineHeight) }
        let context = Context(site: self, drawer: drawer, css: css)
        var out: [OutputFile] = []
        switch mode {
        case .single:
            out.append(OutputFile(name: "index.html", bytes: Array(context.singleFile().utf8)))
        case .scroll:
            out.append(OutputFile(name: "index.html", bytes: Array(context.index().utf8)))
            out.append(OutputFile(name: "book.html", bytes: Array(context.scrollBook().utf8)))
        case .files:
            out.append(OutputFile(name: "index.html", bytes: Array(context.index().utf8)))
            for index in result.spreads.indices {
                out.append(OutputFile(name: Self.spreadFileName(result.spreads[index].number),
                                    bytes: Array(context.spreadFile(index).utf8)))
            }
        }
        let json = PageMap.json(book: book, pageSize: pageSize, spreads: result).serialized(pretty: true) + "\n"
        out.append(OutputFile(name: "book.json", bytes: Array(json.utf8)))
        out += assets
        return out
    }

    static func spreadFileName(_ number: Int) -> String { OutputFile.spreadName(number, extension: "html") }

    static func spreadID(_ number: Int) -> String { OutputFile.spreadStem(number) }

    /// Generated asset names (`assets/image-0001.png`, by first use) or `data:` URIs; unknown bytes stay text.
    func imageAssets() -> (urls: [String?], files: [OutputFile]) {
        var named: [String: String] = [:]
        var files: [OutputFile] = []
        let urls = images.sources.map { source -> String? in
            if let url = named[source] { return url }
            guard let bytes = images.data[source], let kind = HTMLAssets.sniff(bytes) else { return nil }
            let url: String
            if options.singleFile {
                url = "data:\(kind.mediaType);base64,\(base64(bytes))"
            } else {
                url = "assets/image-\(OutputFile.zeroPadded(files.count + 1)).\(kind.fileExtension)"
                files.append(OutputFile(name: url, bytes: bytes))
            }
            named[source] = url
            return url
        }
        return (urls, files)
    }

    /// The spread index holding the first page of each chapter document (by `source.href`).
    func firstSpreadByHref() -> [String: Int] {
        var out: [String: Int] = [:]
        for page in result.pages where page.kind == .content {
            for source in [page.source] + page.additionalSources where out[source.href] == nil {
                out[source.href] = result.spreadIndex(containing: page.number)
            }
        }
        return out
    }
}

/// Builds the documents of one site; holds what every document shares.
private struct Context {
    let site: HTMLSite
    let drawer: HTMLPageDrawer
    let css: String

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

    var policy: String {
        "default-src 'none'; img-src 'self' data:; style-src \(SHA256.cspSource(css)); "
            + "script-src \(SHA256.cspSource(HTMLStyle.script)); base-uri 'none'; form-action 'none'"
    }

    var title: String { site.book.title.flatMap { $0.isEmpty ? nil : $0 } ?? "Untitled" }

    /// The book's title in each spread file, which repeats it: cut to the page's columns like a running head.
    var spreadTitle: String {
        runningTitle(title, columns: site.pageSize.columns, ambiguousWide: site.options.ambiguousWide)
    }

    /// The shell every document shares: CSP first, then the stylesheet; the script last.
    func document(title: String, head: String = "", bodyClass: String, bodyData: [(String, String)], body: String) -> String {
        let lang = HTMLEscape.language(site.book.language) ?? ""
        var out = "<!DOCTYPE html>\n<html lang=\"\(lang)\" dir=\"\(progression.rawValue)\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy)\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<meta name=\"generator\" content=\"Quire\">\n"
        out += "<title>\(HTMLEscape.text(title))</title>\n" + head
        out += "<style>\(css)</style>\n</head>\n"
        let prog = progression == .rtl ? "p-rtl" : "p-ltr"
        let ax = result.layout.axis == .vertical ? "v" : "h"
        out += "<body class=\"\(bodyClass) \(prog) \(ax)\" data-mode=\"\(scriptMode)\" data-progression=\"\(progression.rawValue)\" data-axis=\"\(axis)\""
        for (name, value) in bodyData { out += " data-\(name)=\"\(HTMLEscape.text(value))\"" }
        out += ">\n" + body + "<script>\(HTMLStyle.script)</script>\n</body>\n</html>\n"
        return out
    }

    /// How the script moves: between files, by `:target`, or along the scrolling track (single file included).
    var scriptMode: String { site.options.transition == .scroll ? "scroll" : site.mode.rawValue }

    var endsData: [(String, String)] {
        guard !result.spreads.isEmpty else { return [] }
        return [("first", localHref(0)), ("last", localHref(result.spreads.count - 1))]
    }

    /// Title, authors, counts, contents and the thumbnail grid.
    func indexBody(thumbnailHref: (Int) -> String) -> String {
        var out = "<header class=\"book\">\n<h1>\(HTMLEscape.text(title))</h1>\n"
        if !site.book.authors.isEmpty {
            out += "<p class=\"authors\">\(HTMLEscape.text(site.book.authors.joined(separator: ", ")))</p>\n"
        }
        let pages = result.pages.count
        let spreads = result.spreads.count
        out += "<p class=\"facts\"><bdi>\(pages) page\(pages == 1 ? "" : "s") · \(spreads) spread\(spreads == 1 ? "" : "s") · \(site.pageSize.columns)×\(site.pageSize.lines) cells"
        if let language = HTMLEscape.language(site.book.language) { out += " · \(language)" }
        out += "</bdi></p>\n"
        if !result.spreads.isEmpty { out += "<p><a class=\"start\" href=\"\(thumbnailHref(0))\">Start reading</a></p>\n" }
        out += "</header>\n"
        if !site.toc.isEmpty {
            let spreadOf = site.firstSpreadByHref()
            out += "<nav class=\"toc\" aria-label=\"Contents\">\n<h2>Contents</h2>\n" + tocList(site.toc, spreadOf, thumbnailHref) + "</nav>\n"
        }
        out += "<ol class=\"grid\" aria-label=\"Spreads\">\n"
        for index in result.spreads.indices {
            let spread = result.spreads[index]
            let ax = result.layout.axis == .vertical ? "v" : "h"
            out += "<li><a class=\"thumb\" href=\"\(thumbnailHref(index))\" data-spread=\"\(spread.number)\">"
            out += "<span class=\"tbox \(ax) n\(spread.slots.count)\">" + drawer.spread(spread, in: result) + "</span>"
            out += "<span class=\"cap\">\(spread.number)</span></a></li>\n"
        }
        return out + "</ol>\n"
    }

    private func tocList(_ entries: [TOCEntry], _ spreadOf: [String: Int], _ link: (Int) -> String) -> String {
        var out = "<ol>\n"
        for entry in entries {
            let path = String(entry.href.prefix { $0 != "#" })
            let target = spreadOf[path] ?? (path.removingPercentEncodingIfPossible).flatMap { spreadOf[$0] }
            let label = HTMLEscape.text(entry.title.isEmpty ? entry.href : entry.title)
            out += "<li>" + (target.map { "<a href=\"\(link($0))\">\(label)</a>" } ?? "<span>\(label)</span>")
            if !entry.children.isEmpty { out += "\n" + tocList(entry.children, spreadOf, link) }
            out += "</li>\n"
        }
        return out + "</ol>\n"
    }

    func index() -> String {
        document(title: title, bodyClass: "index", bodyData: [("first", href(0, orNone: "")) ].filter { !$0.1.isEmpty },
                 body: indexBody(thumbnailHref: href))
    }

    func href(_ index: Int, orNone fallback: String) -> String {
        result.spreads.indices.contains(index) ? href(index) : fallback
    }

    /// Previous, contents, where we are, next: prev/next are `rel` links the script follows.
    func bar(_ index: Int, contents: String) -> String {
        let spread = result.spreads[index]
        let forward = progression == .rtl ? "←" : "→"
        let back = progression == .rtl ? "→" : "←"
        var out = "<nav class=\"bar\" aria-label=\"Spread navigation\">"
        out += index > 0 ? "<a rel=\"prev\" href=\"\(localHref(index - 1))\">\(back) Previous</a>" : "<span class=\"off\">\(back) Previous</span>"
        out += "<a class=\"contents\" href=\"\(contents)\">Contents</a>"
        let pages = spread.pages
        let label: String
        switch pages.count {
        case 0: label = "No page"
        case 1: label = "Page \(pages[0])"
        default: label = "Pages \(pages[0])–\(pages[pages.count - 1])"
        }
        out += "<span class=\"here\" dir=\"ltr\">\(label) of \(result.pages.count) · spread \(spread.number) of \(result.spreads.count)</span>"
        out += index + 1 < result.spreads.count ? "<a rel=\"next\" href=\"\(localHref(index + 1))\">Next \(forward)</a>" : "<span class=\"off\">Next \(forward)</span>"
        return out + "</nav>\n"
    }

    func spreadFile(_ index: Int) -> String {
        var head = ""
        if index > 0 { head += "<link rel=\"prev\" href=\"\(href(index - 1))\">\n" }
        if index + 1 < result.spreads.count { head += "<link rel=\"next\" href=\"\(href(index + 1))\">\n" }
        let spread = result.spreads[index]
        let body = bar(index, contents: "index.html") + "<main>" + drawer.spread(spread, in: result) + "</main>\n"
        return document(title: "\(spreadTitle) — spread \(spread.number)", head: head, bodyClass: "files", bodyData: endsData,
                        body: body)
    }

    /// Every spread as a section of one document, each with its own bar.
    func sections(contents: String) -> String {
        var out = ""
        for index in result.spreads.indices {
            let spread = result.spreads[index]
            out += "<section class=\"spread-view\" id=\"\(HTMLSite.spreadID(spread.number))\">" + bar(index, contents: contents)
                + drawer.spread(spread, in: result) + "</section>\n"
        }
        return out
    }

    func scrollBook() -> String {
        let body = "<main class=\"track\">\n" + sections(contents: "index.html") + "</main>\n"
        return document(title: title, bodyClass: "scroll", bodyData: endsData, body: body)
    }

    func singleFile() -> String {
        var body = "<div id=\"contents\">\n" + indexBody(thumbnailHref: href) + "</div>\n"
        if site.options.transition == .scroll {
            body += "<main class=\"track\">\n" + sections(contents: "#contents") + "</main>\n"
        } else {
            body += "<main class=\"pages\">\n" + sections(contents: "#contents") + "</main>\n"
        }
        return document(title: title, bodyClass: "single", bodyData: endsData, body: body)
    }
}

extension String {
    /// `%20` and friends decoded, without Foundation; nil when the text is not valid percent-encoding of UTF-8.
    fileprivate var removingPercentEncodingIfPossible: String? {
        guard contains("%") else { return nil }
        var bytes: [UInt8] = []
        var iterator = Array(utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == 0x25 {
                guard iterator.count >= 2, let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16) else { return nil }
                bytes.append(value)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
