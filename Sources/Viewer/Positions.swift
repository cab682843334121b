import Foundation

/// Where the reader was in a book: a source location, never a page number (DESIGN.md §7), so that the next `view`
/// at another terminal size, page size or orientation opens on the same text.
public struct ReadingPosition: Sendable, Hashable, Codable {
    /// The spine document, as `Page.source.href` gives it.
    public var href: String
    /// A source offset within that document, as `PageSource.start` gives it: the first character on the page.
    public var offset: Int

    public init(href: String, offset: Int) {
        self.href = href
        self.offset = offset
    }
}

/// A position that could not be saved (the folder or the file could not be written).
public struct PositionStoreError: Error, Sendable, Equatable {
    public var path: String
    public var reason: String
}

/// The last reading position of each book, kept in one JSON object keyed by `BookKey`:
/// `{"<key>": {"href": "text/ch3.xhtml", "offset": 5120, "saved": "2026-12-02T03:27:30.123Z"}, …}`.
///
/// - The file is state, not configuration: it lives under `$XDG_STATE_HOME` (`defaultPath`).
/// - A save reads the file, changes one entry and writes the whole object to a temporary file in the same folder,
///   renamed over the old one: a reader sees the old file or the new one, never half of one. Saves from two
///   `quire view`s at once are serialised by a lock on the folder (`flock`), so neither loses the other's entry.
/// - A file that is missing, unreadable, not JSON, or larger than `maxFileBytes` reads as empty and is replaced by
///   the next save; an entry that is malformed is skipped. Losing a place is better than refusing to open a book.
/// - The file stays bounded: at most `limit` books, the ones saved longest ago dropped first.
public struct PositionStore: Sendable {
    /// Books remembered: a reader's whole library, and about 150 KiB of JSON.
    public static let defaultLimit = 1000
    /// Largest file read; a bigger one was not written by Quire (1000 entries take a small part of it).
    public static let maxFileBytes = 4 << 20

    public let path: String
    public let limit: Int

    public init(path: String, limit: Int = PositionStore.defaultLimit) {
        self.path = path
        self.limit = max(1, limit)
    }

    /// `$XDG_STATE_HOME/quire/positions.json`, or `$HOME/.local/state/quire/positions.json` when
    /// `XDG_STATE_HOME` is unset, empty or relative (XDG Base Directory Specification 0.8: "All paths set in
    /// these environment variables must be absolute. If an implementation encounters a relative path in any of
    /// these variables it should consider the path invalid and ignore it."). Nil when neither gives an absolute
    /// folder: the reader then does not remember, rather than writing somewhere relative to where it was started.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let base: String
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            base = state
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = trimmed(home) + "/.local/state"
        } else {
            return nil
        }
        return trimmed(base) + "/quire/positions.json"
    }

    /// The position last saved for `book`, if any.
    public func position(for book: String) -> ReadingPosition? {
        readEntries()[book]?.position
    }

    /// Remembers `position` for `book` (at `time`, which orders the entries when the file is full).
    public func save(_ position: ReadingPosition, for book: String, at time: Date = Date()) throws(PositionStoreError) {
        let folder = Self.folder(of: path)
        try makeFolders(folder)
        let lock = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard lock >= 0 else { throw failure(folder) }
        defer { close(lock) }
        // Without the lock (a file system that has none) a save still replaces the file whole; only a save made
        // at the same moment by another reader could be lost, and leftovers stay (one could be that save's).
        var locked = flock(lock, LOCK_EX) == 0
        while !locked, errno == EINTR { locked = flock(lock, LOCK_EX) == 0 }
        if locked { removeLeftovers(in: folder) }
        var others = readEntries()
        others[book] = nil
        if others.count >= limit {
            // The newest saves are kept (equal times in key order, not in the dictionary's); the book being saved
            // always is, even when the clock has gone back.
            let kept = others.sorted { ($0.value.saved, $1.key) > ($1.value.saved, $0.key) }.prefix(limit - 1)
            others = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
        }
        others[book] = Entry(position: position, saved: time)
        try write(Self.encode(others), in: folder)
    }

    // MARK: - The file

    struct Entry {
        var position: ReadingPosition
        var saved: Date
    }

    /// One entry as it is written. `saved` is kept as text so that a hand-edited time, which cannot be parsed,
    /// costs only the entry's age (it counts as the oldest), not the entry.
    private struct Stored: Codable {
        var href: String
        var offset: Int
        var saved: String
    }

    /// Decodes an entry or nothing, so one bad entry does not cost the others.
    private struct Lenient: Decodable {
        var stored: Stored?
        init(from decoder: Decoder) throws { stored = try? Stored(from: decoder) }
    }

    func readEntries() -> [String: Entry] {
        guard let bytes = readFile(), let object = try? JSONDecoder().decode([String: Lenient].self, from: bytes) else {
            return [:]
        }
        var entries: [String: Entry] = [:]
        for (key, value) in object {
            guard let stored = value.stored, stored.offset >= 0 else { continue }
            entries[key] = Entry(position: ReadingPosition(href: stored.href, offset: stored.offset),
                                 saved: Self.parseTime(stored.saved) ?? .distantPast)
        }
        return entries
    }

    /// The file's bytes; nil when it is missing, not a regular file (a FIFO would block), or too large.
    private func readFile() -> Data? {
        let file = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= Self.maxFileBytes else { return nil }
        var bytes = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(file, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
            // A file that grew past the limit since `fstat` is as suspect as one that was that large.
            if bytes.count > Self.maxFileBytes { return nil }
        }
    }

    static func encode(_ entries: [String: Entry]) -> Data {
        let stored = entries.mapValues {
            Stored(href: $0.position.href, offset: $0.position.offset, saved: formatTime($0.saved))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Encoding strings and integers cannot fail.
        return ((try? encoder.encode(stored)) ?? Data("{}".utf8)) + Data("\n".utf8)
    }

    /// Writes `bytes` to a fresh temporary file in `folder` (mode 0600, from `mkstemp`), flushes it to disk, and
    /// renames it over `path`: after a crash the file holds the old object or the new one, never a torn mix.
    private func write(_ bytes: Data, in folder: String) throws(PositionStoreError) {
        var template = Array((folder + "/" + Self.temporaryPrefix(of: path) + "XXXXXX").utf8CString)
        let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard file >= 0 else { throw failure(folder) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var problem: String?
        bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count, problem == nil {
                let count = Glibc.write(file, buffer.baseAddress! + written, buffer.count - written)
                if count < 0, errno == EINTR { continue }
                if count <= 0 { problem = Self.errnoText() } else { written += count }
            }
        }
        if problem == nil, fsync(file) != 0 { problem = Self.errnoText() }
        close(file)
        if problem == nil, rename(temporary, path) != 0 { problem = Self.errnoText() }
        if let problem {
            unlink(temporary)
            throw PositionStoreError(path: path, reason: problem)
        }
    }

    /// Creates the folders on the way to `folder` that are missing, each 0700 (XDG Base Directory Specification:
    /// "an attempt should be made to create it with permission 0700"); folders that exist are left as they are.
    private func makeFolders(_ folder: String) throws(PositionStoreError) {
        var prefix = folder.hasPrefix("/") ? "" : "."
        for part in folder.split(separator: "/") {
            prefix += "/" + part
            if mkdir(prefix, 0o700) != 0, errno != EEXIST { throw failure(prefix) }
        }
    }

    /// Temporary files a save that was killed left behind; with the lock held, no other save is writing one.
    private func removeLeftovers(in folder: String) {
        let prefix = Self.temporaryPrefix(of: path)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(prefix) {
            unlink(folder + "/" + name)
        }
    }

    private func failure(_ path: String) -> PositionStoreError {
        PositionStoreError(path: path, reason: Self.errnoText())
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }

    // MARK: - Names and times

    /// `.positions.json.` for `…/positions.json`: hidden, and named after the file it will replace.
    static func temporaryPrefix(of path: String) -> String {
        "." + (path as NSString).lastPathComponent + "."
    }

    static func folder(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    private static func trimmed(_ path: String) -> String {
        var path = Substring(path)
        while path.hasSuffix("/") { path = path.dropLast() }
        return String(path)
    }

    /// ISO 8601 in UTC with milliseconds (`2026-12-02T03:27:30.123Z`): readable, and fine enough to order saves.
    static func formatTime(_ time: Date) -> String {
        time.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// Reads what `formatTime` writes, and whole seconds too (a time written by hand).
    static func parseTime(_ text: String) -> Date? {
        (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
            ?? (try? Date.ISO8601FormatStyle().parse(text))
    }
}
