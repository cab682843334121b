import BookModel
import Layout

/// What the book says about how it wants to be shown; the spread builder resolves every `auto` from it.
public struct BookHints: Sendable, Hashable {
    /// Pre-paginated books open solo (first page on the recto), like comics.
    public var layout: BookMetadata.Layout
    /// EPUB `rendition:spread`: when two pages may be shown.
    public var spread: BookMetadata.SpreadHint
    /// EPUB `rendition:orientation`: used by `auto` orientation only when no viewport is known.
    public var orientation: BookMetadata.OrientationHint
    /// EPUB `page-progression-direction` (or Markdown front matter); wins over writing mode and language.
    public var pageProgression: Direction?
    /// nil: the first page's writing mode.
    public var writingMode: WritingMode?
    /// BCP 47 tag; nil: the first page's language.
    public var language: String?
    /// The first spine item carries `page-spread-*`; nil: look at the first page.
    public var firstItemHasPageSpread: Bool?

    public init(layout: BookMetadata.Layout = .reflowable, spread: BookMetadata.SpreadHint = .auto,
                orientation: BookMetadata.OrientationHint = .auto, pageProgression: Direction? = nil,
                writingMode: WritingMode? = nil, language: String? = nil, firstItemHasPageSpread: Bool? = nil) {
        self.layout = layout
        self.spread = spread
        self.orientation = orientation
        self.pageProgression = pageProgression
        self.writingMode = writingMode
        self.language = language
        self.firstItemHasPageSpread = firstItemHasPageSpread
    }

    /// The hints a book's metadata carries.
    public init(metadata: BookMetadata, firstItemHasPageSpread: Bool? = nil) {
        self.init(layout: metadata.layout, spread: metadata.spread, orientation: metadata.orientation,
                  pageProgression: metadata.pageProgression, writingMode: metadata.writingMode,
                  language: metadata.language, firstItemHasPageSpread: firstItemHasPageSpread)
    }

    /// Progression when the user said `auto`: the book's own, else rtl for vertical-rl and rtl-script languages.
    public func progression(firstPage: Page? = nil) -> Direction {
        if let pageProgression { return pageProgression }
        if WritingModes.progression(stated: writingMode, firstPage: firstPage) == .verticalRL { return .rtl }
        if let tag = language ?? firstPage?.language, BookHints.isRightToLeft(language: tag) { return .rtl }
        return .ltr
    }

    /// Scripts written right to left (ISO 15924), for tags like `az-Arab` or `pa-Arab`.
    static let rtlScripts: Set<String> = ["arab", "hebr", "thaa", "syrc", "nkoo", "adlm", "rohg", "mand", "samr",
                                          "aran"]
    /// Languages whose default script is written right to left.
    static let rtlLanguages: Set<String> = ["ar", "arc", "ckb", "dv", "fa", "he", "iw", "ji", "ks",
                                            "mzn", "nqo", "pnb", "ps", "sd", "syr", "ug", "ur", "yi", "glk",
                                            "lrc", "bal", "bqi", "prs", "azb"]

    /// An explicit script subtag decides (`sd-Deva` is ltr); otherwise the language's default script does.
    public static func isRightToLeft(language tag: String) -> Bool {
        let subtags = tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let primary = subtags.first else { return false }
        if let script = subtags.dropFirst().first(where: { $0.count == 4 && $0.allSatisfy(\.isLetter) }) {
            return rtlScripts.contains(script)
        }
        return rtlLanguages.contains(primary)
    }
}
