import BookModel

/// Passes over a finished chapter: source locations, then per-block direction and language guesses.
enum MarkdownChapterPass {
    /// Counts of text blocks by guessed script, for the chapter and document defaults.
    struct Tally {
        var rtl = 0
        var ltr = 0
        var languages: [String: Int] = [:]

        mutating func add(_ other: Tally) {
            rtl += other.rtl
            ltr += other.ltr
            for (language, count) in other.languages { languages[language, default: 0] += count }
        }

        /// Most text blocks with a strong letter are right-to-left.
        var mostlyRTL: Bool { rtl > ltr }

        /// The language the scripts point to, if they point anywhere: the most common right-to-left language
        /// when most blocks are right-to-left, else Japanese or Chinese when a fifth of the blocks are CJK.
        var language: String? {
            if mostlyRTL {
                return ["ar", "fa", "he"].max { (languages[$0] ?? 0, $1) < (languages[$1] ?? 0, $0) }
            }
            let ja = languages["ja"] ?? 0, zh = languages["zh"] ?? 0
            guard (ja + zh) * 5 >= rtl + ltr, ja + zh > 0 else { return nil }
            // Japanese text has kanji-only headings and lines; a tenth with kana is enough to call it Japanese.
            return ja * 10 >= ja + zh ? "ja" : "zh"
        }
    }

    /// Gives every block its spine index, href and offset (the scalars of visible text before it in the chapter),
    /// sets `.rtl` on blocks whose first strong letter is right-to-left (unless the author set a direction) and
    /// "ja"/"zh" on CJK text blocks (unless the author set a language); returns the tally of text blocks.
    static func annotate(_ blocks: inout [Block], spine: Int, href: String, direction: Bool, language: Bool) -> Tally {
        var pass = Pass(spine: spine, href: href, direction: direction, language: language)
        _ = pass.walk(&blocks, scansAll: false)
        return pass.tally
    }

    /// One walk over a chapter's blocks, in reading order.
    private struct Pass {
        let spine: Int
        let href: String
        let direction: Bool
        let language: Bool
        var offset = 0
        var tally = Tally()

        /// Annotates `blocks` and returns the scan of their texts in reading order, which a container's guess is
        /// made from; `scansAll` false skips code that no container will ask about.
        mutating func walk(_ blocks: inout [Block], scansAll: Bool) -> MarkdownScript.Scan {
            var all = MarkdownScript.Scan()
            for index in blocks.indices {
                blocks[index].location = SourceLocation(spine: spine, href: href, offset: offset)
                var scan = MarkdownScript.Scan()
                var guess: MarkdownScript.Guess?
                switch blocks[index].kind {
                case .paragraph(let inlines), .heading(_, let inlines):
                    for inline in inlines {
                        switch inline {
                        case .text(let text, let style): scan.add(text, isCode: style.contains(.code))
                        case .ruby(let base, _): scan.add(base, isCode: false)
                        case .lineBreak, .pageBreak: break
                        }
                    }
                    let found = scan.guess
                    guess = found
                    if found.direction == .rtl { tally.rtl += 1 } else if found.direction == .ltr { tally.ltr += 1 }
                    if let lang = found.language { tally.languages[lang, default: 0] += 1 }
                    offset += inlines.characterCount
                case .image(let image):
                    scan.add(image.alt, isCode: false)
                    guess = scan.guess
                    offset += image.alt.unicodeScalarCount
                case .preformatted(let text):
                    if scansAll { scan.add(text, isCode: true) }
                    offset += text.unicodeScalarCount
                case .rule:
                    break
                case .list(var list):
                    // The block lets go of its payload first, so the walk edits the only copy.
                    blocks[index].kind = .rule
                    for item in list.items.indices { scan.add(walk(&list.items[item].blocks, scansAll: true)) }
                    blocks[index].kind = .list(list)
                    guess = scan.guess
                case .quote(var children):
                    blocks[index].kind = .rule
                    scan.add(walk(&children, scansAll: true))
                    blocks[index].kind = .quote(children)
                    guess = scan.guess
                case .note(var note):
                    blocks[index].kind = .rule
                    scan.add(walk(&note.blocks, scansAll: true))
                    blocks[index].kind = .note(note)
                    guess = scan.guess
                case .table(var table):
                    blocks[index].kind = .rule
                    for row in table.rows.indices {
                        for cell in table.rows[row].cells.indices {
                            scan.add(walk(&table.rows[row].cells[cell].blocks, scansAll: true))
                        }
                    }
                    blocks[index].kind = .table(table)
                    guess = scan.guess
                }
                all.add(scan)
                guard let guess else { continue }
                // Raw HTML may have said `dir` or `lang` already; the author's word wins over a guess.
                if direction, guess.direction == .rtl, blocks[index].direction == nil { blocks[index].direction = .rtl }
                if language, let lang = guess.language, lang == "ja" || lang == "zh", blocks[index].language == nil {
                    blocks[index].language = lang
                }
            }
            return all
        }
    }

    /// Calls kanji-only blocks of a Japanese book Japanese, not Chinese.
    static func relabel(_ blocks: inout [Block], from: String, to: String) {
        for index in blocks.indices {
            if blocks[index].language == from { blocks[index].language = to }
            switch blocks[index].kind {
            case .list(var list):
                for item in list.items.indices { relabel(&list.items[item].blocks, from: from, to: to) }
                blocks[index].kind = .list(list)
            case .quote(var children):
                relabel(&children, from: from, to: to)
                blocks[index].kind = .quote(children)
            case .note(var note):
                relabel(&note.blocks, from: from, to: to)
                blocks[index].kind = .note(note)
            case .table(var table):
                for row in table.rows.indices {
                    for cell in table.rows[row].cells.indices { relabel(&table.rows[row].cells[cell].blocks, from: from, to: to) }
                }
                blocks[index].kind = .table(table)
            default: break
            }
        }
    }
}
