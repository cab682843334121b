import BookModel

/// The book's navigation: table of contents, print page list and landmarks (EPUB 3 nav or EPUB 2 NCX).
public struct Navigation: Sendable, Equatable {
    public var toc: [TOCEntry] = []
    public var pageList: [PageTarget] = []
    public var landmarks: [TOCEntry] = []
    /// Which document it came from: "nav", "ncx" or nil when the book has neither.
    public var source: String?

    /// EPUB 3 navigation document: `nav` elements by `epub:type`.
    static func fromNav(_ bytes: [UInt8], path: String) throws(ReadError) -> Navigation {
        let root = try XMLParser.parse(bytes, path: path)
        var navigation = Navigation(source: "nav")
        for nav in root.descendants(where: { $0.name == "nav" && $0.namespace == Namespace.xhtml }) {
            let types = PackageDocument.tokens(nav.attribute("type", namespace: Namespace.epub))
            guard let list = nav.element("ol", namespace: Namespace.xhtml) else { continue }
            let entries = navEntries(list, base: path)
            if types.contains("toc") && navigation.toc.isEmpty { navigation.toc = entries }
            else if types.contains("page-list") && navigation.pageList.isEmpty {
                navigation.pageList = flatten(entries).map { PageTarget(label: $0.title, href: $0.href) }
            } else if types.contains("landmarks") && navigation.landmarks.isEmpty { navigation.landmarks = entries }
        }
        return navigation
    }

    private static func navEntries(_ list: XMLElement, base: String) -> [TOCEntry] {
        list.elements("li", namespace: Namespace.xhtml).compactMap { li in
            let anchor = li.element("a", namespace: Namespace.xhtml) ?? li.element("span", namespace: Namespace.xhtml)
            let children = li.element("ol", namespace: Namespace.xhtml).map { navEntries($0, base: base) } ?? []
            guard let anchor else { return children.isEmpty ? nil : TOCEntry(title: "", href: "", children: children) }
            let title = collapse(anchor.text)
            let href = anchor.attribute("href").map { resolveKeepingFragment($0, against: base) } ?? ""
            return TOCEntry(title: title, href: href, children: children)
        }
    }

    /// EPUB 2 NCX: navMap and pageList.
    static func fromNCX(_ bytes: [UInt8], path: String) throws(ReadError) -> Navigation {
        let root = try XMLParser.parse(bytes, path: path)
        var navigation = Navigation(source: "ncx")
        func label(_ e: XMLElement) -> String {
            collapse(e.element("navLabel", namespace: Namespace.ncx)?.element("text", namespace: Namespace.ncx)?.text ?? "")
        }
        func src(_ e: XMLElement) -> String {
            e.element("content", namespace: Namespace.ncx)?.attribute("src").map { resolveKeepingFragment($0, against: path) } ?? ""
        }
        func points(_ e: XMLElement) -> [TOCEntry] {
            e.elements("navPoint", namespace: Namespace.ncx).map {
                TOCEntry(title: label($0), href: src($0), children: points($0))
            }
        }
        if let map = root.element("navMap", namespace: Namespace.ncx) { navigation.toc = points(map) }
        if let list = root.element("pageList", namespace: Namespace.ncx) {
            navigation.pageList = list.elements("pageTarget", namespace: Namespace.ncx).map {
                PageTarget(label: label($0), href: src($0))
            }
        }
        return navigation
    }

    private static func flatten(_ entries: [TOCEntry]) -> [TOCEntry] {
        entries.flatMap { [$0] + flatten($0.children) }
    }

    /// Resolves an href against a document's folder, keeping its `#fragment`.
    static func resolveKeepingFragment(_ href: String, against base: String) -> String {
        let fragment = ContainerPath.fragmentStart(href).map { String(href[$0...]) } ?? ""
        let path = href.hasPrefix("#") ? base : ContainerPath.resolve(href, against: base)
        return path + fragment
    }
}
