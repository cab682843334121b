import BookModel
import Layout

/// Images of the book for the HTML viewer: which picture belongs to which placeholder box, and what kind of
/// file its bytes are (the book's names and declared types are never trusted for output names).
public enum HTMLAssets {
    /// Sources of the image blocks in the order the paginator draws their boxes (tables draw images as text).
    public static func imageSources(_ document: Document) -> [String] { images(document).map(\.source) }

    /// The image blocks in the order the paginator draws their boxes: what `imageSources` and the pictures'
    /// text alternatives are read from.
    public static func images(_ document: Document) -> [ImageRef] {
        var out: [ImageRef] = []
        func walk(_ blocks: [Block]) {
            for block in blocks {
                switch block.kind {
                case .image(let image): out.append(image)
                case .quote(let inner): walk(inner)
                case .list(let list): for item in list.items { walk(item.blocks) }
                default: break
                }
            }
        }
        for chapter in document.chapters { walk(chapter.blocks) }
        return out
    }

    /// For every page, for every line, the index of the image box the line belongs to. A framed box opens and
    /// closes on a horizontal frame line; an unframed placeholder (a page too narrow for a frame, or alt text
    /// longer than a page) is a run of image lines. Boxes are counted through the whole book, so they line up with
    /// `imageSources`. A picture is drawn once, where its box starts: the lines of a placeholder that runs on from
    /// the page before are plain text (nil), as Layout never splits a framed box. A page without a box has no
    /// entries.
    static func imageBoxes(_ pages: [Page]) -> [[Int?]] {
        var count = -1
        var open = false
        var previousWasImage = false
        func imageBox(_ line: Line) -> Int? {
            guard line.role == .image else { previousWasImage = false; open = false; return nil }
            let edge = isHorizontalFrame(line)
            if edge && !open {
                count += 1
                open = true
                previousWasImage = true
            } else if edge {
                open = false
                previousWasImage = false
                return max(count, 0)
            } else if !previousWasImage {
                count += 1
                previousWasImage = true
            }
            return max(count, 0)
        }
        return pages.map { page in
            // A page without image lines only closes what the last page left open: the walk below made and
            // dropped an array for each of War and Peace's 5,459 pages (issue 19).
            if !page.lines.contains(where: { if case .image = $0.role { true } else { false } }) {
                if !page.lines.isEmpty {
                    previousWasImage = false
                    open = false
                }
                return []
            }
            let continued = open || previousWasImage ? max(count, 0) : nil
            let boxes = page.lines.map { line -> Int? in
                let box = imageBox(line)
                return box == continued ? nil : box
            }
            // A page with no box keeps no entries (most pages of most books): an array per page was 2 MB of a
            // site's peak memory for War and Peace (issue 19).
            return boxes.contains { $0 != nil } ? boxes : []
        }
    }

    private static func isHorizontalFrame(_ line: Line) -> Bool {
        guard line.decorations.count == 1, line.decorations[0] == 0..<line.text.utf8.count else { return false }
        // A box scaled down to the page is narrower than the line and centred on it (Layout's Images.swift).
        let characters = Array(line.text.drop { $0 == " " }.prefix(2))
        return characters.count == 2 && (characters[1] == "─" || characters[1] == "-")
            && ["┌", "└", "+"].contains(characters[0])
    }

    /// The media type and file extension of an image, from its first bytes; nil for anything else.
    public static func sniff(_ bytes: [UInt8]) -> (mediaType: String, fileExtension: String)? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return ("image/png", "png") }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return ("image/jpeg", "jpg") }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return ("image/gif", "gif") }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return ("image/webp", "webp")
        }
        // SVG is shown through <img>, where its scripts never run; look for the root element near the start.
        let head = String(decoding: bytes.prefix(1024), as: UTF8.self)
        if head.contains("<svg") { return ("image/svg+xml", "svg") }
        return nil
    }
}

/// The pictures a site shows: the source of every image box in book order, and the bytes of those found.
public struct HTMLImages: Sendable {
    public var sources: [String]
    public var data: [String: [UInt8]]
    /// The book's text alternative of each box (`alt`), in the order of `sources`.
    public var alternatives: [String]

    public init(sources: [String] = [], data: [String: [UInt8]] = [:], alternatives: [String] = []) {
        self.sources = sources
        self.data = data
        self.alternatives = alternatives
    }
}
