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
        let root = try withEvents(bytes, path: path, html: html, limits: limits) { decode($0) }
        guard let root else { throw .malformed(path: path, line: 0, reason: "no root element") }
        return root
    }

    /// Parses with the shim and hands its event stream (valid only during the call) to `body`.
    static func withEvents<R>(_ bytes: [UInt8], path: String, html: Bool, limits: XMLLimits,
                              _ body: (UnsafeBufferPointer<UInt8>) -> R) throws(ReadError) -> R {
        var result = qx_result()
        bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(buffer.count, 1)) { p in
                qx_parse(p, buffer.count, html ? 1 : 0, limits.maxDepth, limits.maxEventBytes, &result)
            }
        }
        defer { qx_free(&result) }
        guard result.ok != 0 else {
            let message = withUnsafeBytes(of: result.message) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if message.contains("limit") { throw .limitExceeded("\(path): \(message)") }
            throw .malformed(path: path, line: Int(result.line), reason: message)
        }
        guard let events = result.events, result.length > 0 else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return body(UnsafeBufferPointer(start: events, count: result.length))
    }

    /// Rebuilds the tree from the shim's flat event stream.
    private static func decode(_ events: UnsafeBufferPointer<UInt8>) -> XMLElement? {
        var position = 0
        func u32() -> Int {
            let v = Int(events[position]) | Int(events[position + 1]) << 8
                | Int(events[position + 2]) << 16 | Int(events[position + 3]) << 24
            position += 4
            return v
        }
        func string() -> String {
            let n = u32()
            let s = String(decoding: UnsafeBufferPointer(rebasing: events[position..<position + n]), as: UTF8.self)
            position += n
            return s
        }
        var stack: [XMLElement] = []
        var root: XMLElement?
        var pending: [UInt8] = []
        func flushText() {
            guard !pending.isEmpty else { return }
            if !stack.isEmpty { stack[stack.count - 1].children.append(.text(String(decoding: pending, as: UTF8.self))) }
            pending.removeAll(keepingCapacity: true)
        }
        func close(_ done: XMLElement) {
            if stack.isEmpty { if root == nil { root = done } } else { stack[stack.count - 1].children.append(.element(done)) }
        }
        while position < events.count {
            let tag = events[position]
            position += 1
            switch Int32(tag) {
            case Int32(QX_START):
                flushText()
                let name = string()
                let namespace = string()
                let count = u32()
                var attributes: [XMLAttribute] = []
                attributes.reserveCapacity(count)
                for _ in 0..<count {
                    let n = string(), ns = string(), v = string()
                    attributes.append(XMLAttribute(name: n, namespace: ns, value: v))
                }
                stack.append(XMLElement(name: name, namespace: namespace, attributes: attributes, children: []))
            case Int32(QX_END):
                flushText()
                if let done = stack.popLast() { close(done) }
            default:
                let n = u32()
                pending.append(contentsOf: UnsafeBufferPointer(rebasing: events[position..<position + n]))
                position += n
            }
        }
        flushText()
        while let open = stack.popLast() { close(open) }
        return root
    }
}
