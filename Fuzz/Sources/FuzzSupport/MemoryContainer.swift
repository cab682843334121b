import BookReaders

/// An EPUB container held in a dictionary: lets a fuzz target put its input at one path of an otherwise
/// well-formed book, so the bytes reach the parser behind that path through the same calls a real book makes.
public struct MemoryContainer: Container {
    public var files: [String: [UInt8]]

    public init(_ files: [String: [UInt8]]) { self.files = files }

    /// Sorted, so that a run never depends on dictionary order.
    public var paths: [String] { files.keys.sorted() }

    public func contains(_ path: String) -> Bool { files[path] != nil }

    public func read(_ path: String) throws(ReadError) -> [UInt8] {
        guard let bytes = files[path] else { throw .missingPart(path) }
        return bytes
    }

    public func size(of path: String) -> Int? { files[path]?.count }
}

/// The fixed parts of the books the fuzz targets build around their input.
public enum FuzzBook {
    public static let containerXML = Array("""
        <?xml version="1.0"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
          <rootfiles><rootfile full-path="OPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
        </container>
        """.utf8)

    /// A package document whose manifest names `items` (id, href, media type, properties) and whose spine
    /// reads the ones marked `inSpine`; a `toc` attribute points at the NCX when there is one.
    public static func opf(items: [(id: String, href: String, type: String, properties: String, inSpine: Bool)],
                           ncx: String? = nil) -> [UInt8] {
        let manifest = items.map { item in
            let properties = item.properties.isEmpty ? "" : " properties=\"\(item.properties)\""
            return "<item id=\"\(item.id)\" href=\"\(item.href)\" media-type=\"\(item.type)\"\(properties)/>"
        }.joined(separator: "\n    ")
        let spine = items.filter(\.inSpine).map { "<itemref idref=\"\($0.id)\"/>" }.joined()
        let toc = ncx.map { " toc=\"\($0)\"" } ?? ""
        return Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
                <dc:identifier id="id">urn:uuid:fuzz</dc:identifier><dc:title>Fuzz</dc:title><dc:language>en</dc:language>
              </metadata>
              <manifest>
                \(manifest)
              </manifest>
              <spine\(toc)>\(spine)</spine>
            </package>
            """.utf8)
    }

    /// A book of `files` beside the mimetype and container.xml, read as Quire reads any EPUB.
    /// Errors are answers, not findings: only a crash, a hang or runaway memory is a bug.
    public static func read(_ files: [String: [UInt8]]) {
        var all = files
        all["mimetype"] = Array("application/epub+zip".utf8)
        all["META-INF/container.xml"] = containerXML
        _ = try? EPUBReader.read(container: MemoryContainer(all))
    }
}

/// Reads the leading bytes of a fuzz input as choices, leaving the rest as the payload.
public struct FuzzInput {
    public private(set) var bytes: ArraySlice<UInt8>

    public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = size > 0 && data != nil ? ArraySlice(UnsafeBufferPointer(start: data, count: size)) : []
    }

    /// One byte, or 0 when the input is used up.
    public mutating func byte() -> UInt8 { bytes.popFirst() ?? 0 }

    /// A number in `range`, taken from one byte.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(byte()) % (range.upperBound - range.lowerBound + 1)
    }

    public var rest: [UInt8] { Array(bytes) }
}
