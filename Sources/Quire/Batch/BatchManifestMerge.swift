import Foundation

/// `quire batch --merge`: the manifests of many shards (or of many reruns) as one, with each book's last word.
///
/// Why "last": a manifest is an append-only log (`BatchManifest`), so a book rerun after a failure or a requeue has
/// several lines and the latest one is true. Manifests are added in the order given and read in line order, so a
/// later manifest's line wins over an earlier one's. The merged manifest holds one line per key, sorted by the key's
/// bytes, each line copied verbatim (no field is re-encoded, so it still compares with the shard's own).
///
/// Nothing here throws on bad input: a line cut short by a kill (no final newline) or that is not a manifest line
/// is counted in `invalid` with where it was, and skipped; the caller reports it.
public struct BatchManifestMerge: Sendable {
    /// The last valid line seen for one key.
    public struct Entry: Sendable, Equatable {
        public var key: String
        /// `ok`, `skipped` or `error` (`BatchResult.Status`).
        public var status: BatchResult.Status
        public var error: String?
        /// The line as read, without its newline.
        public var line: String
        /// The manifest it came from, as named to `add`.
        public var source: String
    }

    /// A line that was skipped: `line` counts from 1.
    public struct InvalidLine: Sendable, Equatable {
        public var source: String
        public var line: Int
        /// `cut short` (no final newline: a writer was killed mid-line) or `not a manifest line`.
        public var reason: String
    }

    public private(set) var latest: [String: Entry] = [:]
    public private(set) var invalid: [InvalidLine] = []
    /// Manifests added, and valid lines read from them.
    public private(set) var manifests = 0
    public private(set) var lines = 0

    public init() {}

    /// Reads one manifest's bytes; `source` names it in `Entry.source` and `InvalidLine.source`.
    public mutating func add(_ bytes: Data, source: String) {
        manifests += 1
        var number = 0
        var start = bytes.startIndex
        while start < bytes.endIndex {
            number += 1
            let newline = bytes[start...].firstIndex(of: 0x0A)
            let end = newline ?? bytes.endIndex
            defer { start = newline.map { bytes.index(after: $0) } ?? bytes.endIndex }
            let chunk = bytes[start..<end]
            if chunk.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            guard newline != nil else {
                invalid.append(InvalidLine(source: source, line: number, reason: "cut short"))
                continue
            }
            guard let entry = Self.entry(Data(chunk), source: source) else {
                invalid.append(InvalidLine(source: source, line: number, reason: "not a manifest line"))
                continue
            }
            lines += 1
            latest[entry.key] = entry
        }
    }

    /// A JSON object with a string `key` and a known `status`; nil for anything else.
    static func entry(_ line: Data, source: String) -> Entry? {
        guard let object = (try? JSONSerialization.jsonObject(with: line)) as? [String: Any],
              let key = object["key"] as? String, let text = object["status"] as? String,
              let status = BatchResult.Status(rawValue: text),
              let string = String(data: line, encoding: .utf8) else { return nil }
        return Entry(key: key, status: status, error: object["error"] as? String, line: string, source: source)
    }

    /// The entries sorted by the bytes of their keys (the order `BatchInputs` lists books in).
    public var entries: [Entry] {
        latest.values.sorted { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }
    }

    /// The merged manifest: one line per key, by key, each ending in a newline.
    public var merged: String { entries.map { $0.line + "\n" }.joined() }

    /// Entries whose last status is `error`, by key.
    public var failed: [Entry] { entries.filter { $0.status == .error } }

    /// Keys of `expected` that no manifest has a line for, in the order given.
    public func missing(_ expected: [String]) -> [String] { expected.filter { latest[$0] == nil } }

    /// How many keys end in each status.
    public func count(_ status: BatchResult.Status) -> Int { latest.values.filter { $0.status == status }.count }
}
