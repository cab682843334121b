import BookModel
import CSS
import Synchronization

/// A book's stylesheets and cascades, shared by the parallel chapter readers: each sheet is read and parsed once per
/// book (`SheetCache`), and each distinct list of a document's style sources gets one `StyleResolver` (its rule
/// index), so the hundreds of documents of a book that link the same sheets share one.
final class BookStyles: Sendable {
    let sheets: SheetCache
    let context: MediaContext
    /// The style sheet set the reader chose (`--stylesheet TITLE`); nil: the book's preferred one.
    let choice: String?
    private let resolvers = Mutex<[[String]: (resolver: StyleResolver, warnings: [String])]>([:])
    /// The titles of the sheet sets the documents offer, for the warning when the chosen one is not among them.
    private let titles = Mutex<Set<String>>([])

    init(container: any Container, context: MediaContext = MediaContext(), choosing choice: String? = nil) {
        sheets = SheetCache { path in container.contains(path) ? try? container.read(path) : nil }
        self.context = context
        self.choice = choice
    }

    /// A warning when no document offers the chosen set, naming those they do offer; nil when some does.
    func unmatchedChoice(_ title: String) -> String? {
        let offered = titles.withLock { $0 }
        guard !offered.contains(title) else { return nil }
        let list = offered.sorted().map { "'\($0)'" }.joined(separator: ", ")
        return "no style sheet titled '\(title)'" + (list.isEmpty ? "; the book names none" : "; the book offers \(list)")
    }

    /// The cascade of one document: its `<link rel="stylesheet">` sheets (not alternate ones: choosing those is the
    /// reader's business) and `<style>` elements, in document order (CSS Cascade 4 §6.1, HTML §4.2.4), with the
    /// loader's warnings (missing sheets, cut import cycles), the same for every document with these sources:
    /// which document asked first depends on threads, so the reader reports each warning once, in spine order.
    func resolver(for doc: XMLNodes, path: String) -> (resolver: StyleResolver, warnings: [String]) {
        let (sources, offered) = Self.sources(of: doc, path: path, choosing: choice)
        if !offered.isEmpty { titles.withLock { $0.formUnion(offered) } }
        let key = sources.map(Self.key)
        if let known = resolvers.withLock({ $0[key] }) { return known }
        let loaded = StylesheetLoader(cache: sheets).load(sources)
        let made = (resolver: StyleResolver(sheets: loaded.sheets, context: context, properties: Self.used),
                    warnings: loaded.warnings)
        return resolvers.withLock { cache in
            if let known = cache[key] { return known }
            cache[key] = made
            return made
        }
    }

    /// The style sources a document names in its `head` (and `<style>` elements in its body), in document order, and the titles of the sheet sets it
    /// offers. Which sheets apply follows HTML's style sheet sets (HTML §4.6.7.8, CSSOM §6.1): a sheet without a
    /// `title` always applies (persistent); titled sheets apply unless they are `rel="alternate stylesheet"`, or,
    /// when `choice` names a set the document offers, exactly the titled sheets of that set, alternate or not. A
    /// document that does not offer the chosen set keeps its preferred sheets (the reader is warned once per book).
    static func sources(of doc: XMLNodes, path: String, choosing choice: String? = nil) -> ([StyleSource], Set<String>) {
        typealias Known = XMLNodes.Known
        let root = doc.root
        guard root >= 0, let head = doc.element(root, Known.head, namespace: doc.namespaceID(root)) else { return ([], []) }
        var candidates: [(source: StyleSource, title: String?, alternate: Bool)] = []
        for e in doc.children(head) where !doc.isText(e) {
            let name = doc.lowercasedName(e)
            let media = doc.attribute(e, named: "media")
            let title = doc.attribute(e, Known.title).flatMap { $0.isEmpty ? nil : $0 }
            if name == "link" {
                let rel = PackageDocument.tokens(doc.attribute(e, Known.rel)?.lowercased())
                guard rel.contains("stylesheet"), let href = doc.attribute(e, Known.href), !ContainerPath.hasScheme(href)
                else { continue }
                candidates.append((.linked(path: ContainerPath.resolve(href, against: path), media: media), title,
                                   rel.contains("alternate")))
            } else if name == "style" {
                candidates.append((.embedded(text: doc.textContent(e), documentPath: path, media: media), title, false))
            }
        }
        // HTML allows `<style>` in the body too (flow content, HTML §4.2.6), and books put one there; it applies to
        // the whole document, after the head's sheets. Nodes are numbered in document order.
        if let body = doc.element(root, Known.body, namespace: doc.namespaceID(root)) {
            for e in (body + 1)..<Int32(doc.nodeCount) where !doc.isText(e) && doc.nameID(e) == Known.style {
                candidates.append((.embedded(text: doc.textContent(e), documentPath: path, media: doc.attribute(e, named: "media")),
                                   nil, false))
            }
        }
        let offered = Set(candidates.compactMap(\.title))
        let chosen = choice.flatMap { offered.contains($0) ? $0 : nil }
        let sources = candidates.filter { c in
            guard let title = c.title else { return !c.alternate }
            return chosen.map { title == $0 } ?? !c.alternate
        }.map(\.source)
        return (sources, offered)
    }

    /// The properties the importer reads (`ElementLook`); the cascade indexes only rules that set one of them (a
    /// book's sheets are mostly fonts, colours and sizes, which cell pages do not show).
    static let used: Set<Property> = Set(Property.allCases)

    private static func key(_ source: StyleSource) -> String {
        switch source {
        case .linked(let path, let media): return "L\(media ?? "")\u{0}\(path)"
        // An embedded sheet's imports resolve against its document, so the document is part of its identity.
        case .embedded(let text, let path, let media): return "E\(media ?? "")\u{0}\(path)\u{0}\(text)"
        }
    }
}

/// The writing mode a document is laid out in and what decided it.
struct DocumentMode: Sendable, Equatable {
    var mode: WritingMode
    /// `.vrtl in style-standard.css`, `style attribute`; nil when no declaration set it.
    var source: String?

    /// The principal writing mode (CSS Writing Modes 3 §8): the root element's, except that an HTML document takes
    /// its `body`'s computed value when it has a body, so `body { writing-mode: vertical-rl }` turns the page too.
    init(of doc: XMLNodes, tree: StyledNodes, resolver: StyleResolver) {
        let root = resolver.style(for: doc.root, in: tree, parent: nil)
        var principal = root
        if let body = doc.element(doc.root, XMLNodes.Known.body, namespace: doc.namespaceID(doc.root)) {
            principal = resolver.style(for: body, in: tree, parent: root)
        }
        // Quire sets vertical text right to left only; vertical-lr (Mongolian) and the sideways modes stay horizontal,
        // and the source says so, so `quire info` does not credit a `vertical-lr` declaration with horizontal text.
        mode = principal.writingMode == .verticalRL ? .verticalRL : .horizontalTB
        source = principal.writingModeSource?.description
        if principal.writingMode != .horizontalTB && principal.writingMode != .verticalRL, let s = source {
            source = "\(principal.writingMode.rawValue) in \(s), which Quire sets as horizontal-tb"
        }
    }
}
