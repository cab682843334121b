import BookModel
import Foundation

/// How Markdown inputs are cut into chapters.
public struct MarkdownOptions: Sendable, Equatable {
    /// Headings of this level or a higher one (smaller number) start a new chapter; 0 keeps each file whole.
    public var splitHeadings: Int
    /// Input size and table bounds (`InputLimits`).
    public var limits: InputLimits
    /// How footnote references (and note references in raw HTML) are drawn (`--note-markers`).
    public var noteMarkers: NoteMarkers

    public init(splitHeadings: Int = 1, limits: InputLimits = InputLimits(), noteMarkers: NoteMarkers = .superscript) {
        self.splitHeadings = splitHeadings
        self.limits = limits
        self.noteMarkers = noteMarkers
    }
}

/// Reads Markdown (CommonMark with GitHub's tables, strikethrough, autolinks, task lists and footnotes) into a
/// `Document`: each file is a chapter, and headings can start further chapters.
public enum MarkdownReader {
    /// True for names that end in `.md` or `.markdown` (any case): the files a folder contributes.
    public static func isMarkdownPath(_ path: String) -> Bool {
        let name = path.lowercased()
        return name.hasSuffix(".md") || name.hasSuffix(".markdown")
    }

    /// Reads one file, several files in order, a folder (its Markdown files in natural order: ch2 before ch10),
    /// or "-" (standard input).
    public static func read(paths: [String], options: MarkdownOptions = MarkdownOptions())
        throws(ReadError) -> (document: Document, diagnostics: [Diagnostic]) {
        let book = try book(paths: paths, options: options)
        return (book.document, book.diagnostics)
    }

    /// `read(paths:)`, with the folder the book's images are read from (see `MarkdownImages`).
    public static func book(paths: [String], options: MarkdownOptions = MarkdownOptions()) throws(ReadError) -> MarkdownBook {
        var inputs: [MarkdownInput] = []
        var fromFolder = false
        for path in paths {
            if path == "-" {
                inputs.append(MarkdownInput(path: nil, href: "-", directory: nil, stem: nil))
                continue
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw .notFound(path)
            }
            if isDirectory.boolValue {
                fromFolder = true
                inputs += try folderInputs(path)
            } else {
                let name = (path as NSString).lastPathComponent
                inputs.append(MarkdownInput(path: path, href: name, directory: (path as NSString).deletingLastPathComponent,
                                            stem: (name as NSString).deletingPathExtension))
            }
        }
        guard !inputs.isEmpty else { throw .invalid("no Markdown input") }
        let images = MarkdownImages(folders: inputs.map(\.directory))
        // All files are measured before any is read, so input over the size limit is refused before it costs
        // memory; standard input, which has no size, is read only up to what the files leave of the limit.
        let limit = options.limits.markdownBytes
        let total = inputs.reduce(0) { $0 + ($1.path.map(fileSize) ?? 0) }
        guard total <= limit else { throw tooLarge(total, limit: limit) }
        var sources: [MarkdownSource] = []
        var used = 0
        for input in inputs {
            let bytes = try readBounded(input.path, budget: limit - used, limit: limit)
            used += bytes.count
            // Markdown is text: binary data or another encoding is refused, not printed as pages (InputKind).
            do {
                try InputKind.checkText(bytes)
            } catch .notText(let why) where paths.count > 1 || fromFolder {
                throw .notText("\(input.path ?? "-"): \(why)")
            }
            sources.append(MarkdownSource(href: input.href, bytes: bytes, directory: MarkdownImages.absolute(input.directory),
                                          images: images, stem: input.stem, checkedUTF8: true))
        }
        // Two files of the same name from different folders keep the paths they were given by.
        var seen: [String: Int] = [:]
        for source in sources where source.href != "-" { seen[source.href, default: 0] += 1 }
        if !fromFolder, seen.values.contains(where: { $0 > 1 }) {
            var fileIndex = 0
            for index in sources.indices where sources[index].href != "-" {
                while paths[fileIndex] == "-" { fileIndex += 1 }
                sources[index].href = paths[fileIndex]
                fileIndex += 1
            }
        }
        let (document, diagnostics) = try MarkdownAssembler.assemble(sources, options: options,
                                                                     nameFiles: sources.count > 1 || fromFolder)
        return MarkdownBook(document: document, diagnostics: diagnostics, images: images)
    }

    /// Reads Markdown bytes (standard input, or text from elsewhere); `name` becomes the chapter href and images
    /// resolve against the current directory.
    public static func read(data: [UInt8], name: String = "-", options: MarkdownOptions = MarkdownOptions())
        throws(ReadError) -> (document: Document, diagnostics: [Diagnostic]) {
        let book = try book(data: data, name: name, options: options)
        return (book.document, book.diagnostics)
    }

    /// `read(data:)`, with the folder the book's images are read from: the current directory.
    public static func book(data: [UInt8], name: String = "-", options: MarkdownOptions = MarkdownOptions()) throws(ReadError) -> MarkdownBook {
        // A caller reading a stream may stop one byte past the limit: the size is then not known, only too large.
        guard data.count <= options.limits.markdownBytes else { throw tooLarge(nil, limit: options.limits.markdownBytes) }
        let stem = name == "-" ? nil : (name as NSString).deletingPathExtension
        let images = MarkdownImages(folders: [nil])
        let source = MarkdownSource(href: name, bytes: data, directory: images.folder, images: images, stem: stem)
        let (document, diagnostics) = try MarkdownAssembler.assemble([source], options: options, nameFiles: false)
        return MarkdownBook(document: document, diagnostics: diagnostics, images: images)
    }

    /// The error for Markdown input over `limit` bytes (`InputLimits.markdownBytes`); `size` when it is known.
    static func tooLarge(_ size: Int?, limit: Int) -> ReadError {
        let bound = (limit & ((1 << 20) - 1) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes") + " (--max-markdown-mb)"
        guard let size else { return .limitExceeded("the Markdown input is larger than the limit of \(bound)") }
        let measure = size < 1 << 20 ? "\(size) bytes" : String(format: "%.1f", Double(size) / Double(1 << 20)) + " MiB (\(size) bytes)"
        return .limitExceeded("the Markdown input is \(measure); the limit is \(bound)")
    }

    private static func folderInputs(_ folder: String) throws(ReadError) -> [MarkdownInput] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw .unreadable(folder)
        }
        var files: [String] = []
        for name in names where !name.hasPrefix(".") && isMarkdownPath(name) {
            var isDirectory: ObjCBool = false
            let path = (folder as NSString).appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files.append(name)
            }
        }
        guard !files.isEmpty else { throw .invalid("\(folder): no Markdown files (.md, .markdown) in this folder") }
        return files.sorted(by: MarkdownNaturalOrder.precedes).map { name in
            MarkdownInput(path: (folder as NSString).appendingPathComponent(name), href: name, directory: folder,
                          stem: (name as NSString).deletingPathExtension)
        }
    }

    /// The size the file system gives; 0 when it gives none (a pipe), which `readBounded` still bounds.
    private static func fileSize(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int ?? 0
    }

    /// Reads a file, or standard input when `path` is nil, refusing it once it holds more than `budget` bytes (what
    /// the inputs before it left of `limit`): one byte past the budget is all that is read of a larger input.
    private static func readBounded(_ path: String?, budget: Int, limit: Int) throws(ReadError) -> [UInt8] {
        let name = path ?? "standard input"
        guard let handle = path.map({ FileHandle(forReadingAtPath: $0) }) ?? FileHandle.standardInput else {
            throw .unreadable(name)
        }
        defer { if path != nil { try? handle.close() } }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(budget, path.map(fileSize) ?? 0) + 1)
        while bytes.count <= budget {
            let chunk: Data?
            do {
                chunk = try handle.read(upToCount: min(1 << 20, budget + 1 - bytes.count))
            } catch {
                throw .unreadable(name)
            }
            guard let chunk, !chunk.isEmpty else { return bytes }
            chunk.withUnsafeBytes { bytes.append(contentsOf: $0) }   // a memcpy, not a byte-by-byte Sequence walk
        }
        throw tooLarge(nil, limit: limit)
    }
}

/// A Markdown input before it is read: a file, or standard input when `path` is nil.
private struct MarkdownInput {
    var path: String?
    var href: String
    var directory: String?
    var stem: String?
}

/// One Markdown text and where it came from.
struct MarkdownSource {
    /// The chapter href: the path relative to the input, or "-".
    var href: String
    var bytes: [UInt8]
    /// The folder the text's image paths are relative to: its file's, absolute (the current directory for
    /// standard input).
    var directory: String
    /// The book's image folder, shared by all its sources.
    var images: MarkdownImages
    /// The file name without extension: the title of last resort.
    var stem: String?
    /// `bytes` passed `InputKind.checkText` (valid UTF-8, no NUL), so cmark-gfm need not check them again; bytes
    /// given to the library (`read(data:)`) are not checked, and cmark-gfm replaces what is not UTF-8.
    var checkedUTF8 = false
}

/// A Markdown book as read: the document, what the reader noticed, and where its images are.
public struct MarkdownBook: Sendable {
    public var document: Document
    public var diagnostics: [Diagnostic]
    public var images: MarkdownImages
}

/// Where a Markdown book's images are read from: the deepest folder holding every input file (the folder given,
/// the one file's folder, or the current directory for standard input), as an unlisted `DirectoryContainer`.
/// An image path is turned into a container path relative to that folder when the book is read (`resolveImage`),
/// so the HTML viewer reads a Markdown book's pictures exactly as an unpacked EPUB's: through the container,
/// never outside the folder.
public struct MarkdownImages: Sendable {
    /// The folder, absolute, its steps as written (symbolic links are resolved by the container).
    public let folder: String
    public let container: DirectoryContainer

    /// The common folder of the inputs' folders (nil: the current directory).
    init(folders: [String?]) {
        let all = folders.map { ContainerPath.steps(Self.absolute($0)).steps }
        var common = all.first ?? []
        for steps in all.dropFirst() {
            common = Array(zip(common, steps).prefix { $0 == $1 }.map(\.0))
        }
        folder = "/" + common.joined(separator: "/")
        container = DirectoryContainer(unlistedFolder: folder)
    }

    /// A folder as an absolute path (nil or empty: the current directory).
    static func absolute(_ folder: String?) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        guard let folder, !folder.isEmpty else { return cwd }
        return folder.hasPrefix("/") ? folder : cwd + "/" + folder
    }
}

/// Natural order of file names: runs of digits compare by value, so ch2 comes before ch10.
enum MarkdownNaturalOrder {
    static func precedes(_ a: String, _ b: String) -> Bool {
        let x = Array(a.lowercased().utf8), y = Array(b.lowercased().utf8)
        var i = 0, j = 0
        while i < x.count, j < y.count {
            if isDigit(x[i]), isDigit(y[j]) {
                let startX = i, startY = j
                while i < x.count, isDigit(x[i]) { i += 1 }
                while j < y.count, isDigit(y[j]) { j += 1 }
                let digitsX = x[startX..<i].drop { $0 == UInt8(ascii: "0") }
                let digitsY = y[startY..<j].drop { $0 == UInt8(ascii: "0") }
                if digitsX.count != digitsY.count { return digitsX.count < digitsY.count }
                if !digitsX.elementsEqual(digitsY) { return digitsX.lexicographicallyPrecedes(digitsY) }
            } else {
                if x[i] != y[j] { return x[i] < y[j] }
                i += 1
                j += 1
            }
        }
        if x.count - i != y.count - j { return x.count - i < y.count - j }
        // Names equal but for case or leading zeros still get one fixed order.
        return Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
