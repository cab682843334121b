import BookModel
import Foundation

/// Turns Markdown sources into one document: front matter, chapters, endnotes, metadata and guesses.
enum MarkdownAssembler {
    /// A chapter before its spine index and guesses are known.
    private struct PendingChapter {
        var href: String
        var title: String?
        var blocks: [Block]
        var fragment: String?
        var frontMatter: MarkdownFrontMatter
        /// Note keys by reference marker (`MarkdownBlockBuilder.noteKeys`).
        var noteKeys: [String: String] = [:]
    }

    /// `nameFiles` prefixes warnings and errors with the file they are about (folders and lists of files).
    static func assemble(_ sources: [MarkdownSource], options: MarkdownOptions, nameFiles: Bool)
        throws(ReadError) -> (document: Document, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var pending: [PendingChapter] = []
        var frontMatters: [MarkdownFrontMatter] = []
        var firstH1: String?
        for source in sources {
            var fileDiagnostics: [Diagnostic] = []
            let (chapters, frontMatter, h1) = try read(source, options: options, nameFiles: nameFiles,
                                                       diagnostics: &fileDiagnostics)
            diagnostics += fileDiagnostics.map { nameFiles ? Diagnostic($0.severity, "\(source.href): \($0.message)") : $0 }
            pending += chapters
            frontMatters.append(frontMatter)
            if firstH1 == nil { firstH1 = h1 }
        }

        // Chapters are annotated in parallel, each block array moved out of `pending` first so the pass edits the
        // only copy instead of copying every container it touches.
        var moved: [[Block]] = []
        for index in pending.indices {
            moved.append(pending[index].blocks)
            pending[index].blocks = []
        }
        let settings = pending.map { (href: $0.href, direction: $0.frontMatter.direction == nil,
                                      language: $0.frontMatter.language == nil) }
        let tallies = orderedConcurrentUpdate(&moved) { index, blocks in
            MarkdownChapterPass.annotate(&blocks, spine: index, href: settings[index].href,
                                         direction: settings[index].direction, language: settings[index].language)
        }
        let annotated = zip(moved, tallies).map { (blocks: $0, tally: $1) }

        var chapters: [Chapter] = []
        var total = MarkdownChapterPass.Tally()
        for (index, item) in pending.enumerated() {
            let (blocks, tally) = annotated[index]
            total.add(tally)
            chapters.append(Chapter(spineIndex: index, href: item.href, title: item.title, blocks: blocks,
                                    language: item.frontMatter.language,
                                    direction: item.frontMatter.direction ?? (tally.mostlyRTL ? .rtl : nil),
                                    writingMode: item.frontMatter.writingMode))
            // The slug the contents entry names (`item.fragment`) is the chapter's opening heading.
            if let slug = item.fragment { chapters[chapters.count - 1].anchors = [slug: blocks.first?.location.offset ?? 0] }
            if !item.noteKeys.isEmpty {
                chapters[chapters.count - 1].noteReferences = noteReferences(in: blocks, keys: item.noteKeys)
            }
        }

        var metadata = BookMetadata()
        if let title = frontMatters.lazy.compactMap(\.title).first ?? firstH1 ?? sources.lazy.compactMap(\.stem).first {
            metadata.titles = [title]
        }
        metadata.authors = frontMatters.first { !$0.authors.isEmpty }?.authors ?? []
        let guessedLanguage = total.language
        if let language = frontMatters.lazy.compactMap(\.language).first ?? guessedLanguage {
            metadata.languages = [language]
        }
        metadata.writingMode = frontMatters.lazy.compactMap(\.writingMode).first
        metadata.pageProgression = frontMatters.lazy.compactMap(\.pageProgression).first
            ?? frontMatters.lazy.compactMap(\.direction).first.flatMap { $0 == .rtl ? .rtl : nil }
            ?? (total.mostlyRTL ? .rtl : nil)
        for index in chapters.indices where chapters[index].language == nil {
            chapters[index].language = guessedLanguage
            if guessedLanguage == "ja" { MarkdownChapterPass.relabel(&chapters[index].blocks, from: "zh", to: "ja") }
        }

        let toc = zip(pending, chapters).map { item, chapter in
            TOCEntry(title: chapter.title ?? chapter.href, href: item.fragment.map { "\(chapter.href)#\($0)" } ?? chapter.href)
        }
        return (Document(metadata: metadata, chapters: chapters, toc: toc), diagnostics)
    }

    /// One file's chapters (a first one for text before the first splitting heading, then one per heading).
    private static func read(_ source: MarkdownSource, options: MarkdownOptions, nameFiles: Bool,
                             diagnostics: inout [Diagnostic]) throws(ReadError) -> ([PendingChapter], MarkdownFrontMatter, String?) {
        var bytes = source.bytes[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        var frontMatter = MarkdownFrontMatter()
        var body = Array(bytes)
        if let split = MarkdownFrontMatter.split(body),
           let parsed = MarkdownFrontMatter.parse(split.yaml, firstLine: 2, diagnostics: &diagnostics) {
            frontMatter = parsed
            // Blank lines in place of the front matter keep cmark's line numbers those of the file.
            body = [UInt8](repeating: UInt8(ascii: "\n"), count: split.bodyLine - 1) + Array(split.body)
        }
        // Tables cmark-gfm would take quadratic time or unbounded memory over are refused before it sees them.
        if let excess = MarkdownTableScan.firstExcess(body, limits: options.limits) {
            throw .limitExceeded(nameFiles ? "\(source.href): \(excess)" : excess)
        }
        let (tree, flattened) = MarkdownSyntax.parse(body, checkedUTF8: source.checkedUTF8)
        if flattened {
            diagnostics.append(.warning("nesting deeper than \(MarkdownSyntax.maxDepth) levels kept as plain text"))
        }

        var footnotes: [Int: Int] = [:]
        var sections: [(heading: Int?, nodes: [Int])] = [(nil, [])]
        var firstH1: String?
        for child in tree.children(tree.root) {
            let kind = tree.nodes[child].kind
            if case .footnoteDefinition = kind {
                // cmark moves the definitions that are referred to to the end, numbered in order.
                footnotes[footnotes.count + 1] = child
                continue
            }
            if case .heading(let level) = kind {
                if level == 1, firstH1 == nil { firstH1 = headingText(tree, child) }
                if level <= options.splitHeadings {
                    sections.append((child, [child]))
                    continue
                }
            }
            sections[sections.count - 1].nodes.append(child)
        }

        // Sections map in parallel: the tree is only read, and each has its own builder (footnote numbers restart
        // per chapter anyway); results and warnings are taken in order.
        let directory = source.directory, images = source.images, notes = footnotes, markers = options.noteMarkers
        let nodes = sections.map(\.nodes)
        let href = source.href
        let results = orderedConcurrentMap(count: nodes.count) { index -> (blocks: [Block], diagnostics: [Diagnostic], noteKeys: [String: String])? in
            var builder = MarkdownBlockBuilder(tree: tree, footnotes: notes) { url in
                resolveImage(url, directory: directory, images: images)
            }
            builder.noteMarkers = markers
            builder.noteKeyPrefix = "\(href)#footnote-\(index)-"
            let blocks = builder.chapter(nodes[index])
            return (blocks, builder.diagnostics, builder.noteKeys)
        }
        var chapters: [PendingChapter] = []
        var slugs: [String: Int] = [:]
        for (section, result) in zip(sections, results) {
            let blocks = result?.blocks ?? []
            diagnostics += result?.diagnostics ?? []
            if let heading = section.heading {
                let title = headingText(tree, heading)
                var slug = githubSlug(title)
                if let count = slugs[slug] { slugs[slug] = count + 1; slug += "-\(count)" } else { slugs[slug] = 1 }
                chapters.append(PendingChapter(href: source.href, title: title.isEmpty ? nil : title, blocks: blocks,
                                               fragment: slug, frontMatter: frontMatter, noteKeys: result?.noteKeys ?? [:]))
            } else if !blocks.isEmpty {
                chapters.append(PendingChapter(href: source.href, title: frontMatter.title ?? source.stem, blocks: blocks,
                                               fragment: nil, frontMatter: frontMatter, noteKeys: result?.noteKeys ?? [:]))
            }
        }
        if chapters.isEmpty {
            // An empty file still stands for its chapter.
            chapters.append(PendingChapter(href: source.href, title: frontMatter.title ?? source.stem, blocks: [],
                                           fragment: nil, frontMatter: frontMatter))
        }
        return (chapters, frontMatter, firstH1)
    }

    private static func headingText(_ tree: MarkdownTree, _ heading: Int) -> String {
        MarkdownScript.trimmed(MarkdownBlockBuilder.plainText(tree, of: heading))
    }

    /// The anchor GitHub gives a heading: lowercase letters and digits, spaces as hyphens, punctuation dropped.
    static func githubSlug(_ title: String) -> String {
        var slug = ""
        for scalar in title.lowercased().unicodeScalars {
            if scalar == " " || scalar == "-" {
                slug.unicodeScalars.append("-")
            } else if scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                slug.unicodeScalars.append(scalar)
            }
        }
        return slug
    }

    /// An image reference of a file in `directory` (absolute), as the book's folder `images` sees it: a URL
    /// (a scheme, or `//host/…`) stays as written and is never read; a path (relative to the file, or absolute)
    /// becomes the container path relative to the book's folder, and is missing when `images` cannot read it,
    /// outside the folder included (the rule of an unpacked EPUB, `DirectoryContainer`).
    static func resolveImage(_ url: String, directory: String, images: MarkdownImages) -> (source: String, missing: Bool) {
        if url.isEmpty || url.hasPrefix("//") || ContainerPath.hasScheme(url) { return (url, false) }
        let path = ContainerPath.percentDecode(String(url.prefix { $0 != "?" && $0 != "#" }))
        if path.isEmpty { return (url, false) }
        let placed = ContainerPath.relative(path.hasPrefix("/") ? path : directory + "/" + path, to: images.folder)
        guard placed.inside else { return (path.hasPrefix("/") ? path : placed.path, true) }
        return (placed.path, !images.container.contains(placed.path))
    }

    /// The chapter's footnote references in reading order, with their offsets (set by `MarkdownChapterPass`): each
    /// is a `.noteReference` run whose marker names one of the chapter's notes.
    private static func noteReferences(in blocks: [Block], keys: [String: String]) -> [NoteReference] {
        var out: [NoteReference] = []
        func walk(_ blocks: [Block]) {
            for block in blocks {
                switch block.kind {
                case .paragraph(let inlines), .heading(_, let inlines):
                    for (at, marker) in inlines.noteReferenceMarkers(startingAt: block.location.offset) {
                        if let key = keys[marker] { out.append(NoteReference(offset: at, target: key, marker: marker)) }
                    }
                case .quote(let inner): walk(inner)
                case .note(let note): walk(note.blocks)
                case .list(let list): for item in list.items { walk(item.blocks) }
                case .table(let table):
                    for row in table.rows { for cell in row.cells { walk(cell.blocks) } }
                case .preformatted, .rule, .image: break
                }
            }
        }
        walk(blocks)
        return out
    }
}
