/// A MathML element as the linear-format converter sees it: its local name (lower-cased, namespace dropped, so
/// `<m:mi>` and HTML-parsed `<mi>` are the same), the attributes it reads by local name, and its children in order. Text
/// nodes have an empty name and their character data in `text`. The converter works on this small tree, not on
/// `XMLNodes`, so that it stays a pure function that tests can feed by hand and Markdown can share.
struct MathNode: Sendable, Equatable {
    var name: String
    /// The attributes by local name, a list rather than a dictionary: an element of a formula has a few, and
    /// making a dictionary for each cost about 1,200 instructions (issue 19).
    private var attributes: [Attribute] = []
    var children: [MathNode] = []
    var text: String = ""

    struct Attribute: Sendable, Equatable {
        let name: String
        var value: String
    }

    init(_ name: String, _ attributes: [String: String], _ children: [MathNode] = []) {
        self.name = name
        self.attributes = attributes.sorted { $0.key < $1.key }.map { Attribute(name: $0.key, value: $0.value) }
        self.children = children
    }

    /// An element with no attributes or children yet (a text node when `name` is empty).
    init(_ name: String) {
        self.name = name
    }

    /// Sets an attribute; a name given again keeps its last value, as in a dictionary.
    mutating func setAttribute(_ name: String, _ value: String) {
        if let i = attributes.firstIndex(where: { $0.name == name }) { attributes[i].value = value } else {
            attributes.append(Attribute(name: name, value: value))
        }
    }

    static func text(_ text: String) -> MathNode {
        var node = MathNode("")
        node.text = text
        return node
    }

    var isText: Bool { name.isEmpty }
    /// The element children (text between elements is ignored in MathML layout schemata, MathML 3 §3.1.3).
    var elements: [MathNode] { MathNode.elements(of: children) }

    /// The nodes that are elements. Most rows of a formula have no text between their elements (`build` leaves
    /// out indentation): those are handed back as they are, shared, not copied one by one into a growing array.
    static func elements(of nodes: [MathNode]) -> [MathNode] {
        guard let firstText = nodes.firstIndex(where: \.isText) else { return nodes }
        var out: [MathNode] = []
        out.reserveCapacity(nodes.count - 1)
        out.append(contentsOf: nodes[..<firstText])
        for node in nodes[(firstText + 1)...] where !node.isText { out.append(node) }
        return out
    }

    func attribute(_ name: String) -> String? {
        assert(MathNode.readAttributes.contains(name), "the converter reads \(name): add it to readAttributes")
        return attributes.first { $0.name == name }?.value
    }

    /// The attributes the converter reads (`attribute(_:)` checks it in debug builds); a tree built from a
    /// document keeps only these. Books carry many more (`class` on every operator, a table's `columnlines`,
    /// `style`, `equalrows`…): making, copying and freeing them all cost more than reading a formula (issue 19).
    static let readAttributes: Set<String> = [
        "alttext", "close", "columnalign", "display", "encoding", "linethickness", "lquote", "mode", "movablelimits",
        "notation", "open", "rquote", "selection", "separators", "width",
    ]

    /// The character data of the node and everything below it.
    var textContent: String {
        isText ? text : children.reduce(into: "") { $0 += $1.textContent }
    }
}

extension XMLNodes {
    /// Whether any element of the document may be named `math`: one look at the names the document added to
    /// the seeded ones (the seeds are in every table, and `math` is not one of them, so most documents are told
    /// apart without a comparison per name).
    var hasMath: Bool {
        XMLNodes.mathSeeded || names.lowercased[XMLNodes.seededNames.lowercased.count...].contains("math")
    }

    private static let mathSeeded = seededNames.lowercased.contains("math")

    /// Whether `e` is a `<math>` element: named `math` in the MathML namespace, or in none or XHTML's, where the
    /// HTML parser leaves it. Its subtree is converted as a whole (`MathLinear`), never imported node by node.
    func isMath(_ e: NodeID) -> Bool {
        guard !isText(e), lowercasedName(e) == "math" else { return false }
        let ns = namespaceID(e)
        return ns == NS.none || ns == NS.xhtml || namespace(e) == MathNode.namespace
    }
}

extension MathNode {
    /// The MathML namespace (MathML 3 §2.1.1).
    static let namespace = "http://www.w3.org/1998/Math/MathML"

    /// The subtree of `e` in a parsed document.
    init(_ doc: XMLNodes, _ e: XMLNodes.NodeID) {
        self = MathNode.build(doc, e)
    }

    /// The subtree, built by a static function: the recursive initializer copied the document's arrays at every
    /// element. The children are counted first and their room made once (issue 19).
    private static func build(_ doc: XMLNodes, _ e: XMLNodes.NodeID) -> MathNode {
        var node = MathNode(doc.lowercasedName(e))
        let n = doc.node(e)
        if n.count > 0 {
            for a in Int(n.start)..<Int(n.start + n.count) {
                let attribute = doc.attributes[a]
                let name = doc.names.lowercased[Int(attribute.name)]
                guard readAttributes.contains(name) else { continue }
                node.setAttribute(name, doc.string(start: attribute.start, count: attribute.count))
            }
        }
        // White space between the elements of a layout schema is not content (MathML 3 §2.1.7) and is left out:
        // books indent their MathML, and those text nodes were most of a formula's nodes, each one made, copied
        // out by `elements` and freed (issue 19: a tenth of linear-algebra.epub's render).
        var schema: Bool?
        var count = 0
        for _ in doc.children(e) { count += 1 }
        if count > 0 { node.children.reserveCapacity(count) }
        for c in doc.children(e) {
            if doc.isText(c) {
                if doc.withText(c, ByteSearch.isXMLSpaceOnly) {
                    if schema == nil { schema = layoutSchemata.contains(node.name) }
                    if schema == true { continue }
                }
                node.children.append(.text(doc.text(c)))
            } else {
                node.children.append(build(doc, c))
            }
        }
        return node
    }

    /// The presentation elements whose children are elements (MathML 3 §3.1.3), not text: token elements (`mi`,
    /// `mo`, `mn`, `mtext`, `ms`) and annotations keep every character, as do elements not known here.
    static let layoutSchemata: Set<String> = [
        "math", "mrow", "mstyle", "merror", "mpadded", "mphantom", "mfenced", "menclose", "mfrac", "msqrt", "mroot",
        "msub", "msup", "msubsup", "munder", "mover", "munderover", "mmultiscripts", "mprescripts", "mtable", "mtr",
        "mlabeledtr", "mtd", "maction", "semantics", "mspace", "none",
    ]

    /// The `<math>` element of an XML (or, with `html`, HTML) string: for tests and raw MathML outside a book.
    static func parse(_ markup: String, html: Bool = false) -> MathNode? {
        guard let doc = try? XMLNodes.parse(Array(markup.utf8), path: "math", html: html), doc.root >= 0 else { return nil }
        func find(_ e: XMLNodes.NodeID) -> XMLNodes.NodeID? {
            if !doc.isText(e), doc.lowercasedName(e) == "math" { return e }
            for c in doc.children(e) where !doc.isText(c) { if let found = find(c) { return found } }
            return nil
        }
        return find(doc.root).map { MathNode(doc, $0) }
    }
}
