import Synchronization

/// A sheet ready for the cascade: where it came from and the media it applies to (the `media` attribute of its
/// `<link>`/`<style>` and every `@import` media list on the way to it; all must match).
public struct LoadedSheet: Sendable {
    /// The sheet's path in the container (for `<style>`: `<style>` and the document's path).
    public var label: String
    public var sheet: Stylesheet
    public var media: [MediaQueryList]

    public init(label: String, sheet: Stylesheet, media: [MediaQueryList] = []) {
        self.label = label; self.sheet = sheet; self.media = media
    }
}

/// A document's own style sources, in document order.
public enum StyleSource: Sendable {
    /// `<link rel="stylesheet" href>`: the href already resolved against the document (a container path).
    case linked(path: String, media: String?)
    /// `<style>`: its text; `@import` inside resolves against `documentPath`.
    case embedded(text: String, documentPath: String, media: String?)
}

/// Reads and parses each sheet of a book once, whoever asks first; shared by parallel chapter readers.
public final class SheetCache: Sendable {
    private let read: @Sendable (String) -> [UInt8]?
    private let sheets = Mutex<[String: Stylesheet?]>([:])

    /// `read` returns a sheet's bytes by container path, nil when it is missing or unreadable.
    public init(read: @escaping @Sendable (String) -> [UInt8]?) { self.read = read }

    /// The parsed sheet at `path`, nil when it cannot be read. The lock is held while parsing, so two chapters
    /// never parse the same sheet twice.
    public func sheet(at path: String) -> Stylesheet? {
        sheets.withLock { cache in
            if let cached = cache[path] { return cached }
            let sheet = read(path).map(Stylesheet.init(bytes:))
            cache[path] = sheet
            return sheet
        }
    }
}

/// Turns a document's style sources into the ordered list of sheets of its cascade, following `@import`
/// (CSS Cascade 4 §6.1): an imported sheet's rules come where its `@import` stands, before the importing sheet's.
/// Imports resolve against the importing sheet's path; a cycle is cut where it closes; depth, count and total bytes
/// are bounded, since a book can be hostile. What was cut or missing is reported in `warnings`.
public struct StylesheetLoader {
    public var maxDepth = 16
    public var maxSheets = 256
    public var maxTotalBytes = 16 << 20
    private let cache: SheetCache

    public init(cache: SheetCache) { self.cache = cache }

    public struct Result: Sendable {
        public var sheets: [LoadedSheet]
        public var warnings: [String]
    }

    public func load(_ sources: [StyleSource]) -> Result {
        var state = State()
        for source in sources {
            switch source {
            case .linked(let path, let media):
                guard let sheet = cache.sheet(at: path) else { state.warnings.append("stylesheet \(path) is missing"); continue }
                expand(sheet, label: path, base: path, media: media.map { [MediaQueryList($0)] } ?? [], chain: [path], &state)
            case .embedded(let text, let documentPath, let media):
                expand(Stylesheet(text), label: "<style> in \(documentPath)", base: documentPath,
                       media: media.map { [MediaQueryList($0)] } ?? [], chain: [], &state)
            }
        }
        return Result(sheets: state.sheets, warnings: state.warnings)
    }

    private struct State {
        var sheets: [LoadedSheet] = []
        var warnings: [String] = []
        var bytes = 0
    }

    private func expand(_ sheet: Stylesheet, label: String, base: String, media: [MediaQueryList], chain: [String],
                        _ state: inout State) {
        guard state.sheets.count < maxSheets, state.bytes + sheet.byteCount <= maxTotalBytes else {
            state.warnings.append("stylesheet \(label) skipped: the book's sheets exceed \(maxSheets) sheets or \(maxTotalBytes) bytes")
            return
        }
        state.bytes += sheet.byteCount
        for i in sheet.imports {
            guard let path = StylesheetLoader.resolve(i.href, against: base) else {
                state.warnings.append("@import \"\(i.href)\" in \(label) is not in the book"); continue
            }
            if chain.contains(path) { state.warnings.append("@import cycle at \(path) (from \(label))"); continue }
            if chain.count >= maxDepth { state.warnings.append("@import deeper than \(maxDepth) at \(path)"); continue }
            guard let imported = cache.sheet(at: path) else { state.warnings.append("stylesheet \(path) is missing (@import in \(label))"); continue }
            let conditions = i.media.queries.isEmpty ? media : media + [i.media]
            expand(imported, label: path, base: path, media: conditions, chain: chain + [path], &state)
        }
        state.sheets.append(LoadedSheet(label: label, sheet: sheet, media: media))
    }

    /// A relative URL resolved against a container path (RFC 3986 §5.2 for path-only references): fragment and
    /// query dropped, `%XX` decoded, `.` and `..` segments removed. nil for an absolute URL with a scheme or a
    /// path that climbs above the container root.
    public static func resolve(_ href: String, against base: String) -> String? {
        var ref = Substring(href)
        if let cut = ref.firstIndex(where: { $0 == "#" || $0 == "?" }) { ref = ref[..<cut] }
        guard !ref.isEmpty else { return nil }
        if let colon = ref.firstIndex(of: ":"), !ref[..<colon].contains("/") { return nil }  // a scheme
        var segments: [Substring] = ref.hasPrefix("/") ? [] : base.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        for part in ref.split(separator: "/", omittingEmptySubsequences: false) {
            switch part {
            case ".", "": continue
            case "..": if segments.isEmpty { return nil }; segments.removeLast()
            default: segments.append(part)
            }
        }
        return percentDecoded(segments.filter { !$0.isEmpty }.joined(separator: "/"))
    }

    private static func percentDecoded(_ s: String) -> String {
        guard s.contains("%") else { return s }
        var out: [UInt8] = []
        let bytes = Array(s.utf8)
        var i = 0
        func hex(_ b: UInt8) -> UInt8? {
            switch b {
            case 0x30...0x39: return b - 0x30
            case 0x41...0x46: return b - 0x41 + 10
            case 0x61...0x66: return b - 0x61 + 10
            default: return nil
            }
        }
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count, let h = hex(bytes[i + 1]), let l = hex(bytes[i + 2]) {
                out.append(h << 4 | l)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
