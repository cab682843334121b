import BookModel

/// What applies to one element of `ContentImporter`, decided from its name, its attributes and the book's CSS
/// (`ElementStyles`, computed by the cascade in `Style/`): whether it is inline or hidden, the inline style it gives
/// its text, the language and direction it sets, and whether it marks a print page break (EPUB 3
/// `epub:type="pagebreak"`, DPUB-ARIA `doc-pagebreak`).
/// What the book's CSS changes beyond an element's role (alignment, indents, breaks, inline styles, transforms)
/// lives next door, in `StyleRules.swift`.
extension ContentImporter {
    /// The importer's name for an element: `svg:` and the local name for SVG, else the lower-cased local name.
    @inline(__always) func key(_ e: E) -> String {
        let c = classes[Int(doc.nameID(e))]
        return doc.namespaceID(e) == NS.svg ? c.svgKey : c.lowercased
    }

    /// What `key(e)` means to the inline importer, read from the name's class.
    @inline(__always) func inlineTag(_ e: E) -> InlineTag {
        let c = classes[Int(doc.nameID(e))]
        return doc.namespaceID(e) == NS.svg ? c.svgTag : c.tag
    }

    /// Elements written inline: their text joins the running paragraph.
    @inline(__always) func isInline(_ e: E) -> Bool {
        let c = classes[Int(doc.nameID(e))]
        return doc.namespaceID(e) == NS.svg ? c.svgInline : c.inline
    }

    /// An element written inline that the book's CSS makes block-level (`display: block`, `list-item`, …; CSS
    /// Display 3 §2): its own line, as the lines of a poem set as `<span>`s. Images, `<br>` and ruby keep their own
    /// handling whatever their `display` says.
    @inline(__always) func isBlockByStyle(_ e: E) -> Bool {
        guard styles.look(e)?.role == .block, isInline(e) else { return false }
        return !Self.ownRole.contains(key(e))
    }

    private static let ownRole: Set<String> = ["br", "wbr", "img", "image", "svg:image", "svg:svg", "svg", "ruby", "rt",
                                               "rp", "rtc", "rb"]

    /// The style an inline element adds to its text (HTML's presentational defaults; `<a>` only with `href`).
    @inline(__always) func inlineStyle(of e: E, tag: InlineTag) -> InlineStyle {
        switch tag {
        case .emphasis: return .emphasis
        case .strong: return .strong
        case .code: return .code
        case .strikethrough: return .strikethrough
        case .a: return doc.hasAttribute(e, Known.href) ? .link : []
        case .sup: return .superscript
        case .sub: return .subscript
        default: return []
        }
    }

    /// The context inside `e`: `xml:lang`/`lang`, `dir` and what the book's CSS declares on `e` are inherited by
    /// everything below (the `dir` attribute before CSS `direction`, which overrides it as CSS Writing Modes 3 §2.1
    /// says).
    func inherit(_ context: Context, from e: E) -> Context {
        var ctx = context
        if doc.node(e).count > 0 {
            if let lang = doc.attribute(e, Known.lang, namespace: NS.xml) ?? doc.attribute(e, Known.lang), !lang.isEmpty {
                ctx.language = lang
            }
            switch doc.attribute(e, Known.dir)?.lowercased() {
            case "rtl": ctx.direction = .rtl
            case "ltr": ctx.direction = .ltr
            default: break
            }
        }
        applyStyle(of: e, to: &ctx)
        return ctx
    }

    /// False for what a reader never shows: head, scripts, styles, templates, hidden elements.
    func isRendered(_ e: E) -> Bool {
        let n = doc.node(e)
        if classes[Int(n.name)].skipped && (n.namespace == NS.xhtml || n.namespace == NS.none || n.namespace == NS.svg) { return false }
        // The cascade first: a type or class rule hides elements that have no attributes of their own.
        if styles.isHidden(e) { return false }
        guard n.count > 0 else { return true }
        return !doc.hasAttribute(e, Known.hidden)
    }

    /// The print page label of an `epub:type="pagebreak"` / `role="doc-pagebreak"` marker.
    func pageBreakLabel(_ e: E) -> String? {
        guard doc.node(e).count > 0 else { return nil }
        guard PackageDocument.hasToken(doc.attribute(e, Known.type, namespace: NS.epub), anyOf: ["pagebreak"])
            || PackageDocument.hasToken(doc.attribute(e, Known.role), anyOf: ["doc-pagebreak"]) else { return nil }
        let label = doc.attribute(e, Known.title) ?? doc.attribute(e, Known.ariaLabel) ?? collapse(doc.textContent(e))
        if !label.isEmpty { return label }
        return doc.attribute(e, Known.id) ?? ""
    }

    /// What the importer needs to know of an element name, worked out once per name of a document.
    struct NameClass {
        let lowercased: String
        let svgKey: String
        let skipped: Bool
        let inline: Bool
        let svgInline: Bool
        /// An HTML element of this name draws its own indent (`ContentImporter.ownIndent`); an SVG one never does.
        let ownIndent: Bool
        /// `InlineTag(key:)` of `lowercased` and of `svgKey`.
        let tag: InlineTag
        let svgTag: InlineTag

        init(raw: String, lowercased: String) {
            self.lowercased = lowercased
            self.svgKey = "svg:" + raw
            self.tag = InlineTag(key: lowercased)
            self.svgTag = InlineTag(key: svgKey)
            self.skipped = ContentImporter.skipped.contains(lowercased)
            self.inline = ContentImporter.inlineElements.contains(lowercased) || lowercased == "a"
            self.svgInline = ContentImporter.inlineElements.contains(svgKey)
            self.ownIndent = ContentImporter.ownIndent.contains(lowercased)
        }
    }

    /// What an inline element's name means to the importer (`inline`, `inlineStyle`, `noteReferenceLabel`), worked
    /// out once per interned name: a `switch` over `key(e)` compared strings one case after another, about 22
    /// instructions for each case that failed, 148 M in a book of 460,000 inline elements (issue 19).
    enum InlineTag: UInt8 {
        case other, br, wbr, ruby, math, image, svgRoot, q, a, span, sup, sub, emphasis, strong, code, strikethrough

        /// The tag of an importer key (`key(e)`: `svg:` and the local name for SVG, else the lower-cased name).
        init(key: String) {
            switch key {
            case "br": self = .br
            case "wbr": self = .wbr
            case "ruby": self = .ruby
            case "math": self = .math
            case "img", "svg:image", "image": self = .image
            case "svg:svg": self = .svgRoot
            case "q": self = .q
            case "a": self = .a
            case "span": self = .span
            case "sup": self = .sup
            case "sub": self = .sub
            case "em", "i", "cite", "dfn", "var": self = .emphasis
            case "strong", "b": self = .strong
            case "code", "kbd", "samp", "tt": self = .code
            case "s", "strike", "del": self = .strikethrough
            default: self = .other
            }
        }
    }

    static let skipped: Set<String> = ["head", "script", "style", "template", "noscript", "title", "meta", "link",
                                       "object", "embed", "iframe", "audio", "video", "canvas", "map", "area",
                                       "input", "select", "textarea", "button", "rp", "param", "source", "track"]

    static let inlineElements: Set<String> = ["span", "em", "i", "strong", "b", "code", "kbd", "samp", "tt", "var",
                                              "cite", "q", "abbr", "acronym", "small", "big", "sub", "sup", "s",
                                              "strike", "del", "ins", "u", "mark", "time", "ruby", "br", "wbr",
                                              "font", "bdi", "bdo", "label", "dfn", "data", "output", "nobr", "img",
                                              "image", "svg:image", "math"]
}

extension String {
    /// The string without leading and trailing whitespace (`Character.isWhitespace`).
    var trimmingSpaces: String { ScalarText.alreadyTrimmed(self) ?? characterTrimmingSpaces }

    /// `trimmingSpaces` character by character: the definition, for any text.
    var characterTrimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}
