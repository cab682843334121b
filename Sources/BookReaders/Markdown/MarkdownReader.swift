import BookModel
import Foundation

/// How Markdown inputs are cut into chapters.
public struct MarkdownOptions: Sendable, Equatable {
    /// Headings of this level or a higher one (smaller number) start a new chapter; 0 keeps each file whole.
    public var splitHeadings: Int
    /// Input size and table bounds (`InputLimits`).
    public var limits: InputLimits

    public init(splitHeadings: Int = 1, limits: InputLimits = InputLimits()) {
        self.splitHeadings = splitHeadings
        self.limits = limits
    }
}

/// Reads Markdown (CommonMark with GitHub's tables, strikethrough, autolinks, task lists and footnotes) into a
/// `Document`: each file is a chapter, and headings can start further chapters.
public enum MarkdownReader {
    /// Larger files are refused: a Markdown book is text, and the parse tree is held in memory whole.
    public static let maxFileSize = 64 << 20

    /// True for names that end in `.md` or `.markdown` (any case): the files a folder contributes.
    public static func isMarkdownPath(_ path: String) -> Bool {
        let name = path.lowercased()
        return name.hasSuffix(".md") || name.hasSuffix(".markdown")
    }

    /// Reads one file, several files in order, a folder (its Markdown files in natural order: ch2 before ch10),
    /// or "-" (standard input).
    public static func read(paths: [String], options: MarkdownOptions = MarkdownOptions())
        throws(ReadError) -> (document: Document, diagnostics: [Diagnostic]) {
        var sources: [MarkdownSource] = []
        var fromFolder = false
        for path in paths {
            if path == "-" {
                sources.append(MarkdownSource(href: "-", bytes: try readStandardInput(), directory: nil, stem: nil))
                continue
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw .notFound(path)
            }
            if isDirectory.boolValue {
                fromFolder = true
                sources += try folderSources(path)
            } else {
                let name = (path as NSString).lastPathComponent
                sources.append(MarkdownSource(href: name, bytes: try readFile(path),
                                              directory: (path as NSString).deletingLastPathComponent,
                                              stem: (name as NSString).deletingPathExtension))
            }
        }
        guard !sources.isEmpty else { throw .invalid("no Markdown input") }
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
        return MarkdownAssembler.assemble(sources, options: options, nameFiles: sources.count > 1 || fromFolder)
    }

    /// Reads Markdown bytes (standard input, or text from elsewhere); `name` becomes the chapter href and images
    /// resolve against the current directory.
    public static func read(data: [UInt8], name: String = "-", options: MarkdownOptions = MarkdownOptions())
        throws(ReadError) -> (document: Document, diagnostics: [Diagnostic]) {
        guard data.count <= maxFileSize else { throw .limitExceeded("Markdown input larger than \(maxFileSize >> 20) MiB: \(name)") }
        let stem = name == "-" ? nil : (name as NSString).deletingPathExtension
        return MarkdownAssembler.assemble([MarkdownSource(href: name, bytes: data, directory: nil, stem: stem)],
                                          options: options, nameFiles: false)
    }

    private static func folderSources(_ folder: String) throws(ReadError) -> [MarkdownSource] {
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
        var sources: [MarkdownSource] = []
        for name in files.sorted(by: MarkdownNaturalOrder.precedes) {
            let path = (folder as NSString).appendingPathComponent(name)
            sources.append(MarkdownSource(href: name, bytes: try readFile(path), directory: folder,
                                          stem: (name as NSString).deletingPathExtension))
        }
        return sources
    }

    private static func readFile(_ path: String) throws(ReadError) -> [UInt8] {
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > maxFileSize {
            throw .limitExceeded("Markdown file larger than \(maxFileSize >> 20) MiB: \(path)")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path) }
        guard data.count <= maxFileSize else { throw .limitExceeded("Markdown file larger than \(maxFileSize >> 20) MiB: \(path)") }
        return [UInt8](data)
    }

    private static func readStandardInput() throws(ReadError) -> [UInt8] {
        var bytes: [UInt8] = []
        let input = FileHandle.standardInput
        while true {
            let chunk: Data?
            do {
                chunk = try input.read(upToCount: 1 << 16)
            } catch {
                throw .unreadable("standard input")
            }
            guard let chunk, !chunk.isEmpty else { break }
            bytes += chunk
            if bytes.count > maxFileSize { throw .limitExceeded("Markdown input larger than \(maxFileSize >> 20) MiB: -") }
        }
        return bytes
    }
}

/// One Markdown text and where it came from.
struct MarkdownSource {
    /// The chapter href: the path relative to the input, or "-".
    var href: String
    var bytes: [UInt8]
    /// The folder images resolve against on disk; nil for the current directory.
    var directory: String?
    /// The file name without extension: the title of last resort.
    var stem: String?
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
