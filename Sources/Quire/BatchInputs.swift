import Renderers
import Foundation

/// One book of a batch: where it is read from, the machine-independent key that names and shards it, and its
/// output folder's name under the output root.
public struct BatchBook: Sendable, Hashable {
    public enum Kind: String, Sendable { case epub, epubFolder, markdown, missing }

    /// The path the book is opened from (as given, joined with what the search found).
    public var path: String
    /// The book's path relative to its input root, normalized (see `BatchInputs`); hashed for names and shards.
    public var key: String
    public var kind: Kind
    /// The folder under the output root: sanitized stem + `-` + the first 8 hex digits of SHA-256(key).
    public var name: String

    public init(path: String, key: String, kind: Kind, name: String) {
        self.path = path
        self.key = key
        self.kind = kind
        self.name = name
    }
}

/// Which slice of the books one process takes: shard `index` (1-based) of `count`.
public struct BatchShard: Sendable, Hashable, CustomStringConvertible {
    public var index: Int
    public var count: Int

    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// `K/N`, e.g. `2/3`.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        self.init(index: k, count: n)
    }

    /// Shard of a key: the first 8 bytes of SHA-256(key) as a big-endian integer, modulo N, plus one.
    public static func shard(ofKey key: String, count: Int) -> Int {
        let digest = SHA256.hash(Array(key.utf8))
        let value = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return Int(value % UInt64(count)) + 1
    }

    public func contains(_ book: BatchBook) -> Bool { Self.shard(ofKey: book.key, count: count) == index }

    public var description: String { "\(index)/\(count)" }
}

/// Why the inputs of a batch could not be listed, or its output folder not used: fatal for the whole run.
public enum BatchError: Error, Sendable, Equatable {
    /// An `@list` file that cannot be read.
    case listUnreadable(String)
    /// Two different books would share a key (and so an output folder).
    case keyCollision(key: String, first: String, second: String)
    /// The output root cannot be created or written.
    case outputUnwritable(path: String, reason: String)
    case noInputs

    /// One line, without the `quire: error:` prefix.
    public var message: String {
        switch self {
        case .listUnreadable(let path): return "\(path): cannot read the list file"
        case .keyCollision(let key, let first, let second):
            return "\(first) and \(second) have the same relative path '\(key)'; give their common parent folder instead"
        case .outputUnwritable(let path, let reason): return "\(path): cannot write the output folder: \(reason)"
        case .noInputs: return "no books given"
        }
    }
}

/// Finds the books of a batch. Each input has a root, and a book's key is its path relative to that root:
/// a folder argument is its own root (keys like `epub/moby-dick.epub`), a file argument's root is its parent
/// (key: the file name), and an `@list.txt`'s root is the list's folder (relative entries keep their path;
/// absolute entries outside that folder keep their absolute path). Keys are NFC, `/`-separated, without `.`
/// or `..` steps, so the same tree gives the same keys (and names and shards) on any machine.
public enum BatchInputs {
    /// Lists the books of the inputs, sorted by key, each once; `exclude` (the output root) is never searched.
    public static func discover(_ inputs: [String], exclude: String? = nil) throws(BatchError) -> [BatchBook] {
        var found: [(path: String, key: String, kind: BatchBook.Kind)] = []
        let excluded = exclude.map(absolute)
        for input in inputs {
            if input.hasPrefix("@") {
                let list = String(input.dropFirst())
                guard let data = FileManager.default.contents(atPath: list) else { throw .listUnreadable(list) }
                let base = (list as NSString).deletingLastPathComponent
                for raw in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
                    let line = raw.trimmingCharacters(in: .whitespaces)
                    if line.isEmpty || line.hasPrefix("#") { continue }
                    let path = line.hasPrefix("/") ? line : (base.isEmpty ? line : base + "/" + line)
                    let key: String
                    if line.hasPrefix("/") {
                        let root = absolute(base.isEmpty ? "." : base)
                        let full = absolute(line)
                        key = full.hasPrefix(root + "/") ? String(full.dropFirst(root.count + 1)) : full
                    } else {
                        key = line
                    }
                    search(path, key: key, excluded: excluded, into: &found)
                }
            } else {
                var isFolder: ObjCBool = false
                let exists = FileManager.default.fileExists(atPath: input, isDirectory: &isFolder)
                let name = (absolute(input) as NSString).lastPathComponent
                if exists, isFolder.boolValue, !isEPUBFolder(input) {
                    search(input, key: "", excluded: excluded, into: &found)
                } else {
                    search(input, key: name, excluded: excluded, into: &found)
                }
            }
        }
        return try books(found)
    }

    /// Names, dedupes and sorts what the search found.
    static func books(_ found: [(path: String, key: String, kind: BatchBook.Kind)]) throws(BatchError) -> [BatchBook] {
        var byKey: [String: (path: String, kind: BatchBook.Kind)] = [:]
        var seenPaths: [String: String] = [:]
        for item in found {
            let key = normalize(item.key)
            let real = realPath(item.path)
            if seenPaths[real] != nil { continue }
            if let other = byKey[key] { throw .keyCollision(key: key, first: other.path, second: item.path) }
            seenPaths[real] = key
            byKey[key] = (item.path, item.kind)
        }
        let keys = byKey.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        var names = keys.map { name(forKey: $0, digits: 8) }
        // A stem and 32 hash bits rarely collide; when they do, both take the full 16 digits.
        var counts: [String: Int] = [:]
        for name in names { counts[name, default: 0] += 1 }
        for (i, name) in names.enumerated() where counts[name]! > 1 { names[i] = self.name(forKey: keys[i], digits: 16) }
        return keys.enumerated().map { i, key in
            BatchBook(path: byKey[key]!.path, key: key, kind: byKey[key]!.kind, name: names[i])
        }
    }

    /// A book path, or a folder searched recursively (hidden entries skipped, symlinked folders not followed).
    private static func search(_ path: String, key: String, excluded: String?,
                               into found: inout [(path: String, key: String, kind: BatchBook.Kind)]) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            found.append((path, key, .missing))
            return
        }
        if !isFolder.boolValue {
            found.append((path, key, Quire.isMarkdown(path) ? .markdown : .epub))
            return
        }
        if isEPUBFolder(path) {
            found.append((path, key, .epubFolder))
            return
        }
        if let excluded, absolute(path) == excluded { return }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
        for name in names where !name.hasPrefix(".") {
            let child = path.hasSuffix("/") ? path + name : path + "/" + name
            let childKey = key.isEmpty ? name : key + "/" + name
            var info = stat()
            guard lstat(child, &info) == 0 else { continue }
            let type = info.st_mode & S_IFMT
            var isDir = type == S_IFDIR
            if type == S_IFLNK {
                var target = stat()
                guard stat(child, &target) == 0 else { continue }
                if target.st_mode & S_IFMT == S_IFDIR { continue }
                isDir = false
            }
            if isDir {
                search(child, key: childKey, excluded: excluded, into: &found)
            } else if name.lowercased().hasSuffix(".epub") {
                found.append((child, childKey, .epub))
            } else if Quire.isMarkdown(name) {
                found.append((child, childKey, .markdown))
            }
        }
    }

    /// An unpacked EPUB: a folder holding META-INF/container.xml is one book, never searched inside.
    static func isEPUBFolder(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path + "/META-INF/container.xml")
    }

    /// `/`-separated, no empty, `.` or `..` steps (a leading `..` is kept), Unicode NFC.
    public static func normalize(_ key: String) -> String {
        var parts: [Substring] = []
        let absolute = key.hasPrefix("/")
        for part in key.precomposedStringWithCanonicalMapping.split(separator: "/") {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            parts.append(part)
        }
        return (absolute ? "/" : "") + parts.joined(separator: "/")
    }

    /// `war-and-peace-3f2a9c1e`: the key's last step without its extension, lowercased, anything but a-z, 0-9
    /// and `_` turned into `-`, at most 48 characters; then the first `digits` hex digits of SHA-256(key).
    public static func name(forKey key: String, digits: Int = 8) -> String {
        var stem = (key as NSString).lastPathComponent
        for ext in [".epub", ".md", ".markdown"] where stem.lowercased().hasSuffix(ext) {
            stem = String(stem.dropLast(ext.count))
        }
        var out = ""
        for scalar in stem.lowercased().unicodeScalars {
            let keep = ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
            if keep { out.unicodeScalars.append(scalar) } else if !out.hasSuffix("-") { out += "-" }
        }
        out = String(out.trimmingCharacters(in: CharacterSet(charactersIn: "-")).prefix(48))
        if out.hasSuffix("-") { out = String(out.dropLast()) }
        if out.isEmpty { out = "book" }
        return out + "-" + String(SHA256.hex(key).prefix(digits))
    }

    static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return normalize(full)
    }

    static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return absolute(path) }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
