import BookModel

/// Reads an OPF package document (EPUB 2 and 3) into a `Publication`.
enum PackageDocument {
    static func parse(_ bytes: [UInt8], path: String, diagnostics: inout [Diagnostic]) throws(ReadError) -> Publication {
        let root = try XMLParser.parse(bytes, path: path, recoveringInto: &diagnostics)
        guard root.name == "package", root.namespace == Namespace.opf else {
            throw .invalid("\(path) is not an OPF package document (root element <\(root.name)>)")
        }
        let version = root.attribute("version") ?? "2.0"
        let metadataElement = root.element("metadata", namespace: Namespace.opf)
            ?? XMLElement(name: "metadata", namespace: Namespace.opf, attributes: [], children: [])
        var metadata = readMetadata(metadataElement, uniqueID: root.attribute("unique-identifier"))
        if metadata.languages.isEmpty, let lang = root.attribute("lang", namespace: Namespace.xml) {
            metadata.languages = [lang]
        }

        var manifest: [ManifestItem] = []
        for item in root.element("manifest", namespace: Namespace.opf)?.elements("item", namespace: Namespace.opf) ?? [] {
            guard let id = item.attribute("id"), let href = item.attribute("href") else {
                diagnostics.append(.warning("\(path): manifest item without id or href skipped"))
                continue
            }
            manifest.append(ManifestItem(id: id, path: ContainerPath.resolve(href, against: path),
                                         mediaType: item.attribute("media-type") ?? "",
                                         properties: tokens(item.attribute("properties")),
                                         fallback: item.attribute("fallback")))
        }
        let byID = Dictionary(manifest.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

        let spineElement = root.element("spine", namespace: Namespace.opf)
        if spineElement == nil { diagnostics.append(.warning("\(path): no spine")) }
        switch spineElement?.attribute("page-progression-direction") {
        case "rtl": metadata.pageProgression = .rtl
        case "ltr": metadata.pageProgression = .ltr
        default: break
        }
        var spine: [SpineItem] = []
        // One warning per unknown id, not per itemref: a spine may repeat a bad id thousands of times.
        var unknown: Set<String> = []
        for itemref in spineElement?.elements("itemref", namespace: Namespace.opf) ?? [] {
            guard let idref = itemref.attribute("idref") else { continue }
            let properties = tokens(itemref.attribute("properties"))
            let item = byID[idref]
            if item == nil, unknown.insert(idref).inserted {
                diagnostics.append(.warning("\(path): spine item '\(idref)' is not in the manifest; skipped"))
            }
            spine.append(SpineItem(idref: idref, path: item?.path, mediaType: item?.mediaType,
                                   linear: itemref.attribute("linear") != "no", properties: properties,
                                   pageSpread: pageSpread(properties), layout: layoutOverride(properties)))
        }
        return Publication(packagePath: path, otherRootfiles: [], version: version, metadata: metadata,
                           manifest: manifest, spine: spine, ncxID: spineElement?.attribute("toc"))
    }

    private static func readMetadata(_ element: XMLElement, uniqueID: String?) -> BookMetadata {
        var metadata = BookMetadata()
        func texts(_ name: String) -> [String] {
            element.elements(name, namespace: Namespace.dc).map { collapse($0.text) }.filter { !$0.isEmpty }
        }
        metadata.titles = texts("title")
        metadata.authors = texts("creator")
        metadata.languages = texts("language")
        let identifiers = element.elements("identifier", namespace: Namespace.dc)
        metadata.identifier = (identifiers.first { $0.attribute("id") == uniqueID } ?? identifiers.first).map { collapse($0.text) }
        for meta in element.elements("meta", namespace: Namespace.opf) {
            // EPUB 3 `property` metas; EPUB 2 `name`/`content` metas carry the same rendition values rarely.
            let property = meta.attribute("property") ?? meta.attribute("name")
            let value = collapse(meta.attribute("property") != nil ? meta.text : (meta.attribute("content") ?? ""))
            guard meta.attribute("refines") == nil else { continue }
            switch property {
            case "dcterms:modified": metadata.modified = value
            case "rendition:layout": metadata.layout = BookMetadata.Layout(rawValue: value) ?? metadata.layout
            case "rendition:spread":
                metadata.spread = value == "portrait" ? .both : (BookMetadata.SpreadHint(rawValue: value) ?? metadata.spread)
            case "rendition:orientation":
                metadata.orientation = BookMetadata.OrientationHint(rawValue: value) ?? metadata.orientation
            default: break
            }
        }
        return metadata
    }

    private static func pageSpread(_ properties: [String]) -> PageSpread? {
        for property in properties {
            switch property {
            case "page-spread-left", "rendition:page-spread-left": return .left
            case "page-spread-right", "rendition:page-spread-right": return .right
            case "rendition:page-spread-center", "page-spread-center": return .center
            default: continue
            }
        }
        return nil
    }

    private static func layoutOverride(_ properties: [String]) -> BookMetadata.Layout? {
        if properties.contains("rendition:layout-pre-paginated") { return .prePaginated }
        if properties.contains("rendition:layout-reflowable") { return .reflowable }
        return nil
    }

    /// Whether the white-space-separated list `value` (an `epub:type` or `role`) holds one of `candidates`: what
    /// `tokens(value)` holding one says, on the value's bytes without making the list (the importer asks this of
    /// most elements of a book, and `epub:type` values often hold several tokens: issue 19).
    static func hasToken(_ value: String?, anyOf candidates: [StaticString]) -> Bool {
        guard var value else { return false }
        return value.withUTF8 { bytes in
            var i = 0
            let n = bytes.count
            while i < n {
                while i < n && isXMLSpace(bytes[i]) { i += 1 }
                let start = i
                while i < n && !isXMLSpace(bytes[i]) { i += 1 }
                guard i > start else { break }
                let token = UnsafeBufferPointer(rebasing: bytes[start..<i])
                for candidate in candidates where candidate.utf8CodeUnitCount == token.count {
                    let bytes = UnsafeBufferPointer(start: candidate.utf8Start, count: candidate.utf8CodeUnitCount)
                    if token.elementsEqual(bytes) { return true }
                }
            }
            return false
        }
    }

    static func tokens(_ value: String?) -> [String] {
        guard let value else { return [] }
        // The usual single token needs no splitting.
        if !value.utf8.contains(where: isXMLSpace) { return value.isEmpty ? [] : [value] }
        return value.split(whereSeparator: isXMLSpace).map(String.init)
    }
}

/// Collapses runs of XML whitespace to one space and trims the ends.
func collapse(_ s: String) -> String {
    var ascii = true, space = false, cr = false
    for b in s.utf8 {
        if b >= 0x80 { ascii = false } else if b == 0x0D { cr = true } else if isXMLSpace(b) { space = true }
    }
    // Without whitespace there is nothing to do; in ASCII without CR (no CR LF grapheme) every Character is one
    // byte, so collapsing bytes gives what splitting Characters gives.
    if !space && !cr { return s }
    guard ascii && !cr else {
        return s.split(whereSeparator: isXMLSpace).joined(separator: " ")
    }
    var out: [UInt8] = []
    out.reserveCapacity(s.utf8.count)
    var pending = false
    for b in s.utf8 {
        if isXMLSpace(b) { pending = !out.isEmpty; continue }
        if pending { out.append(0x20); pending = false }
        out.append(b)
    }
    return String(decoding: out, as: UTF8.self)
}

/// Space, tab, line feed or carriage return: the separators of `collapse` and `tokens`.
@inline(__always) func isXMLSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

/// A Character that is one XML whitespace scalar: what `$0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r"` tells,
/// without comparing Characters (`Character.singleASCIIByte`); "\r\n", a Character of two scalars, is not one.
@inline(__always) func isXMLSpace(_ c: Character) -> Bool { c.singleASCIIByte.map(isXMLSpace) ?? false }
