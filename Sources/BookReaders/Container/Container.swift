import BookModel

/// A source of the book's files by path (ZIP archive or unpacked folder); paths are container-relative.
public protocol Container: Sendable {
    /// The entries, in archive order.
    var paths: [String] { get }
    func contains(_ path: String) -> Bool
    func read(_ path: String) throws(ReadError) -> [UInt8]
}

/// Bounds on a possibly hostile archive; exceeding one is an error that names it.
public struct ContainerLimits: Sendable {
    public var maxEntries = 50_000
    public var maxEntryBytes = 256 << 20
    public var maxTotalBytes = 2 << 30
    /// Inflated/compressed ratio allowed for entries above `ratioFloorBytes`.
    public var maxRatio = 1_000
    public var ratioFloorBytes = 1 << 20

    public init() {}
}

/// Container-relative path arithmetic: resolving hrefs, percent-decoding, and keeping paths inside the root.
public enum ContainerPath {
    /// The folder part of a path, with a trailing slash, or "" at the root.
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    /// Resolves a relative href against the folder of `base`; drops the fragment and query.
    public static func resolve(_ href: String, against base: String) -> String {
        var reference = href
        if let hash = reference.firstIndex(of: "#") { reference = String(reference[..<hash]) }
        if let query = reference.firstIndex(of: "?") { reference = String(reference[..<query]) }
        reference = percentDecode(reference)
        // An empty reference ("#note", "") is the base document itself (RFC 3986 §5.2.2).
        if reference.isEmpty { return normalize(base) }
        let joined = reference.hasPrefix("/") ? String(reference.dropFirst()) : folder(of: base) + reference
        return normalize(joined)
    }

    /// Removes `.` and `..` segments; `..` never climbs above the root.
    public static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return parts.joined(separator: "/")
    }

    /// Decodes %XX escapes as UTF-8; malformed escapes are kept as written.
    public static func percentDecode(_ s: String) -> String {
        guard s.contains("%") else { return s }
        var bytes: [UInt8] = []
        var utf8 = Array(s.utf8)[...]
        while let b = utf8.first {
            if b == UInt8(ascii: "%"), utf8.count >= 3,
               let hi = hexValue(utf8[utf8.startIndex + 1]), let lo = hexValue(utf8[utf8.startIndex + 2]) {
                bytes.append(hi << 4 | lo)
                utf8 = utf8.dropFirst(3)
            } else {
                bytes.append(b)
                utf8 = utf8.dropFirst()
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
