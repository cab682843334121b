import BookModel

/// Where the elements named by fragment identifiers start (issue 22: a contents entry `ch2.xhtml#part-b` leads to
/// the page holding `part-b`). As HTML's "find a potential indicated element" has it, a fragment names the first
/// element whose `id` it is, else the first `<a>` whose `name` it is (the form EPUB 2 books still write). The
/// offset is the one `SourceLocation.offset` counts, in Unicode scalars of the chapter's text.
///
/// Precision: a block element (heading, section, div, list item) gets the offset of its first block, exactly; an
/// inline element gets the offset of the running paragraph plus the text gathered before it, which is exact too,
/// except inside a raised or lowered run (`<sup>`, gathered apart before it is written as `ScriptForms` says), where
/// it falls back to the paragraph's start plus the run's text before it: still inside the same paragraph.
/// Not read: ids on table rows and cells, on definition terms and descriptions, and on hidden elements (their
/// entries go to the document's first page).
extension ContentImporter {
    /// The interned number of the `name` attribute (a seeded name, so the same in every document).
    private static let nameAttribute = XMLNodes.Name(XMLNodes.knownNames.firstIndex(of: "name")!)

    /// Whether `e` can be named by a fragment: it has an `id` or, on `<a>`, a `name`. Elements without attributes,
    /// nearly all of them, cost one comparison.
    @inline(__always) func isAnchor(_ e: E, isLink: Bool) -> Bool {
        doc.node(e).count > 0 && (doc.hasAttribute(e, Known.id) || isLink && doc.hasAttribute(e, Self.nameAttribute))
    }

    /// Records `e`'s `id` (and, on `<a>`, its `name`) at `offset`; the first of each wins.
    mutating func recordAnchor(_ e: E, isLink: Bool, at offset: Int) {
        guard doc.node(e).count > 0 else { return }
        if let id = doc.attribute(e, Known.id), !id.isEmpty, anchorIDs.index(forKey: id) == nil {
            anchorIDs[id] = offset
        }
        if isLink, let name = doc.attribute(e, Self.nameAttribute), !name.isEmpty, anchorNames.index(forKey: name) == nil {
            anchorNames[name] = offset
        }
    }

    /// `Chapter.anchors`: the ids, and the link names no id takes.
    var anchors: [String: Int] {
        anchorNames.isEmpty ? anchorIDs : anchorIDs.merging(anchorNames) { id, _ in id }
    }
}
