import BookModel
import XMLShim

/// An XML element copied out of libxml2: names are matched by namespace URI, never by prefix.
public struct XMLElement: Sendable, Equatable {
    public var name: String
    public var namespace: String
    public var attributes: [XMLAttribute]
    public var children: [XMLNode]

    /// The value of an attribute in no namespace, or in the given one.
    public func attribute(_ name: String, namespace: String = "") -> String? {
        attributes.first { $0.name == name && $0.namespace == namespace }?.value
    }

    /// Child elements with this local name and namespace.
    public func elements(_ name: String, namespace: String) -> [XMLElement] {
        children.compactMap {
            if case .element(let e) = $0, e.name == name, e.namespace == namespace { return e }
            return nil
        }
    }

    public func element(_ name: String, namespace: String) -> XMLElement? {
        for case .element(let e) in children where e.name == name && e.namespace == namespace { return e }
        return nil
    }

    /// Every descendant element (depth first, document order) that matches.
    public func descendants(where match: (XMLElement) -> Bool) -> [XMLElement] {
        var found: [XMLElement] = []
        func walk(_ e: XMLElement) {
            for case .element(let child) in e.children {
                if match(child) { found.append(child) }
                walk(child)
            }
        }
        walk(self)
        return found
    }

    /// The concatenated character data of this element and its descendants.
    public var text: String {
        var out = ""
        func walk(_ e: XMLElement) {
            for child in e.children {
                switch child {
                case .text(let t): out += t
                case .element(let c): walk(c)
                }
            }
        }
        walk(self)
        return out
    }
}

public struct XMLAttribute: Sendable, Equatable {
    public var name: String
    public var namespace: String
    public var value: String
}

public indirect enum XMLNode: Sendable, Equatable {
    case element(XMLElement)
    case text(String)
}

/// Namespace URIs the readers match on.
public enum Namespace {
    public static let container = "urn:oasis:names:tc:opendocument:xmlns:container"
    public static let opf = "http://www.idpf.org/2007/opf"
    public static let dc = "http://purl.org/dc/elements/1.1/"
    public static let xhtml = "http://www.w3.org/1999/xhtml"
    public static let epub = "http://www.idpf.org/2007/ops"
    public static let ncx = "http://www.daisy.org/z3986/2005/ncx/"
    public static let xml = "http://www.w3.org/XML/1998/namespace"
    public static let svg = "http://www.w3.org/2000/svg"
    public static let xlink = "http://www.w3.org/1999/xlink"
    public static let encryption = "http://www.w3.org/2001/04/xmlenc#"
}

/// Bounds on XML input from a possibly hostile book.
public struct XMLLimits: Sendable {
    public var maxDepth: UInt32 = 256
    public var maxEventBytes: UInt64 = 512 << 20
    public init() {}
}

public enum XMLParser {
    /// Parses XML (or HTML with recovery) into a tree, or says why not; `path` names the document in errors.
    public static func parse(_ bytes: [UInt8], path: String, html: Bool = false,
                             limits: XMLLimits = XMLLimits()) throws(ReadError) -> XMLElement {
        let doc = try XMLNodes.parse(bytes, path: path, html: html, limits: limits)
        return doc.tree(doc.root)
    }

    /// Parses XML that other reading systems open although it is not well-formed: strictly first, and when the
    /// error is one libxml2's recovery mode reads past safely (an undeclared namespace prefix, an undefined
    /// entity such as `&nbsp;`), again in recovery mode, with a warning. Any other error (a mismatched tag, a
    /// truncated document) stays an error, and the bounds stay in force.
    public static func parse(_ bytes: [UInt8], path: String, recoveringInto diagnostics: inout [Diagnostic],
                             limits: XMLLimits = XMLLimits()) throws(ReadError) -> XMLElement {
        switch XMLNodes.run(bytes, path: path, mode: 0, limits: limits) {
        case .parsed(let doc, _):
            return doc.tree(doc.root)
        case .failed(let error, let forgivable):
            guard forgivable, case .parsed(let doc, let recovered) = XMLNodes.run(bytes, path: path, mode: 2, limits: limits) else {
                throw error
            }
            diagnostics.append(.warning((recovered ?? error).message + "; recovered"))
            return doc.tree(doc.root)
        }
    }
}

extension XMLNodes {
    /// The element as a tree of values, for the package, navigation and container documents.
    func tree(_ id: NodeID) -> XMLElement {
        let n = nodes[Int(id)]
        var attributes: [XMLAttribute] = []
        attributes.reserveCapacity(Int(n.count))
        for a in self.attributes[Int(n.start)..<Int(n.start + n.count)] {
            attributes.append(XMLAttribute(name: names.strings[Int(a.name)], namespace: namespaces.strings[Int(a.namespace)],
                                           value: String(decoding: bytes[Int(a.start)..<Int(a.start + a.count)], as: UTF8.self)))
        }
        var children: [XMLNode] = []
        for c in self.children(id) {
            children.append(isText(c) ? .text(text(c)) : .element(tree(c)))
        }
        return XMLElement(name: names.strings[Int(n.name)], namespace: namespaces.strings[Int(n.namespace)],
                          attributes: attributes, children: children)
    }
}
