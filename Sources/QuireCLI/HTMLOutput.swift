import BookModel
import Foundation
import Quire
import Renderers
import Spreads

/// `quire render --format html -o DIR`: reads the book's images, lets the pure `HTMLSite` build the files,
/// and writes them atomically (assets in `DIR/assets/`).
enum HTMLOutput {
    /// Pictures bigger than this stay text placeholders: a viewer has no use for them and a hostile book could
    /// otherwise make the output huge.
    static let imageLimit = 32 << 20

    static func write(_ pagination: Pagination, book: Book, arguments: ParsedArguments, to output: OutputFolder) throws {
        var options = HTMLSite.Options()
        options.transition = arguments.value("transition").flatMap(Transition.init(rawValue:)) ?? .curl
        options.singleFile = arguments.has("single-file")
        options.ambiguousWide = arguments.value("ambiguous") == "wide"
        let site = HTMLSite(book: pagination.book, pageSize: pagination.pageSize, spreads: pagination.spreads,
                            toc: book.document.toc, images: images(of: book, inputs: arguments.positionals),
                            options: options)
        var assets: OutputFolder?
        for file in site.files() {
            if file.name.hasPrefix("assets/") {
                if assets == nil { assets = try output.subfolder("assets") }
                try assets!.write(String(file.name.dropFirst("assets/".count)), file.bytes)
            } else {
                try output.write(file.name, file.bytes)
            }
        }
    }

    /// Bytes of every image the book's placeholders name: from the EPUB container, or for Markdown from the
    /// disk beside the input. Remote URLs are never fetched; what cannot be read keeps its text placeholder.
    static func images(of book: Book, inputs: [String]) -> HTMLImages {
        let sources = HTMLAssets.imageSources(book.document)
        var data: [String: [UInt8]] = [:]
        for source in Set(sources) where !source.isEmpty {
            if let container = book.container {
                if let bytes = try? container.read(source), bytes.count <= imageLimit { data[source] = bytes }
            } else if let path = markdownPath(source, inputs: inputs),
                      let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                      (attributes[.size] as? Int ?? Int.max) <= imageLimit,
                      let bytes = FileManager.default.contents(atPath: path) {
                data[source] = Array(bytes)
            }
        }
        return HTMLImages(sources: sources, data: data)
    }

    /// Markdown image sources are relative to the book's folder (the input folder, or the first file's folder).
    static func markdownPath(_ source: String, inputs: [String]) -> String? {
        if source.contains("://") || source.hasPrefix("//") || source.hasPrefix("data:") { return nil }
        if source.hasPrefix("/") { return source }
        guard let first = inputs.first, first != "-" else { return nil }
        var isFolder: ObjCBool = false
        FileManager.default.fileExists(atPath: first, isDirectory: &isFolder)
        let base = isFolder.boolValue ? first : (first as NSString).deletingLastPathComponent
        return (base.isEmpty ? "." : base) + "/" + source
    }
}

extension OutputFolder {
    /// A folder inside this one (created if needed), for the viewer's generated asset names.
    func subfolder(_ name: String) throws -> OutputFolder {
        try OutputFolder(url.appendingPathComponent(name).path)
    }
}
