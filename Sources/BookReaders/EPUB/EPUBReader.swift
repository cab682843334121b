import BookModel
import CSS
import Foundation

/// An EPUB read into the book model, with the EPUB-specific layers kept for `quire info`.
public struct EPUBBook: Sendable {
    public var publication: Publication
    public var navigation: Navigation
    public var document: Document
    public var diagnostics: [Diagnostic]
    public var container: any Container
}

/// Which of a book's content documents are read. `quire view` opens a book by reading first only the document
/// the reader is in (`.one`), so the first spread shows in a fraction of the time the whole book takes; the rest
/// is read in the background (issue 18).
public enum DocumentSelection: Sendable, Hashable {
    case all
    /// The document at this container path (a page's `source.href`); the first in reading order when the book
    /// has no such document, or with nil.
    case one(String?)
}

/// Reads an EPUB (archive file, bytes, or unpacked folder) into a `Document`.
public enum EPUBReader {
    static let mimetype = "application/epub+zip"

    /// Opens an EPUB archive file or an unpacked EPUB folder. `stylesheet` names an alternate style sheet set to
    /// use instead of the book's preferred one (the `title` of its `<link rel="alternate stylesheet">`s);
    /// `landscape` is what the book's `@media (orientation: …)` queries are answered with (the spread shown).
    public static func read(path: String, limits: InputLimits = InputLimits(),
                            stylesheet: String? = nil, landscape: Bool = false,
                            noteMarkers: NoteMarkers = .superscript,
                            documents: DocumentSelection = .all) throws(ReadError) -> EPUBBook {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw .notFound(path) }
        if isFolder.boolValue {
            let folder = try DirectoryContainer(folder: path)
            guard folder.contains(OCF.containerPath) else {
                throw .notAnEPUB("the folder has no \(OCF.containerPath)")
            }
            return try read(container: folder, limits: limits, stylesheet: stylesheet, landscape: landscape,
                        noteMarkers: noteMarkers, documents: documents)
        }
        guard FileManager.default.isReadableFile(atPath: path) else { throw .unreadable("permission denied") }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size > 0 else { throw .notAZip("the file is empty") }
        return try read(container: ZipContainer(path: path), limits: limits, stylesheet: stylesheet, landscape: landscape,
                        noteMarkers: noteMarkers, documents: documents)
    }

    /// Reads an EPUB held in memory (standard input).
    public static func read(bytes: [UInt8], limits: InputLimits = InputLimits(),
                            stylesheet: String? = nil, landscape: Bool = false,
                            noteMarkers: NoteMarkers = .superscript) throws(ReadError) -> EPUBBook {
        try read(container: ZipContainer(bytes: bytes), limits: limits, stylesheet: stylesheet, landscape: landscape,
                        noteMarkers: noteMarkers)
    }

    public static func read(container: any Container, limits: InputLimits = InputLimits(),
                            stylesheet: String? = nil, landscape: Bool = false,
                            noteMarkers: NoteMarkers = .superscript,
                            documents: DocumentSelection = .all) throws(ReadError) -> EPUBBook {
        var diagnostics: [Diagnostic] = []
        checkMimetype(container, &diagnostics)

        guard container.contains(OCF.containerPath) else { throw .missingPart(OCF.containerPath) }
        let rootfiles = try OCF.rootfiles(container.read(OCF.containerPath))
        let packagePath = rootfiles[0]
        guard container.contains(packagePath) else { throw .missingPart(packagePath) }
        var publication = try PackageDocument.parse(container.read(packagePath), path: packagePath, diagnostics: &diagnostics)
        publication.otherRootfiles = Array(rootfiles.dropFirst())
        // The spine limit and the one-read-per-document plan come before anything else is read.
        var plan = try SpinePlan(publication, container: container, limits: limits)
        if case .one(let path) = documents, let chosen = plan.entries.first(where: { $0.path == path }) ?? plan.entries.first {
            plan.entries = [chosen]
        }
        diagnostics += plan.diagnostics

        let protected = container.contains(Encryption.path) ? try Encryption.protectedPaths(container.read(Encryption.path)) : []
        let navigation = readNavigation(publication, container, &diagnostics)
        let shared = SharedReads(publication: publication, tocTitles: firstTitles(navigation.toc), container: container,
                                 styles: BookStyles(container: container, context: MediaContext(orientation: landscape ? .landscape : .portrait),
                                                   choosing: stylesheet), images: ImageSizeCache(container: container),
                                 noteMarkers: noteMarkers)
        let chapters = try readChapters(plan, protected: protected, shared: shared, diagnostics: &diagnostics)
        if chapters.isEmpty { diagnostics.append(.warning("the book has no readable content documents")) }
        if let stylesheet, let missing = shared.styles.unmatchedChoice(stylesheet) { diagnostics.append(.warning(missing)) }

        var metadata = publication.metadata
        metadata.writingMode = bookWritingMode(chapters)
        let spinePaths = Set(publication.spine.compactMap(\.path))
        // Sorted, so the path named does not depend on the order a Set happens to hold them in.
        if let encrypted = protected.sorted().first(where: { !spinePaths.contains($0) }) {
            diagnostics.append(.warning("\(encrypted) is encrypted; it is not needed for the text"))
        }
        let document = Document(metadata: metadata, chapters: chapters, toc: navigation.toc, pageList: navigation.pageList)
        return EPUBBook(publication: publication, navigation: navigation, document: document,
                        diagnostics: diagnostics, container: container)
    }

    /// What the reader does with each planned document, decided in reading order; the content documents are then
    /// read in parallel (the archive serialises its own reads) and their results merged back in that order.
    private enum Step {
        case missing(String)
        case encrypted(String)
        case read(SpinePlan.Entry)
    }

    private static func readChapters(_ plan: SpinePlan, protected: Set<String>, shared: SharedReads,
                                     diagnostics: inout [Diagnostic]) throws(ReadError) -> [Chapter] {
        let container = shared.container
        var steps: [Step] = []
        for entry in plan.entries {
            guard container.contains(entry.path) else {
                steps.append(.missing(entry.path))
                continue
            }
            if protected.contains(entry.path) { steps.append(.encrypted(entry.path)); break }
            steps.append(.read(entry))
        }
        // Biggest documents first, so no thread is left alone with a long chapter at the end; results stay in order.
        let entries = steps.compactMap { step -> SpinePlan.Entry? in
            if case .read(let entry) = step { return entry } else { return nil }
        }
        let results = orderedConcurrentMap(count: entries.count,
                                           schedule: largestFirst(entries.map { container.size(of: $0.path) ?? 0 })) {
            j -> Result<(chapter: Chapter?, diagnostics: [Diagnostic], styleWarnings: [String]), ReadError> in
            var chapterDiagnostics: [Diagnostic] = []
            var styleWarnings: [String] = []
            do throws(ReadError) {
                let chapter = try readChapter(entries[j], shared: shared, diagnostics: &chapterDiagnostics,
                                              styleWarnings: &styleWarnings)
                return .success((chapter, chapterDiagnostics, styleWarnings))
            } catch {
                return .failure(error)
            }
        }
        var chapters: [Chapter] = []
        var nextRead = 0
        // A book's sheets are shared by its documents: each warning about them is said once, at its first document.
        var styleWarningsSaid: Set<String> = []
        for step in steps {
            switch step {
            case .missing(let path):
                diagnostics.append(.warning("spine item \(path) is missing from the book; skipped"))
            case .encrypted(let path):
                throw .encrypted(path)
            case .read:
                defer { nextRead += 1 }
                switch results[nextRead] {
                case .failure(let error): throw error
                case .success(let outcome):
                    diagnostics.append(contentsOf: outcome.diagnostics)
                    for warning in outcome.styleWarnings where styleWarningsSaid.insert(warning).inserted {
                        diagnostics.append(.warning(warning))
                    }
                    if let chapter = outcome.chapter { chapters.append(chapter) }
                }
            }
        }
        return chapters
    }

    private static func checkMimetype(_ container: any Container, _ diagnostics: inout [Diagnostic]) {
        guard container is ZipContainer else { return }
        guard container.contains("mimetype"), let bytes = try? container.read("mimetype") else {
            diagnostics.append(.warning("no mimetype file; reading it as an EPUB anyway"))
            return
        }
        let value = String(decoding: bytes, as: UTF8.self).trimmingSpaces
        if value != mimetype {
            diagnostics.append(.warning("mimetype is '\(value.prefix(60))', not \(mimetype); reading it as an EPUB anyway"))
        }
    }

    /// EPUB 3 nav first, the NCX as fallback; neither is required.
    private static func readNavigation(_ publication: Publication, _ container: any Container,
                                       _ diagnostics: inout [Diagnostic]) -> Navigation {
        if let nav = publication.manifest.first(where: { $0.properties.contains("nav") }), container.contains(nav.path) {
            do {
                let navigation = try Navigation.fromNav(container.read(nav.path), path: nav.path)
                if !navigation.toc.isEmpty { return navigation }
            } catch {
                diagnostics.append(.warning("navigation document: \(error.message); trying the NCX"))
            }
        }
        let ncx = publication.ncxID.flatMap { publication.item(id: $0) }
            ?? publication.manifest.first { $0.mediaType == "application/x-dtbncx+xml" }
        if let ncx, container.contains(ncx.path) {
            do { return try Navigation.fromNCX(container.read(ncx.path), path: ncx.path) } catch {
                diagnostics.append(.warning("NCX: \(error.message)"))
            }
        }
        return Navigation()
    }

    private static func readChapter(_ entry: SpinePlan.Entry, shared: SharedReads, diagnostics: inout [Diagnostic],
                                    styleWarnings: inout [String]) throws(ReadError) -> Chapter? {
        let item = entry.item, path = entry.path, spineIndex = entry.index, container = shared.container
        let mediaType = item.mediaType ?? ""
        let bookLanguage = shared.publication.metadata.language
        var chapter = Chapter(spineIndex: spineIndex, href: path, language: bookLanguage, pageSpread: item.pageSpread,
                              linear: item.linear)
        let sizer: ContentImporter.ImageSizer = { shared.images.size(of: $0) }
        switch mediaType {
        case let type where SpinePlan.contentTypes.contains(type):
            let bytes = try container.read(path)
            guard bytes.contains(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }) else {
                // A fixed-layout book is one page per spine item: an empty one is a blank page, not a gap.
                if shared.publication.metadata.layout == .prePaginated { return chapter }
                diagnostics.append(.warning("\(path) is empty; skipped"))
                return nil
            }
            let doc: XMLNodes
            do {
                doc = try XMLNodes.parse(bytes, path: path)
            } catch {
                if case .limitExceeded = error { throw error }
                guard mediaType != "image/svg+xml" else { throw error }
                diagnostics.append(.warning("\(error.message); recovered with the HTML parser"))
                doc = try XMLNodes.parse(bytes, path: path, html: true)
            }
            let styles = shared.styles.resolver(for: doc, path: path)
            styleWarnings = styles.warnings
            let tree = StyledNodes(doc)
            let mode = DocumentMode(of: doc, tree: tree, resolver: styles.resolver)
            let elementStyles = ElementStyles(of: doc, tree: tree, resolver: styles.resolver, mode: mode.mode, path: path)
            diagnostics.append(contentsOf: elementStyles.warnings.map { .warning($0) })
            var importer = ContentImporter(document: doc, spine: spineIndex, href: path, styles: elementStyles,
                                           imageSizer: sizer)
            importer.noteMarkers = shared.noteMarkers
            let root = doc.root
            var context = ContentImporter.Context(language: bookLanguage)
            context = importer.inherit(context, from: root)
            let body = doc.element(root, XMLNodes.Known.body, namespace: doc.namespaceID(root)) ?? root
            context = importer.inherit(context, from: body)
            chapter.language = context.language
            chapter.direction = context.direction
            chapter.writingMode = mode.mode
            chapter.writingModeSource = mode.source
            // An SVG document is imported as if wrapped in a div.
            chapter.blocks = mediaType == "image/svg+xml" ? importer.blocks(of: doc.only(root), context: context)
                : importer.blocks(in: body, context: context)
            importer.finish(into: &chapter.blocks, context: context)
            chapter.noteReferences = importer.noteReferences
            chapter.anchors = importer.anchors
            diagnostics.append(contentsOf: importer.diagnostics)
        case let type where type.hasPrefix("image/"):
            // An image directly in the spine (fixed-layout comics): one placeholder.
            let size = sizer(path)
            chapter.blocks = [Block(.image(ImageRef(source: path, alt: "", width: size?.width, height: size?.height)),
                                    location: SourceLocation(spine: spineIndex, href: path, offset: 0))]
        default:
            diagnostics.append(.warning("spine item \(path) has media type '\(mediaType)', which Quire cannot read; skipped"))
            return nil
        }
        chapter.title = firstHeading(chapter.blocks) ?? shared.tocTitles[path]
        return chapter
    }

    /// The mode most of the book's text is written in.
    private static func bookWritingMode(_ chapters: [Chapter]) -> WritingMode {
        // One mode throughout (the usual case): no need to count characters.
        if chapters.allSatisfy({ $0.writingMode != .verticalRL }) { return .horizontalTB }
        if chapters.allSatisfy({ $0.writingMode == .verticalRL }) { return .verticalRL }
        var vertical = 0, horizontal = 0
        for chapter in chapters {
            let weight = max(chapter.characterCount, 1)
            if chapter.writingMode == .verticalRL { vertical += weight } else { horizontal += weight }
        }
        return vertical > horizontal ? .verticalRL : .horizontalTB
    }

    private static func firstHeading(_ blocks: [Block]) -> String? {
        for block in blocks {
            if case .heading(_, let inlines) = block.kind {
                let title = collapse(inlines.plainText)
                if !title.isEmpty { return title }
            }
        }
        return nil
    }

    /// The first titled TOC entry for each document path, in reading order.
    private static func firstTitles(_ entries: [TOCEntry]) -> [String: String] {
        var titles: [String: String] = [:]
        func walk(_ entries: [TOCEntry]) {
            for entry in entries {
                let path = ContainerPath.fragmentStart(entry.href).map { String(entry.href[..<$0]) } ?? entry.href
                if !entry.title.isEmpty, titles[path] == nil { titles[path] = entry.title }
                walk(entry.children)
            }
        }
        walk(entries)
        return titles
    }
}
