import BookModel

/// A source of the book's files by path (ZIP archive or unpacked folder); paths are container-relative.
public protocol Container: Sendable {
    /// The entries, in archive order.
    var paths: [String] { get }
    func contains(_ path: String) -> Bool
    func read(_ path: String) throws(ReadError) -> [UInt8]
    /// The entry's first `count` bytes, or all of it when it is shorter: an image's size is in its first bytes,
    /// and inflating every picture whole to find it made a manga of JPEG pages cost 31 times its floor (issue 19).
    /// The same limits as `read` apply. A prefix is not checked against the entry's checksum, which covers the
    /// whole; an entry read to its end is.
    func readPrefix(_ path: String, upTo count: Int) throws(ReadError) -> [UInt8]
    /// The entry's size in bytes as its container declares it (nil when unknown): to schedule big reads first.
    func size(of path: String) -> Int?
}

extension Container {
    public func size(of path: String) -> Int? { nil }
    public func readPrefix(_ path: String, upTo count: Int) throws(ReadError) -> [UInt8] {
        Array(try read(path).prefix(count))
    }
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

    /// Where an href's fragment starts: its first `#` (RFC 3986 §3.5), found among the bytes. `#` is ASCII, so it
    /// is never inside another character's encoding, and it ends the path whatever follows it. Searching
    /// Characters instead cost War and Peace's 386 table-of-contents entries 10 M instructions (issue 19).
    public static func fragmentStart(_ href: String) -> String.Index? {
        href.utf8.firstIndex(of: UInt8(ascii: "#"))
    }

    /// Resolves a relative href against the folder of `base`; drops the fragment and query.
    public static func resolve(_ href: String, against base: String) -> String {
        if let resolved = resolveASCII(href, against: base) { return resolved }
        var reference = href
        if let hash = fragmentStart(reference) { reference = String(reference[..<hash]) }
        if let query = reference.firstIndex(of: "?") { reference = String(reference[..<query]) }
        reference = percentDecode(reference)
        // An empty reference ("#note", "") is the base document itself (RFC 3986 §5.2.2).
        if reference.isEmpty { return normalize(base) }
        let joined = reference.hasPrefix("/") ? String(reference.dropFirst()) : folder(of: base) + reference
        return normalize(joined)
    }

    /// `resolve` on the UTF-8 bytes when both strings are ASCII (where every byte is a Character, so searching
    /// bytes finds what searching Characters finds); nil otherwise.
    private static func resolveASCII(_ href: String, against base: String) -> String? {
        var href = href, base = base
        return href.withUTF8 { h -> String? in
            base.withUTF8 { b -> String? in
                guard h.allSatisfy({ $0 < 0x80 }), b.allSatisfy({ $0 < 0x80 }) else { return nil }
                var end = h.count
                if let hash = h.firstIndex(of: UInt8(ascii: "#")) { end = hash }
                if let query = h[..<end].firstIndex(of: UInt8(ascii: "?")) { end = query }
                let reference = UnsafeBufferPointer(rebasing: h[..<end])
                guard !reference.contains(UInt8(ascii: "%")) else { return nil }
                var joined: [UInt8] = []
                if reference.isEmpty {
                    joined.append(contentsOf: b)
                } else if reference.first == UInt8(ascii: "/") {
                    joined.append(contentsOf: reference.dropFirst())
                } else {
                    if let slash = b.lastIndex(of: UInt8(ascii: "/")) { joined.append(contentsOf: b[...slash]) }
                    joined.append(contentsOf: reference)
                }
                // normalize: drop empty and "." segments; ".." removes the previous one.
                var out: [UInt8] = []
                out.reserveCapacity(joined.count)
                var segmentStarts: [Int] = []
                var i = 0
                while i < joined.count {
                    var j = i
                    while j < joined.count && joined[j] != UInt8(ascii: "/") { j += 1 }
                    let length = j - i
                    if length == 0 || (length == 1 && joined[i] == UInt8(ascii: ".")) {
                        // skip
                    } else if length == 2 && joined[i] == UInt8(ascii: ".") && joined[i + 1] == UInt8(ascii: ".") {
                        if let start = segmentStarts.popLast() { out.removeSubrange(max(start - 1, 0)...) }
                    } else {
                        if !out.isEmpty { out.append(UInt8(ascii: "/")) }
                        segmentStarts.append(out.count)
                        out.append(contentsOf: joined[i..<j])
                    }
                    i = j + 1
                }
                return String(decoding: out, as: UTF8.self)
            }
        }
    }

    /// Removes `.` and `..` segments; `..` never climbs above the root.
    public static func normalize(_ path: String) -> String {
        isNormal(path) ? path : steps(path).steps.joined(separator: "/")
    }

    /// Whether `path` has no empty, `.` or `..` step, and so is what `normalize` makes of it: every entry of an
    /// ordinary archive. Looked at byte by byte, where `steps` splits by Character (about 13,000 instructions for
    /// each of a large book's 400 entries, before any chapter can be read).
    static func isNormal(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            /// A step of length `length` of which `dots` are dots, all of them when equal: empty, `.` or `..`.
            func special(_ length: Int, _ dots: Int) -> Bool { length == dots && length <= 2 }
            var length = 0, dots = 0
            for byte in bytes {
                if byte == UInt8(ascii: "/") {
                    if special(length, dots) { return false }
                    length = 0
                    dots = 0
                } else {
                    length += 1
                    if byte == UInt8(ascii: ".") { dots += 1 }
                }
            }
            return !special(length, dots)
        }
    }

    /// The one home of path-step arithmetic: `path`'s steps without empty and `.` steps, each `..` removing the
    /// step before it; `climbs` counts the `..` steps that found nothing to remove (they would leave the root).
    public static func steps(_ path: String) -> (steps: [Substring], climbs: Int) {
        var parts: [Substring] = []
        var climbs = 0
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if parts.popLast() == nil { climbs += 1 }
                continue
            }
            parts.append(part)
        }
        return (parts, climbs)
    }

    /// `path` relative to `folder`, both absolute file-system paths, worked out on their text (links are the
    /// container's business): `inside` is false when it is not under the folder, and `path` then starts with
    /// the `..` steps that lead out (`../cover.png`), as a message names it.
    public static func relative(_ path: String, to folder: String) -> (path: String, inside: Bool) {
        let target = steps(path).steps, base = steps(folder).steps
        var common = 0
        while common < min(target.count, base.count) && target[common] == base[common] { common += 1 }
        let up = base.count - common
        let relative = Array(repeating: "..", count: up) + target[common...].map(String.init)
        return (relative.joined(separator: "/"), up == 0 && common < target.count)
    }

    /// Whether a reference names a scheme (`https:`, `data:`, `mailto:`): letters, digits, `+`, `-`, `.` after
    /// a letter, then `:`, at least two characters before it (so `C:` is a drive, not a scheme). Such a
    /// reference is never a file of the book, and nothing is fetched for it.
    public static func hasScheme(_ reference: String) -> Bool {
        guard let colon = reference.firstIndex(of: ":") else { return false }
        let scheme = reference[..<colon]
        guard scheme.count >= 2, let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
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
