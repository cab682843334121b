import BookReaders
import Hashing
import Foundation

/// One book of a batch: where it is read from, the machine-independent key that names and shards it, and its
/// output folder's name under the output root.
public struct BatchBook: Sendable, Hashable {
    /// `unusable`: named by the user but not a book (binary data, a device, …); `problem` says why.
    public enum Kind: String, Sendable { case epub, epubFolder, markdown, missing, unusable }

    /// The path the book is opened from (as given, joined with what the search found).
    public var path: String
    /// The book's path relative to its input root, normalized (see `BatchInputs`); hashed for names and shards.
    public var key: String
    public var kind: Kind
    /// The folder under the output root: sanitized stem + `-` + the first 8 hex digits of SHA-256(key).
    public var name: String
    /// Why the book cannot be read, when discovery already knows (it then fails without being opened).
    public var problem: String?

    public init(path: String, key: String, kind: Kind, name: String, problem: String? = nil) {
        self.path = path
        self.key = key
        self.kind = kind
        self.name = name
        self.problem = problem
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

/// An entry of a searched folder that is not a book, or that cannot be looked at: listed by `quire batch --verbose`
/// and counted in its summary. Hidden entries, the output root and the insides of an unpacked EPUB are left out on
/// purpose and are not listed.
public struct BatchIgnoredInput: Sendable, Hashable {
    public var path: String
    /// Why, in a few words: `not named .epub, .md or .markdown`, `a symbolic link to a folder, not followed`, …
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}

/// What the inputs of a batch hold: the books (sorted by key) and the ignored entries (sorted by path).
public struct BatchDiscovery: Sendable, Equatable {
    public var books: [BatchBook]
    public var ignored: [BatchIgnoredInput]
}

/// Finds the books of a batch. Each input has a root, and a book's key is its path relative to that root:
/// a folder argument is its own root (keys like `epub/moby-dick.epub`), a file argument's root is its parent
/// (key: the file name), and an `@list.txt`'s root is the list's folder (relative entries keep their path;
/// absolute entries outside that folder keep their absolute path). Keys are NFC, `/`-separated, without `.`
/// or `..` steps, so the same tree gives the same keys (and names and shards) on any machine.
///
/// A file named on the command line or in a list is judged by its content, as `quire render` judges it
/// (`InputKind`): the user asked for it, so a text file is a Markdown book and a binary one is a book that fails
/// with the reason. A file found in a folder is taken by its name (`.epub`, `.md`, `.markdown`) and anything else
/// is ignored and listed: libraries hold covers, notes and licences that are not meant as books.
public enum BatchInputs {
    /// A book found, before it is keyed and named; `problem` is why it cannot be read, known before reading it.
    struct Candidate {
        var path: String
        var key: String
        var kind: BatchBook.Kind
        var problem: String? = nil
    }

    /// Lists the books of the inputs, sorted by key, each once; `exclude` (the output root) is never searched.
    public static func discover(_ inputs: [String], exclude: String? = nil) throws(BatchError) -> [BatchBook] {
        try scan(inputs, exclude: exclude).books
    }

    /// The books of the inputs, and the entries of searched folders that were ignored and why.
    public static func scan(_ inputs: [String], exclude: String? = nil) throws(BatchError) -> BatchDiscovery {
        var found: [Candidate] = []
        var ignored: [BatchIgnoredInput] = []
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
                    named(path, key: key, excluded: excluded, into: &found, ignoring: &ignored)
                }
            } else {
                var isFolder: ObjCBool = false
                let exists = FileManager.default.fileExists(atPath: input, isDirectory: &isFolder)
                let name = (absolute(input) as NSString).lastPathComponent
                let isRoot = exists && isFolder.boolValue && !isEPUBFolder(input)
                named(input, key: isRoot ? "" : name, excluded: excluded, into: &found, ignoring: &ignored)
            }
        }
        var seen: Set<String> = []
        let listed = ignored.filter { seen.insert($0.path).inserted }
            .sorted { Array($0.path.utf8).lexicographicallyPrecedes(Array($1.path.utf8)) }
        return BatchDiscovery(books: try books(found), ignored: listed)
    }

    /// Names, dedupes and sorts what the search found.
    static func books(_ found: [Candidate]) throws(BatchError) -> [BatchBook] {
        var byKey: [String: Candidate] = [:]
        var seenPaths: [String: String] = [:]
        for item in found {
            let key = normalize(item.key)
            let real = realPath(item.path)
            if seenPaths[real] != nil { continue }
            if let other = byKey[key] { throw .keyCollision(key: key, first: other.path, second: item.path) }
            seenPaths[real] = key
            byKey[key] = item
        }
        let keys = byKey.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        var names = keys.map { name(forKey: $0, digits: 8) }
        // A stem and 32 hash bits rarely collide; when they do, both take the full 16 digits.
        var counts: [String: Int] = [:]
        for name in names { counts[name, default: 0] += 1 }
        for (i, name) in names.enumerated() where counts[name]! > 1 { names[i] = self.name(forKey: keys[i], digits: 16) }
        return keys.enumerated().map { i, key in
            let item = byKey[key]!
            return BatchBook(path: item.path, key: key, kind: item.kind, name: names[i], problem: item.problem)
        }
    }

    /// An input the user named (an argument or a list entry): a folder is searched, a file is a book whatever its
    /// name, its kind told by its content (see `InputKind`); what cannot be a book fails as one, with the reason.
    private static func named(_ path: String, key: String, excluded: String?,
                              into found: inout [Candidate], ignoring ignored: inout [BatchIgnoredInput]) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let missing = errno == ENOENT || errno == ENOTDIR
            found.append(Candidate(path: path, key: key, kind: .missing,
                                   problem: missing ? nil : ReadError.unreadable(String(cString: strerror(errno))).message))
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            search(path, key: key, excluded: excluded, into: &found, ignoring: &ignored)
        case S_IFREG:
            if path.lowercased().hasSuffix(".epub") {
                found.append(Candidate(path: path, key: key, kind: .epub))
            } else if Quire.isMarkdown(path) {
                found.append(Candidate(path: path, key: key, kind: .markdown))
            } else {
                // Only a file not named as a book is looked into here; the reader checks the whole text later.
                do {
                    let kind = try InputKind.of(path: path)
                    found.append(Candidate(path: path, key: key, kind: kind.isEPUB ? .epub : .markdown))
                } catch {
                    found.append(Candidate(path: path, key: key, kind: .unusable, problem: error.message))
                }
            }
        default:
            // A FIFO or a device would block or never end when hashed.
            found.append(Candidate(path: path, key: key, kind: .unusable, problem: "not a regular file or folder"))
        }
    }

    /// A folder searched recursively: books by name; hidden entries skipped unlisted; symlinked folders not followed
    /// and every other entry that is not a book listed in `ignored` with the reason.
    private static func search(_ path: String, key: String, excluded: String?,
                               into found: inout [Candidate], ignoring ignored: inout [BatchIgnoredInput]) {
        if isEPUBFolder(path) {
            found.append(Candidate(path: path, key: key, kind: .epubFolder))
            return
        }
        if let excluded, absolute(path) == excluded { return }
        let names: [String]
        switch entries(path) {
        case .success(let list): names = list
        case .failure(let why):
            ignored.append(BatchIgnoredInput(path: path, reason: "cannot list the folder: \(why.reason)"))
            return
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            let child = path.hasSuffix("/") ? path + name : path + "/" + name
            let childKey = key.isEmpty ? name : key + "/" + name
            switch entry(child, name: name) {
            case .folder: search(child, key: childKey, excluded: excluded, into: &found, ignoring: &ignored)
            case .book(let kind): found.append(Candidate(path: child, key: childKey, kind: kind))
            case .ignored(let reason): ignored.append(BatchIgnoredInput(path: child, reason: reason))
            }
        }
    }

    /// What one entry of a searched folder is.
    private enum Entry {
        case folder
        case book(BatchBook.Kind)
        case ignored(String)
    }

    /// Books by name; a symbolic link to a file is followed, one to a folder is not (it could loop, or lead out of
    /// the tree the keys are relative to).
    private static func entry(_ path: String, name: String) -> Entry {
        let failure = { () -> Entry in .ignored("cannot read: \(String(cString: strerror(errno)))") }
        var info = stat()
        guard lstat(path, &info) == 0 else { return failure() }
        var type = info.st_mode & S_IFMT
        if type == S_IFLNK {
            var target = stat()
            guard stat(path, &target) == 0 else { return errno == ENOENT ? .ignored("a broken symbolic link") : failure() }
            type = target.st_mode & S_IFMT
            if type == S_IFDIR { return .ignored("a symbolic link to a folder, not followed") }
        }
        switch type {
        case S_IFDIR: return .folder
        case S_IFREG where name.lowercased().hasSuffix(".epub"): return .book(.epub)
        case S_IFREG where Quire.isMarkdown(name): return .book(.markdown)
        case S_IFREG: return .ignored("not named .epub, .md or .markdown")
        default: return .ignored("not a regular file")
        }
    }

    /// Why a folder could not be listed (the `strerror` text), as an error value.
    struct ListingError: Error { var reason: String }

    /// The names in a folder, `.` and `..` left out.
    static func entries(_ path: String) -> Result<[String], ListingError> {
        guard let folder = opendir(path) else { return .failure(ListingError(reason: String(cString: strerror(errno)))) }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return .success(names)
    }

    /// An unpacked EPUB: a folder holding META-INF/container.xml is one book, never searched inside.
    static func isEPUBFolder(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path + "/META-INF/container.xml")
    }

    /// `/`-separated, no empty, `.` or `..` steps (a leading `..` is kept), Unicode NFC; the steps are worked out
    /// by `ContainerPath.steps`, the one home of that arithmetic.
    public static func normalize(_ key: String) -> String {
        let (steps, climbs) = ContainerPath.steps(key.precomposedStringWithCanonicalMapping)
        let parts = Array(repeating: "..", count: climbs) + steps.map(String.init)
        return (key.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
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
