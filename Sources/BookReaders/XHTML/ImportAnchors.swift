import BookModel

/// Where the elements named by fragment identifiers start (issue 22: a contents entry `ch2.xhtml#part-b` leads to
/// the page holding `part-b`). A fragment names the element whose `id` it is (HTML §7.4.6.4, "the indicated part
/// of the document"), or else an `<a name>` (the obsolete form EPUB 2 books still write; HTML §16.2 keeps it as a
/// target). The offset is the one `SourceLocation.offset` counts, in Unicode scalars of the chapter's text.
///
/// Precision: a block element (heading, section, div, list item) gets the offset of its first block, exactly; an
/// inline element gets the offset of the running paragraph plus the text gathered before it, which is exact too,
/// except inside a raised or lowered run (`<sup>`, gathered apart before it is written as `ScriptForms` says), where
/// it falls back to the paragraph's start plus the run's text before it: still inside the same paragraph.
extension ContentImporter {
    /// The interned number of the `name` attribute (a seeded name, so the same in every document).
    private static let nameAttribute = XMLNodes.Name(XMLNodes.knownNames.firstIndex(of: "name")!)

    /// Records `e`'s `id` (and, on `<a>`, its `name`) at `offset`; the first element with an id wins, as a browser
    /// scrolls to the first one. Elements without attributes, nearly all of them, cost one comparison.
    mutating func recordAnchor(_ e: E, isLink: Bool, at offset: Int) {
        guard doc.node(e).count > 0 else { return }
        if let id = doc.attribute(e, Known.id), !id.isEmpty, anchors.index(forKey: id) == nil {
            anchors[id] = offset
        }
        if isLink, let name = doc.attribute(e, Self.nameAttribute), !name.isEmpty, anchors.index(forKey: name) == nil {
            anchors[name] = offset
        }
    }
}
