import BookModel

/// Which content documents the spine asks for, decided from the package document alone, before any of them is
/// read: the spine is held to `InputLimits.spineItems`, each itemref's fallback chain is resolved, and each
/// document is planned once, however many itemrefs name it.
///
/// EPUB 3.3, the itemref element (#attrdef-itemref-idref): "item IDs MUST NOT be referenced more than once".
/// A spine that repeats an item (or names one document through several manifest items or fallbacks) would
/// otherwise have that document inflated, parsed, laid out and written once per itemref: a 2 KB book listing a
/// 45 KB chapter 10,000 times asked for 450 MB of text. The first occurrence is kept, with its `linear` flag
/// and properties; the repeats are counted into one warning. (EPUB Reading Systems 3.3 asks readers to render repeats anyway; Quire does
/// not, because the input breaks the rule and the cost of honouring it grows with the repeats, not the book.)
struct SpinePlan {
    /// One document to read: its itemref (path and media type resolved through fallbacks) and its position in
    /// the package's spine, which chapters and source locations keep.
    struct Entry {
        var index: Int
        var item: SpineItem
        var path: String
    }

    /// In reading order: linear items first, then non-linear ones, each in spine order.
    var entries: [Entry] = []
    var diagnostics: [Diagnostic] = []

    /// Media types Quire reads as content documents; any `image/…` type is read as a picture.
    static let contentTypes: Set<String> = ["application/xhtml+xml", "text/html", "application/x-dtbook+xml", "image/svg+xml"]

    init(_ publication: Publication, container: any Container, limits: InputLimits) throws(ReadError) {
        let count = publication.spine.count
        guard count <= limits.spineItems else {
            throw .limitExceeded("the spine has \(count) items; the limit is \(limits.spineItems) (--max-spine-items)")
        }
        var chains = FallbackChains(publication.manifest) { item in
            container.contains(item.path) && (Self.contentTypes.contains(item.mediaType) || item.mediaType.hasPrefix("image/"))
        }
        var kept: [Entry] = []
        var planned: Set<String> = []
        var repeats: [(path: String, count: Int)] = []
        var repeatSlot: [String: Int] = [:]
        for (index, spineItem) in publication.spine.enumerated() {
            var item = spineItem
            if let target = chains.target(of: spineItem.idref) {
                item.path = target.path
                item.mediaType = target.mediaType
            }
            guard let path = item.path else { continue }
            if planned.insert(path).inserted {
                kept.append(Entry(index: index, item: item, path: path))
            } else if let slot = repeatSlot[path] {
                repeats[slot].count += 1
            } else {
                repeatSlot[path] = repeats.count
                repeats.append((path, 1))
            }
        }
        entries = kept.filter { $0.item.linear } + kept.filter { !$0.item.linear }
        if let warning = Self.repeatWarning(repeats) { diagnostics.append(warning) }
    }

    /// One line for all repeats, never one per repeat: a hostile spine can hold thousands.
    static func repeatWarning(_ repeats: [(path: String, count: Int)]) -> Diagnostic? {
        guard let first = repeats.first else { return nil }
        if repeats.count == 1 {
            let times = first.count == 1 ? "once more" : "\(first.count) more times"
            return .warning("the spine lists \(first.path) \(times); repeats skipped")
        }
        let total = repeats.reduce(0) { $0 + $1.count }
        return .warning("the spine lists \(repeats.count) documents more than once (\(total) repeats, the first "
                        + "\(first.path)); repeats skipped")
    }
}

/// Manifest fallback chains, each link walked once per book. A spine item that is missing or of a type Quire
/// cannot read is replaced by the first usable item of its chain (EPUB foreign resources); the chain ends at the
/// first item already seen (EPUB Reading Systems 3.3, Manifest). Many spine items can start on one long chain, so
/// answers are remembered for every item a walk passes: the work is linear in the manifest, not in
/// spine items × chain length.
struct FallbackChains {
    private let byID: [String: ManifestItem]
    private let usable: (ManifestItem) -> Bool
    /// The answer for each item id already walked: the first usable item from it on, or nil.
    private var memo: [String: ManifestItem?] = [:]

    init(_ manifest: [ManifestItem], usable: @escaping (ManifestItem) -> Bool) {
        // The first item with an id wins, as in the package document's own lookup.
        byID = Dictionary(manifest.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.usable = usable
    }

    /// The item itself when usable, else the first usable item down its fallback chain; nil when there is none
    /// (no such id, the chain ends, or it loops).
    mutating func target(of id: String) -> ManifestItem? {
        var walked: [String] = []
        var onWalk: Set<String> = []
        var answer: ManifestItem?
        var next: String? = id
        while let current = next {
            if let known = memo[current] {
                answer = known
                break
            }
            guard onWalk.insert(current).inserted, let item = byID[current] else { break }
            walked.append(current)
            if usable(item) {
                answer = item
                break
            }
            next = item.fallback
        }
        for walkedID in walked { memo[walkedID] = .some(answer) }
        return answer
    }
}
