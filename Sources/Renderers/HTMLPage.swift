import BookModel
import Layout
import Spreads

/// Draws pages and spreads as HTML: one element per line (per column in vertical-rl), every cell a fixed box,
/// so the browser cannot re-break or widen what the paginator laid out.
struct HTMLPageDrawer: Sendable {
    var size: PageSize
    var ambiguousWide: Bool
    /// For each image box (in book order), the URL of its picture, or nil to keep the text placeholder.
    var imageURLs: [String?]
    /// For each image box, the book's text alternative (`alt`), for the picture drawn over its placeholder.
    var imageAlternatives: [String] = []
    /// Draw ruby as ruby (visible `<rt>` over the dropped annotation's base) instead of hiding it.
    var rubyAsRuby = false
    /// The class of an empty slot's box, so it takes the size of the book's pages (`htb` or `vrl`).
    var placeholderMode = "htb"
    /// `imageBox[page - 1][line]`: the image box a line belongs to (see `HTMLAssets.imageBoxes`).
    var imageBoxes: [[Int?]]
    /// Page bodies shared by the documents that show a page (its spread and its index thumbnail; see
    /// `HTMLPageBodies`), drawn without note links. Nil: each page is drawn where it is shown.
    var sharedBodies: HTMLPageBodies<[UInt8]>?

    /// What a reading view adds to a slot (none in thumbnails), from its page number: written after the slot's own
    /// class, its extra classes (each with a leading space), the closing quote of the class attribute, and its
    /// extra attributes. Written, not returned as strings: two strings joined from pieces cost 6,000 instructions
    /// a slot (issue 19).
    typealias SlotMarks = (Int?, inout ByteWriter) -> Void

    /// A spread's slots in visual order, each a page box with its folio. A reading view (`marks` given) names
    /// each page `id="pN"`, the fragment its URLs use; thumbnails repeat pages, so they carry no ids.
    func spread(_ spread: Spread, in result: SpreadResult, marks: SlotMarks? = nil) -> String {
        var out: [UInt8] = []
        self.spread(spread, in: result, marks: marks, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `spread(_:in:marks:)` onto the end of `out`: documents are built as bytes, as page bodies are, since a
    /// `String` grown by appending paid a few hundred instructions an append and copied each page's body into
    /// its box, its spread and its document in turn (issue 19).
    func spread(_ spread: Spread, in result: SpreadResult, marks: SlotMarks? = nil, into out: inout [UInt8]) {
        out.appendUpTo(spreadBytes(spread)) { self.spread(spread, in: result, marks: marks, into: &$0) }
    }

    /// Room for a spread as `spread(_:in:marks:into:)` draws it, if its pages hold plain lines: a writer that
    /// needs more grows. A `ByteWriter` stores each piece where `Array.append(contentsOf:)` cost about 90
    /// instructions, and a spread takes forty pieces around its bodies (issue 19).
    func spreadBytes(_ spread: Spread) -> Int {
        spread.slots.count * (size.lines * (size.columns + 48) + 512)
    }

    /// `spread(_:in:marks:into:)` through a writer.
    func spread(_ spread: Spread, in result: SpreadResult, marks: SlotMarks? = nil, into out: inout ByteWriter) {
        let layout = result.layout
        out.put("<div class=\"spread ")
        out.put(layout.axis == .vertical ? "v" : "h")
        out.put(" n")
        out.put(decimal: spread.slots.count)
        out.put("\"")
        out.putAttribute(" data-spread", decimal: spread.number)
        out.put(" data-pages=\"")
        for (k, number) in spread.pages.enumerated() {
            if k > 0 { out.put(" ") }
            out.put(decimal: number)
        }
        out.put("\">")
        // Thumbnails are links themselves: a note link inside one would be a link in a link.
        let links = marks == nil ? [:] : noteLinks(spread, in: result)
        for slot in spread.slots {
            out.put("<div class=\"slot s-")
            out.put(contentsOf: slot.side.rawValue)
            if let marks { marks(slot.page, &out) } else { out.put("\"") }
            out.put(">")
            let binding = bindingEdge(slot.side, layout)
            if let number = slot.page, number >= 1, number <= result.pages.count {
                let page = result.pages[number - 1]
                let drawn = links.isEmpty ? sharedBodies?.body(number) { self.body(of: page, links: [:]) } : nil
                self.page(page, binding: binding, links: links, id: marks == nil ? nil : "p\(number)", body: drawn,
                          into: &out)
                var folio = String(number)
                if page.kind == .blank { folio += " (blank)" }
                if let back = slot.back { folio += " · \(back) on the back" }
                out.put("<p class=\"folio\">")
                HTMLEscape.appendText(folio, to: &out)
                out.put("</p>")
            } else {
                out.put("<div class=\"page ")
                out.put(contentsOf: placeholderMode)
                out.put(" placeholder\"></div><p class=\"folio\"></p>")
            }
            out.put("</div>")
        }
        out.put("</div>")
    }

    /// Where each note reference of a spread links (issue 17): a marker to the id of the note it belongs to on the
    /// spread's pages (`fn<page>-<index>`, on the note's first line), the first such note winning.
    private func noteLinks(_ spread: Spread, in result: SpreadResult) -> [String: String] {
        var links: [String: String] = [:]
        for slot in spread.slots {
            guard let number = slot.page, number >= 1, number <= result.pages.count else { continue }
            for (k, note) in result.pages[number - 1].notes.enumerated() where !note.continued && links[note.marker] == nil {
                links[note.marker] = "fn\(number)-\(k)"
            }
        }
        return links
    }

    /// The frame edge that touches the spine, as the text renderer draws it heavy.
    private func bindingEdge(_ side: Side, _ layout: SpreadLayout) -> String? {
        let horizontal = layout.axis == .horizontal
        switch layout.spine {
        case .none: return nil
        case .min: return horizontal ? "left" : "top"
        case .max: return horizontal ? "right" : "bottom"
        case .mid:
            switch side {
            case .left: return "right"
            case .right: return "left"
            case .top: return "bottom"
            case .bottom: return "top"
            case .single: return nil
            }
        }
    }

    /// One page box: `lang` and `dir` from the page, its lines in order, image boxes grouped as figures; onto the
    /// end of `out`. `body`, when given, is the page's `body(of:links:)` drawn before with these links.
    func page(_ page: Page, binding: String?, links: [String: String] = [:], id: String? = nil,
              body: [UInt8]? = nil, into out: inout ByteWriter) {
        out.put("<div class=\"page ")
        out.put(page.writingMode == .verticalRL ? "vrl" : "htb")
        if page.kind == .blank { out.put(" blank") }
        if let binding {
            out.put(" b-")
            out.put(contentsOf: binding)
        }
        out.put("\"")
        if let id {
            out.put(" id=\"")
            out.put(contentsOf: id)
            out.put("\"")
        }
        out.putAttribute(" lang", HTMLEscape.language(page.language) ?? "")
        out.putAttribute(" dir", page.direction.rawValue)
        out.putAttribute(" data-page", decimal: page.number)
        out.put(">")
        out.put(contentsOf: body ?? self.body(of: page, links: links))
        out.put("</div>")
    }

    /// A page's lines, image boxes grouped as figures: what `page` puts inside the page's box.
    func body(of page: Page, links: [String: String]) -> [UInt8] {
        let vertical = page.writingMode == .verticalRL
        let count = min(max(0, vertical ? page.blockSize : size.lines), page.lines.count)
        let boxes = page.number - 1 < imageBoxes.count ? imageBoxes[page.number - 1] : []
        var anchors: [Int: String] = [:]
        for (k, note) in page.notes.enumerated() where !note.continued { anchors[note.line] = "fn\(page.number)-\(k)" }
        // Built and kept as bytes: a `String` grown by many small appends paid ~380 instructions an append, a
        // third of a site's drawing, and making one String of the bytes checked their UTF-8 again. Through a
        // `ByteWriter`, in room sized for a line of plain text each: `Array.append(contentsOf:)` cost about 90
        // instructions a piece, and a line takes five (issue 19). Lines are read in place (`line(at:)`).
        var out: [UInt8] = []
        out.appendUpTo(count * (size.columns + 48)) { out in
            page.lines.withUnsafeBufferPointer { all in
                let lines = UnsafeBufferPointer(rebasing: all[..<count])
                var index = 0
                while index < count {
                    let box = index < boxes.count ? boxes[index] : nil
                    if let box, box < imageURLs.count, let url = imageURLs[box] {
                        var end = index
                        while end < count, end < boxes.count, boxes[end] == box { end += 1 }
                        out.put("<div class=\"fig\">")
                        for k in index..<end { self.line(at: lines.baseAddress! + k, vertical: vertical, links: links, into: &out) }
                        let alternative = box < imageAlternatives.count ? imageAlternatives[box] : ""
                        out.put("<img src=\"")
                        HTMLEscape.appendText(url, to: &out)
                        out.put("\" alt=\"")
                        HTMLEscape.appendText(alternative, to: &out)
                        out.put("\"></div>")
                        index = end
                    } else {
                        self.line(at: lines.baseAddress! + index, vertical: vertical, id: anchors[index], links: links,
                                  into: &out)
                        index += 1
                    }
                }
            }
        }
        return out
    }

    /// `line(_:vertical:id:links:into:)` onto the end of an array.
    func line(_ line: Line, vertical: Bool, id: String? = nil, links: [String: String] = [:], into out: inout [UInt8]) {
        withUnsafePointer(to: line) { line in
            out.appendUpTo(size.columns + 48) { self.line(at: line, vertical: vertical, id: id, links: links, into: &$0) }
        }
    }

    /// One line (a column in vertical-rl) with its own `lang` and `dir`, onto the end of `out`; decorations are
    /// dimmed, inline styles drawn as `CellLook` says (`mk`: the line has emphasis marks, which reach past its box).
    /// The line is read where it lies, field by field: a `Line` handed on by value from an array was copied, a
    /// retain and a release for each of its fields (300 instructions a line; issue 19).
    func line(at line: UnsafePointer<Line>, vertical: Bool, id: String? = nil, links: [String: String] = [:],
              into out: inout ByteWriter) {
        // Literals joined where they meet: most lines of a novel take four appends before their text.
        let heading: Bool
        if case .heading = line.pointee.role { heading = true } else { heading = false }
        let runningHead = line.pointee.role == .runningHead
        let marks = line.pointee.styles.contains(where: { $0.style.emphasisMark != nil })
        if heading || runningHead || marks {
            out.put("<div class=\"l")
            if heading { out.put(" hd") }
            if runningHead { out.put(" rh") }
            if marks { out.put(" mk") }
            out.put("\"")
        } else {
            out.put("<div class=\"l\"")
        }
        if let id {
            out.put(" id=\"")
            out.put(contentsOf: id)
            out.put("\"")
        }
        let rtl = line.pointee.direction == .rtl
        if let lang = HTMLEscape.language(line.pointee.language) {
            out.put(" lang=\"")
            out.put(contentsOf: lang)
            out.put(rtl ? "\" dir=\"rtl\">" : "\" dir=\"ltr\">")
        } else {
            out.put(rtl ? " dir=\"rtl\">" : " dir=\"ltr\">")
        }
        let alignment = line.pointee.alignment
        if alignment == .center || alignment == .end { out.put(contentsOf: lead(line.pointee, vertical: vertical)) }
        if vertical {
            out.put(contentsOf: columnCells(line.pointee, links: links))
        } else if isPlainNarrow(line) {
            HTMLEscape.appendNarrowText(line.pointee.text, to: &out)
        } else if !narrowRuns(line.pointee, links: links, into: &out) {
            out.put(contentsOf: lineCells(line.pointee, links: links, plainFastPath: false, runsFastPath: false))
        }
        out.put("</div>")
    }

    /// Empty cells before a centred or end-aligned line (`Line.startOffset(inInlineSize:)`, the one rule every
    /// renderer follows), so it sits on the same cells as in the text output: the browser's own centring could
    /// fall half a cell off, and the site allows no `style` attribute. The cells go at the line's start: its `dir`
    /// puts an rtl line's start at the right.
    private func lead(_ line: Line, vertical: Bool) -> String {
        let size = vertical ? self.size.lines : self.size.columns
        let cells = min(max(0, line.startOffset(inInlineSize: size)), size)
        if vertical { return String.repeated("<span class=\"r\"></span>", count: cells) }
        return "<span class=\"o\">" + String.repeated(" ", count: cells) + "</span>"
    }

    /// Real `<ruby>` markup over the cells the text shows: the base, then the printed annotation as `<rp>`/`<rt>`
    /// (`--ruby paren|aozora`), or a hidden `<rt>` (`--ruby drop`); cells keep their place and width either way.
    private struct RubyMarkup {
        let spans: [RubySpan]
        /// Ruby drawn as ruby: the annotation the cells leave out is shown over (beside) its base.
        var visible = false
        /// The line's text and direction, to measure a base against its annotation.
        var text = ""
        var vertical = false

        /// An `<rt>` closes a base whose annotation the text does not show (`--ruby drop`): hidden, or drawn as
        /// ruby in the room the page keeps for it.
        func close(at offset: Int) -> String {
            spans.filter { $0.shown == nil && $0.base.upperBound == offset }.map { span in
                guard visible else { return "<rt class=\"h\">" + HTMLEscape.text(span.annotation) + "</rt></ruby>" }
                let squeeze = self.squeeze(span)
                let open = squeeze.map { "<rt class=\"z\($0)\">" } ?? "<rt>"
                return open + HTMLEscape.text(span.annotation) + "</rt></ruby>"
            }.joined()
        }

        /// How much an annotation longer than its base is squeezed, in tenths (nil: it fits, centred on the base):
        /// a reading never runs past its base, so none reaches past the end of its line or column, and nothing of
        /// it is cut. At half size a kana advances 0.5 em; a base cell is 0.6 em wide, a row of a column 1.25 em.
        func squeeze(_ span: RubySpan) -> Int? {
            let bytes = Array(text.utf8)
            guard span.base.lowerBound >= 0, span.base.upperBound <= bytes.count else { return nil }
            let base = String(decoding: bytes[span.base], as: UTF8.self)
            let room = vertical ? Double(base.count) * 1.25 : Double(cellWidth(of: base)) * 0.6
            let needed = Double(span.annotation.count) * 0.5
            guard needed > room, needed > 0 else { return nil }
            return max(1, min(9, Int(room / needed * 10 + 1e-9)))
        }

        /// Markup before the cell `start..<end`: closings, then `<ruby>` at a base, `<rp>` at an opening bracket,
        /// `</rt><rp>` at a closing bracket.
        func before(_ start: Int, _ end: Int) -> String {
            var out = close(at: start)
            for span in spans {
                if span.base.lowerBound == start { out += "<ruby>" }
                guard let shown = span.shown else { continue }
                if shown.lowerBound == start { out += "<rp>" }
                if shown.upperBound == end && shown.lowerBound != start { out += "</rt><rp>" }
            }
            return out
        }

        /// Markup after the cell `start..<end`: the opening bracket gives way to `<rt>`, the closing one ends the ruby.
        func after(_ start: Int, _ end: Int) -> String {
            var out = ""
            for span in spans {
                guard let shown = span.shown else { continue }
                if shown.lowerBound == start { out += "</rp><rt>" }
                if shown.upperBound == end { out += "</rp></ruby>" }
            }
            return out
        }
    }

    /// Narrow characters run as text in the monospace font; each wide character sits in a two-cell box. A run
    /// is cut where the look changes (decoration, style), and at every cell with an emphasis mark.
    func lineCells(_ line: Line, links: [String: String], plainFastPath: Bool = true, runsFastPath: Bool = true) -> String {
        if plainFastPath, isPlainNarrow(line) { return HTMLEscape.text(line.text) }
        if runsFastPath, let runs = narrowRuns(line, links: links) { return runs }
        var out = ""
        // A run is always a stretch of the line's own text, `runStart..<runEnd` in its UTF-8: kept as offsets
        // and cut out once at `flush`, not grown a character at a time (issue 19).
        let utf8 = Array(line.text.utf8)
        var runStart = 0
        var runEnd = 0
        var runLook = CellLook.plain
        func flush() {
            guard runEnd > runStart else { return }
            let run = String(decoding: utf8[runStart..<runEnd], as: UTF8.self)
            out += linked(runLook.run(HTMLEscape.text(run)), style: runLook.style, text: run, links: links)
            runStart = runEnd
        }
        let ruby = RubyMarkup(spans: line.rubies, visible: rubyAsRuby, text: line.text, vertical: false)
        var styles = StyleCursor(line.styles)
        var offset = 0
        for character in line.text {
            let piece = String(character)
            let end = offset + piece.utf8.count
            let look = CellLook(decoration: isDecoration(offset, line.decorations), style: styles.style(at: offset))
            if !line.rubies.isEmpty {
                let markup = ruby.before(offset, end)
                if !markup.isEmpty { flush(); out += markup }
            }
            if cellWidth(of: piece, ambiguousWide: ambiguousWide) >= 2 {
                flush()
                out += look.cell("w", HTMLEscape.text(piece))
            } else {
                if look != runLook || look.marksEachCell { flush(); runLook = look }
                // After a flush the run is empty and starts here; else it ends here (nothing else was drawn).
                if runEnd == runStart { runStart = offset }
                runEnd = end
            }
            if !line.rubies.isEmpty {
                let markup = ruby.after(offset, end)
                if !markup.isEmpty { flush(); out += markup }
            }
            offset = end
        }
        flush()
        return out + ruby.close(at: offset)
    }

    /// Whether a line is one plain run, as most lines of a novel are: no style, decoration or ruby, and every
    /// character one cell or none, whatever follows it. Then `lineCells` is its escaped text, built without walking
    /// it character by character (issue 19). One cell is proven from the UTF-8 bytes alone, for scalars that are
    /// not East Asian Wide, not emoji and cannot join into a wider cluster (UAX #11, UAX #29): printable ASCII;
    /// U+00A0–U+04FF (Latin, combining diacritics, Greek, Cyrillic); and the punctuation U+2010–U+2027 and
    /// U+2030–U+203A (dashes, quotes, …). Ambiguous ones among them are narrow unless `ambiguousWide`, which then
    /// takes the long way, as does anything else.
    func isPlainNarrow(_ line: Line) -> Bool {
        withUnsafePointer(to: line, isPlainNarrow)
    }

    /// `isPlainNarrow(_:)` of a line read in place (`line(at:)`).
    func isPlainNarrow(_ line: UnsafePointer<Line>) -> Bool {
        guard !ambiguousWide, line.pointee.rubies.isEmpty, line.pointee.styles.isEmpty, line.pointee.decorations.isEmpty
        else { return false }
        // Over the contiguous UTF-8 (a native string's; any other takes the long way).
        return line.pointee.text.utf8.withContiguousStorageIfAvailable(Self.oneCellEach) ?? false
    }

    /// `lineCells` for a line of characters one cell wide each (`oneCellEach`) with styles or decorations but no
    /// ruby and no emphasis marks: its runs are cut where a style or decoration starts or ends, found from the
    /// spans instead of character by character (20,000 instructions a line, issue 19). Nil when the line does
    /// not qualify, or a cut falls before a combining mark (a mark of the book after a decoration joins the
    /// decoration's last character, which the long way keeps whole).
    func narrowRuns(_ line: Line, links: [String: String]) -> String? {
        var out: [UInt8] = []
        let drawn = out.appendUpTo(2 * line.text.utf8.count + 64) { narrowRuns(line, links: links, into: &$0) }
        return drawn ? String(decoding: out, as: UTF8.self) : nil
    }

    /// `narrowRuns(_:links:)` through a writer: false, with nothing written, when the line does not qualify. Runs of
    /// `span` are written as bytes (`CellLook.putSpanRun`); a script run or a note reference goes the string way.
    func narrowRuns(_ line: Line, links: [String: String], into out: inout ByteWriter) -> Bool {
        guard !ambiguousWide, line.rubies.isEmpty, !line.styles.contains(where: { $0.style.emphasisMark != nil }) else {
            return false
        }
        return line.text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            guard Self.oneCellEach(utf8) else { return false }
            var cuts = [0, utf8.count]
            cuts.reserveCapacity(2 + 2 * (line.styles.count + line.decorations.count))
            for span in line.styles { cuts.append(span.range.lowerBound); cuts.append(span.range.upperBound) }
            for range in line.decorations { cuts.append(range.lowerBound); cuts.append(range.upperBound) }
            cuts.sort()
            var unique: [Int] = []
            unique.reserveCapacity(cuts.count)
            for cut in cuts where cut >= 0 && cut <= utf8.count && unique.last != cut { unique.append(cut) }
            // A cut must start a character: ASCII, or a lead byte of U+0080–U+02FF, U+0370–U+047F or U+2xxx, none
            // of which joins the character before it (the others `oneCellEach` allows are combining marks).
            for cut in unique where cut > 0 && cut < utf8.count {
                let byte = utf8[cut]
                guard byte < 0x80 || (0xC2...0xCB).contains(byte) || (0xCE...0xD1).contains(byte) || byte == 0xE2 else {
                    return false
                }
            }
            var styles = StyleCursor(line.styles)
            var runStart = 0
            var runLook = CellLook.plain
            func flush(_ end: Int) {
                guard end > runStart else { return }
                let run = UnsafeBufferPointer(rebasing: utf8[runStart..<end])
                runStart = end
                if runLook.style.contains(.noteReference) || runLook.tag != "span" {
                    let text = String(decoding: run, as: UTF8.self)
                    out.put(contentsOf: linked(runLook.run(HTMLEscape.text(text)), style: runLook.style, text: text, links: links))
                } else if HTMLEscape.hasMarkupCharacter(run) {
                    var escaped: [UInt8] = []
                    HTMLEscape.appendText(String(decoding: run, as: UTF8.self), to: &escaped)
                    escaped.withUnsafeBufferPointer { runLook.putSpanRun($0, into: &out) }
                } else {
                    runLook.putSpanRun(run, into: &out)
                }
            }
            for cut in unique.dropLast() {
                let look = CellLook(decoration: isDecoration(cut, line.decorations), style: styles.style(at: cut))
                if look != runLook {
                    flush(cut)
                    runLook = look
                }
            }
            flush(utf8.count)
            return true
        } ?? false
    }

    /// Whether UTF-8 text is characters one cell wide or none each, whatever follows them (`isPlainNarrow`), when
    /// ambiguous characters are narrow. Besides the ranges `isPlainNarrow` names: the spaces U+2000–U+200A (hair
    /// spaces beside quotes), superscripts and subscripts U+2070–U+209F, arrows U+2190–U+21FF (↩ of note back
    /// links), and box drawing and block elements U+2500–U+259F (the rules and frames Quire draws); none is wide,
    /// emoji by default, or joins the character before it.
    private static func oneCellEach(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let count = bytes.count
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        while i < count {
            // Eight printable ASCII bytes at once (a byte at a time cost six instructions a byte, issue 19): no
            // high bit; none below 0x20 (subtracting 0x20 from such a byte sets a high bit its own did not have);
            // none 0x7F (with no high bit, adding one to every byte carries into none and sets a high bit only there).
            if i + 8 <= count {
                let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                if (w | (w &- 0x20 &* ones) | (w &+ ones)) & highs == 0 {
                    i += 8
                    continue
                }
            }
            let byte = bytes[i]
            switch byte {
            case 0x20...0x7E:
                i += 1
            case 0xC2...0xD3:
                guard i + 1 < count, bytes[i + 1] >= (byte == 0xC2 ? 0xA0 : 0x80), bytes[i + 1] <= 0xBF else { return false }
                i += 2
            case 0xE2:
                guard i + 2 < count, (0x80...0xBF).contains(bytes[i + 2]) else { return false }
                let third = bytes[i + 2]
                switch bytes[i + 1] {
                case 0x80: guard third <= 0x8A || (0x90...0xA7).contains(third) || (0xB0...0xBA).contains(third) else { return false }
                case 0x81: guard third >= 0xB0 else { return false }
                case 0x82: guard third <= 0x9F else { return false }
                case 0x86: guard third >= 0x90 else { return false }
                case 0x87, 0x94, 0x95: break
                case 0x96: guard third <= 0x9F else { return false }
                default: return false
                }
                i += 3
            default: return false
            }
        }
        return true
    }

    /// A vertical column: one fixed box per row, upright; a two-character row is tate-chu-yoko (automatic, or a
    /// short `text-combine-upright` range); a row takes the style of its first character.
    /// A note reference as a link to its note on the spread (`noteLinks`); anything else as it is.
    private func linked(_ html: String, style: InlineStyle, text: String, links: [String: String]) -> String {
        guard style.contains(.noteReference), let id = links[text] else { return html }
        return "<a class=\"nr\" href=\"#\(id)\">\(html)</a>"
    }

    private func columnCells(_ line: Line, links: [String: String]) -> String {
        var out = ""
        let ruby = RubyMarkup(spans: line.rubies, visible: rubyAsRuby, text: line.text, vertical: true)
        var styles = StyleCursor(line.styles)
        var offset = 0
        for row in verticalRows(of: line.text, combined: line.combinedRanges) {
            let look = CellLook(decoration: isDecoration(offset, line.decorations), style: styles.style(at: offset))
            let end = offset + row.utf8.count
            if !line.rubies.isEmpty { out += ruby.before(offset, end) }
            out += linked(look.cell(row.count == 2 ? "r t" : "r", HTMLEscape.text(row)), style: look.style, text: row,
                          links: links)
            if !line.rubies.isEmpty { out += ruby.after(offset, end) }
            offset = end
        }
        return out + ruby.close(at: offset)
    }

    private func isDecoration(_ offset: Int, _ ranges: [Range<Int>]) -> Bool {
        ranges.contains { $0.contains(offset) }
    }
}
