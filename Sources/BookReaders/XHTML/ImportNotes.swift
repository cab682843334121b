import BookModel

/// Notes in `ContentImporter` (issue 17): which elements are footnotes or endnotes, and which references name
/// them, so Layout can set a note at the foot of the page that refers to it.
///
/// A note is an element with an `id` that is one of:
/// - marked as a note: `epub:type` `footnote`, `endnote`, `rearnote` or `note` (EPUB 3 Structural Semantics
///   Vocabulary), `role` `doc-footnote` or `doc-endnote` (DPUB-ARIA 1.0 §4);
/// - a list item of a notes section (`epub:type="endnotes"`/`footnotes"`/`"rearnotes"`, `role="doc-endnotes"`),
///   as Standard Ebooks writes its endnotes;
/// - named by a reference met earlier in the same document (EPUB 2 books' `<sup><a href="#n3">3</a></sup>` into
///   a plain `<p id="n3">`), or whose first child is an anchor so named (`<p><a id="n3" href="#r3">3</a> …`).
/// A note keeps its place in the blocks (`BlockKind.note`); only Layout moves it, and only when something refers
/// to it. References live beside the text (`Chapter.noteReferences`): the marker's source offset is known only
/// when its paragraph is appended, so references wait in `pendingReferences` until then.
extension ContentImporter {
    /// The key of the note `e` is, or nil; sets `context.inNotes` inside a notes section.
    mutating func noteKey(_ e: E, name: String, context: inout Context) -> String? {
        guard doc.node(e).count > 0 else {
            return referencedIDs.isEmpty ? nil : anchoredNoteKey(e)
        }
        // Most elements name no note semantics and no note was referred to: two attribute lookups and out.
        let typeValue = doc.attribute(e, Known.type, namespace: NS.epub), roleValue = doc.attribute(e, Known.role)
        if typeValue == nil && roleValue == nil && !context.inNotes && referencedIDs.isEmpty { return nil }
        if PackageDocument.hasToken(typeValue, anyOf: Self.noteSectionTypes)
            || PackageDocument.hasToken(roleValue, anyOf: Self.noteSectionRoles) {
            context.inNotes = true
        }
        guard let id = doc.attribute(e, Known.id), !id.isEmpty else {
            return referencedIDs.isEmpty ? nil : anchoredNoteKey(e)
        }
        let marked = PackageDocument.hasToken(typeValue, anyOf: Self.noteTypes)
            || PackageDocument.hasToken(roleValue, anyOf: Self.noteRoles)
        if marked || (context.inNotes && name == "li") || referencedIDs.contains(id) { return key(id) }
        return referencedIDs.isEmpty ? nil : anchoredNoteKey(e)
    }

    /// `epub:type` and `role` values of a note (EPUB 3 Structural Semantics, DPUB-ARIA), and of a section holding
    /// notes.
    static let noteTypes: [StaticString] = ["footnote", "endnote", "rearnote", "note"]
    static let noteRoles: [StaticString] = ["doc-footnote", "doc-endnote"]
    private static let noteSectionTypes: [StaticString] = ["footnotes", "endnotes", "rearnotes"]
    private static let noteSectionRoles: [StaticString] = ["doc-endnotes", "doc-footnotes"]

    /// The note key of a block whose first child is an anchor named by an earlier reference (`<p><a id="n3">`).
    private func anchoredNoteKey(_ e: E) -> String? {
        for c in doc.children(e) {
            if doc.isText(c) {
                if doc.text(c).allSatisfy(\.isWhitespace) { continue }
                return nil
            }
            var anchor = c
            // `<p><sup><a id="n3">` as often as `<p><a id="n3">`.
            if doc.lowercasedName(c) == "sup", let inner = doc.children(c).first(where: { !doc.isText($0) }) { anchor = inner }
            // Only an inline anchor names its block; a block child with the id is the note itself.
            guard ["a", "span"].contains(doc.lowercasedName(anchor)),
                  let id = doc.attribute(anchor, Known.id) ?? doc.attribute(anchor, named: "name"),
                  referencedIDs.contains(id) else { return nil }
            return key(id)
        }
        return nil
    }

    /// "path/of/this.xhtml#id": the key a reference resolves to.
    private func key(_ id: String) -> String { href + "#" + id }

    /// Imports a note: its blocks, kept together as one `.note` block.
    mutating func noteBlock(_ e: E, key: String, label: String? = nil, context: Context, into out: inout [Block]) {
        let start = location()
        let inner = blocks(in: e, context: context)
        guard !inner.isEmpty else { return }
        out.append(block(.note(Note(key: key, label: label, blocks: inner)), at: start, context: context))
    }

    /// A list whose items are all notes (an endnotes section's `<ol>`) becomes those notes, each labelled with its
    /// item number; false (nothing done) for any other list.
    mutating func notes(_ items: [E], ordered: Bool, first: Int, context: Context, into out: inout [Block]) -> Bool {
        guard context.inNotes || !referencedIDs.isEmpty, !items.isEmpty else { return false }
        var keys: [(E, String, Context)] = []
        for item in items {
            var itemContext = inherit(context, from: item)
            guard let key = noteKey(item, name: "li", context: &itemContext) else { return false }
            keys.append((item, key, itemContext))
        }
        for (index, (item, key, itemContext)) in keys.enumerated() {
            let label = ordered ? String(first &+ index) : nil
            noteBlock(item, key: key, label: label, context: itemContext, into: &out)
        }
        return true
    }

    /// A note reference was drawn: remember the note it names; its offset is found when its block is appended.
    mutating func recordReference(_ e: E, marker: String) {
        guard let href = referenceHref(e) else {
            pendingReferences.append((target: "", marker: marker))
            return
        }
        let target = href.hasPrefix("#") ? (href.count > 1 ? self.href + href : "") : Self.resolve(href, against: self.href)
        let here = self.href + "#"
        if target.hasPrefix(here) { referencedIDs.insert(String(target.dropFirst(here.count))) }
        pendingReferences.append((target: target, marker: marker))
    }

    /// The reference's href: its own, or that of the link inside it (`<sup epub:type="noteref"><a href>`).
    private func referenceHref(_ e: E) -> String? {
        if let href = doc.attribute(e, Known.href) { return href }
        for c in doc.children(e) where !doc.isText(c) {
            if let href = referenceHref(c) { return href }
        }
        return nil
    }

    /// An href resolved against this document, its fragment kept: "../text/endnotes.xhtml#note-3" from
    /// "text/chapter-1.xhtml" is "text/endnotes.xhtml#note-3"; an href without fragment names no note ("").
    static func resolve(_ href: String, against base: String) -> String {
        guard let hash = ContainerPath.fragmentStart(href) else { return "" }
        return ContainerPath.resolve(href, against: base) + href[hash...]
    }

    /// Gives the references waiting in `pendingReferences` the offsets of their markers in `block`, in order:
    /// each marker is one `.noteReference` run (sealed on both sides when it was drawn).
    mutating func placeReferences(in block: Block) {
        let inlines: [Inline]
        switch block.kind {
        case .paragraph(let i), .heading(_, let i): inlines = i
        default: return
        }
        for (at, _) in inlines.noteReferenceMarkers(startingAt: block.location.offset) where !pendingReferences.isEmpty {
            let reference = pendingReferences.removeFirst()
            if !reference.target.isEmpty {
                noteReferences.append(NoteReference(offset: at, target: reference.target, marker: reference.marker))
            }
        }
    }
}
