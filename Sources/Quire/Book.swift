import BookModel
import BookReaders
import Foundation

/// A book opened by Quire, whatever its format: the model plus what the reader noticed. What only an EPUB has
/// (its package and navigation documents) and where the pictures are read from stay inside the façade: `BookInfo`
/// reports the one, the HTML viewer reads the other.
public struct Book: Sendable {
    public enum Format: String, Sendable { case epub, markdown }

    public var format: Format
    public var document: Document
    public var diagnostics: [Diagnostic]
    /// EPUB only: the package and navigation layers, for `quire info`.
    var publication: Publication?
    var navigation: Navigation?
    /// Where images are read from: the EPUB's archive or folder, or a Markdown book's folder (`MarkdownImages`);
    /// nil for a book built by hand, which then shows its images as text placeholders only.
    var container: (any Container)?

    /// A book from a document built by hand (tests, other readers).
    public init(format: Format, document: Document, diagnostics: [Diagnostic]) {
        self.format = format
        self.document = document
        self.diagnostics = diagnostics
    }

    init(_ epub: EPUBBook) {
        self.init(format: .epub, document: epub.document, diagnostics: epub.diagnostics)
        publication = epub.publication
        navigation = epub.navigation
        container = epub.container
    }

    init(_ markdown: MarkdownBook) {
        self.init(format: .markdown, document: markdown.document, diagnostics: markdown.diagnostics)
        container = markdown.images.container
    }
}

/// The entry points a program embeds: open a book from a path or from bytes.
public enum Quire {
    public static let version = "0.1.0"

    /// Opens an EPUB file, an unpacked EPUB folder, Markdown files, or a folder of Markdown chapters; each input
    /// is recognised by its content (`InputKind`), and several inputs make one book only when all are Markdown.
    public static func open(_ paths: [String], options: OpenOptions = OpenOptions()) throws(ReadError) -> Book {
        guard !paths.isEmpty else { throw .invalid("no input") }
        var kinds: [InputKind] = []
        for path in paths where path != "-" {
            do {
                kinds.append(try InputKind.of(path: path))
            } catch .notText(let why) where paths.count > 1 {
                throw .notText("\(path): \(why)")
            }
        }
        if paths.count == 1, let kind = kinds.first, kind.isEPUB {
            return Book(try EPUBReader.read(path: paths[0], limits: options.limits, stylesheet: options.stylesheet,
                                               landscape: options.landscape, noteMarkers: options.noteMarkers,
                                               documents: options.documents))
        }
        if let epub = zip(paths.filter { $0 != "-" }, kinds).first(where: { $0.1.isEPUB }) {
            throw .cannotCombine("\(epub.0) is an EPUB; several inputs make one book only when all are Markdown")
        }
        return Book(try MarkdownReader.book(paths: paths, options: options.markdown))
    }

    /// Opens a book given as bytes (standard input): a ZIP archive is an EPUB, text is Markdown, anything else is
    /// refused.
    public static func open(bytes: [UInt8], name: String = "-", options: OpenOptions = OpenOptions()) throws(ReadError) -> Book {
        // Text cut at the Markdown size limit may end inside a character: the reader then says the limit.
        if try InputKind.of(head: bytes, complete: bytes.count <= options.limits.markdownBytes) == .epubArchive {
            return Book(try EPUBReader.read(bytes: bytes, limits: options.limits, stylesheet: options.stylesheet,
                                               landscape: options.landscape, noteMarkers: options.noteMarkers))
        }
        return Book(try MarkdownReader.book(data: bytes, name: name, options: options.markdown))
    }

    static func isMarkdown(_ path: String) -> Bool { MarkdownReader.isMarkdownPath(path) }

    /// True when `path` is an EPUB (archive or unpacked folder), recognised by its content as `open` does.
    public static func isEPUB(_ path: String) -> Bool { (try? InputKind.of(path: path))?.isEPUB ?? false }
}

/// How books are opened: Markdown chapter splitting and the bounds on hostile input.
public struct OpenOptions: Sendable {
    /// Markdown: headings of this level or above start a new chapter.
    public var splitHeadings = 1
    public var limits = InputLimits()
    /// EPUB: the style sheet set to use instead of the book's preferred one (`--stylesheet TITLE`).
    public var stylesheet: String?
    /// EPUB: the book's `@media (orientation: landscape)` rules apply (`--orientation landscape`); otherwise
    /// `portrait` ones do: with `--orientation auto` the spread is chosen after the book is read, so its CSS sees
    /// the one-page view.
    public var landscape = false
    /// How note references are drawn: `³` (default) or `[3]` (`--note-markers`).
    public var noteMarkers = NoteMarkers.superscript
    /// EPUB: which content documents are read (all, or the one `quire view` opens first); Markdown is always
    /// read whole.
    public var documents = DocumentSelection.all

    public init(splitHeadings: Int = 1, limits: InputLimits = InputLimits(), stylesheet: String? = nil,
                landscape: Bool = false, noteMarkers: NoteMarkers = .superscript) {
        self.splitHeadings = splitHeadings
        self.limits = limits
        self.stylesheet = stylesheet
        self.landscape = landscape
        self.noteMarkers = noteMarkers
    }

    var markdown: MarkdownOptions { MarkdownOptions(splitHeadings: splitHeadings, limits: limits, noteMarkers: noteMarkers) }
}
