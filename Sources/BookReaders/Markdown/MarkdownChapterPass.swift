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

    /// Gives every block its spine index, href and offset: the scalars of visible text before it in the chapter.
    static func place(_ blocks: inout [Block], spine: Int, href: String) {
        var offset = 0
        place(&blocks, spine: spine, href: href, offset: &offset)
    }

    private static func place(_ blocks: inout [Block], spine: Int, href: String, offset: inout Int) {
        for index in blocks.indices {
            blocks[index].location = SourceLocation(spine: spine, href: href, offset: offset)
            switch blocks[index].kind {
            case .list(var list):
                for item in list.items.indices { place(&list.items[item].blocks, spine: spine, href: href, offset: &offset) }
                blocks[index].kind = .list(list)
            case .quote(var children):
                place(&children, spine: spine, href: href, offset: &offset)
                blocks[index].kind = .quote(children)
            case .table(var table):
                for row in table.rows.indices {
                    for cell in table.rows[row].cells.indices {
                        place(&table.rows[row].cells[cell].blocks, spine: spine, href: href, offset: &offset)
                    }
                }
                blocks[index].kind = .table(table)
            default:
                offset += blocks[index].characterCount
            }
        }
    }

    /// Sets `.rtl` on blocks whose first strong letter is right-to-left (unless the author set a direction) and
    /// "ja"/"zh" on CJK text blocks (unless the author set a language); returns the tally of text blocks.
    static func guessScripts(_ blocks: inout [Block], direction: Bool, language: Bool) -> Tally {
        var tally = Tally()
        for index in blocks.indices {
            var guess: MarkdownScript.Guess?
            switch blocks[index].kind {
            case .paragraph(let inlines), .heading(_, let inlines):
                let found = MarkdownScript.guess(texts(inlines))
                guess = found
                if found.direction == .rtl { tally.rtl += 1 } else if found.direction == .ltr { tally.ltr += 1 }
                if let lang = found.language { tally.languages[lang, default: 0] += 1 }
            case .image(let image):
                guess = MarkdownScript.guess([(image.alt, false)])
            case .list(var list):
                for item in list.items.indices {
                    tally.add(guessScripts(&list.items[item].blocks, direction: direction, language: language))
                }
                blocks[index].kind = .list(list)
                guess = MarkdownScript.guess(texts(list.items.flatMap(\.blocks)))
            case .quote(var children):
                tally.add(guessScripts(&children, direction: direction, language: language))
                blocks[index].kind = .quote(children)
                guess = MarkdownScript.guess(texts(children))
            case .table(var table):
                for row in table.rows.indices {
                    for cell in table.rows[row].cells.indices {
                        tally.add(guessScripts(&table.rows[row].cells[cell].blocks, direction: direction, language: language))
                    }
                }
                blocks[index].kind = .table(table)
                guess = MarkdownScript.guess(texts(table.rows.flatMap { $0.cells.flatMap(\.blocks) }))
            case .preformatted, .rule:
                guess = nil
            }
            guard let guess else { continue }
            // Raw HTML may have said `dir` or `lang` already; the author's word wins over a guess.
            if direction, guess.direction == .rtl, blocks[index].direction == nil { blocks[index].direction = .rtl }
            if language, let lang = guess.language, lang == "ja" || lang == "zh", blocks[index].language == nil {
                blocks[index].language = lang
            }
        }
        return tally
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
            case .table(var table):
                for row in table.rows.indices {
                    for cell in table.rows[row].cells.indices { relabel(&table.rows[row].cells[cell].blocks, from: from, to: to) }
                }
                blocks[index].kind = .table(table)
            default: break
            }
        }
    }

    private static func texts(_ inlines: [Inline]) -> [(String, isCode: Bool)] {
        inlines.compactMap { inline in
            switch inline {
            case .text(let text, let style): return (text, style.contains(.code))
            case .ruby(let base, _): return (base, false)
            case .lineBreak, .pageBreak: return nil
            }
        }
    }

    /// The texts of blocks in reading order, for guesses about containers.
    private static func texts(_ blocks: [Block]) -> [(String, isCode: Bool)] {
        var result: [(String, isCode: Bool)] = []
        for block in blocks {
            switch block.kind {
            case .paragraph(let inlines), .heading(_, let inlines): result += texts(inlines)
            case .list(let list): result += texts(list.items.flatMap(\.blocks))
            case .quote(let children): result += texts(children)
            case .table(let table): result += texts(table.rows.flatMap { $0.cells.flatMap(\.blocks) })
            case .image(let image): result.append((image.alt, false))
            case .preformatted(let text): result.append((text, true))
            case .rule: break
            }
        }
        return result
    }
}
