import Foundation
import TestSupport
import XCTest

/// `quire view` as a reader uses it: the real binary in a tmux pane, keys sent, the screen read back (issue 18,
/// "Done when"). Corpus books run with QUIRE_CORPUS; the Samples book runs everywhere tmux is installed. Each
/// wait polls the screen with a timeout of its own (`Tmux.waitFor`), never a fixed sleep. Features that other
/// parts of issue 18 add (contents, overview, remembered places) are skipped, saying why, while the binary
/// lacks them.
final class ViewTmuxTests: XCTestCase {
    static let warAndPeace = "epub/standardebooks/leo-tolstoy_war-and-peace_louise-maude_aylmer-maude.epub"
    static let kusamakura = "epub/kusamakura-japanese-vertical-writing.epub"
    static let arabic = "markdown/rtl/ar-react-dev-tutorial-tic-tac-toe.md"
    static let sample = "Samples/lighthouse-keeper"

    // MARK: Without the corpus

    func testTheSampleOpensTurnsGoesToAPageAndQuits() throws {
        let book = Run.packageRoot.appendingPathComponent(Self.sample).path
        let tmux = try Tmux(view: [book], stateHome: try temporaryFolder(self))
        let expected = try pageText(book, page: 1)
        XCTAssertFalse(expected.isEmpty)
        try tmux.waitFor("page 1's text") { rows in expected.allSatisfy { line in rows.contains { $0.contains(line) } } }
        let first = try wholeBook(tmux)
        try tmux.send("Right")
        let second = try waitForPages(tmux, "→ to turn forward") { $0.low > first.high }
        try tmux.send("Left")
        try waitForPages(tmux, "← to turn back") { $0 == first }
        try tmux.type("g\(second.high)")
        try tmux.waitFor("the go-to prompt") { $0.last?.contains("Go to page: \(second.high)") ?? false }
        try tmux.send("Enter")
        try waitForPages(tmux, "g N Enter") { $0.low <= second.high && second.high <= $0.high }
        try tmux.type("?")
        try tmux.waitFor("the help screen") { $0.contains { $0.contains("next spread") } }
        try tmux.send("Escape")
        try waitForPages(tmux, "the paged view again") { _ in true }
        try assertQuitGivesTheTerminalBack(tmux)
    }

    /// Standard output not a terminal (a pipe into `cat`): exit 64 and a message pointing to `quire render`.
    func testNotATerminalIsAUsageErrorPointingToRender() throws {
        let book = Run.packageRoot.appendingPathComponent(Self.sample).path
        let piped = try Run.quire(["view", book])
        XCTAssertEqual(piped.status, 64)
        XCTAssertTrue(piped.stderr.contains("quire render"), piped.stderr)
        XCTAssertEqual(piped.stdout, "")

        // In a terminal, with only standard output going to a pipe.
        let view = Tmux.viewCommand([book], stateHome: try temporaryFolder(self))
        let tmux = try Tmux(shell: "{ \(view); echo VIEW-EXIT=$? >&2; } | cat", columns: 100, lines: 30)
        let rows = try tmux.waitFor("the view to exit") { $0.contains { $0.hasPrefix("VIEW-EXIT=") } }
        XCTAssertTrue(rows.contains("VIEW-EXIT=64"), rows.joined(separator: "\n"))
        XCTAssertTrue(rows.contains { $0.contains("quire render") }, rows.joined(separator: "\n"))
    }

    // MARK: The corpus

    /// War and Peace at 100×30: two 48×26 pages side by side, page 1's text as `quire render` sets it at that
    /// size, then → shows the next spread.
    func testWarAndPeaceOpensOnPageOneAndTurnsForward() throws {
        let book = try corpus().appendingPathComponent(Self.warAndPeace).path
        let expected = try pageText(book, page: 1)
        XCTAssertFalse(expected.isEmpty)
        let tmux = try Tmux(view: [book], stateHome: try temporaryFolder(self))
        try tmux.waitFor("page 1's text") { rows in expected.allSatisfy { line in rows.contains { $0.contains(line) } } }
        let first = try wholeBook(tmux)
        XCTAssertEqual(first.low, 1)
        XCTAssertGreaterThan(first.total, 1000)
        try tmux.send("Right")
        let next = try waitForPages(tmux, "→ to show the next spread") { $0.low > first.high }
        XCTAssertEqual(next.low, first.high + 1)
        try tmux.send("Space")
        try waitForPages(tmux, "Space to show the next spread") { $0.low == next.high + 1 }
        try tmux.send("BSpace")
        try waitForPages(tmux, "Backspace to go back") { $0 == next }
    }

    /// Books whose pages advance to the left: ← turns forward and → back (DESIGN.md §1). Kusamakura is vertical
    /// Japanese with `page-progression-direction="rtl"`; the Arabic tutorial declares nothing and is found
    /// right-to-left by its script (`quire info`: "Page progression: rtl").
    func testRightToLeftBooksTurnForwardWithTheLeftArrow() throws {
        let corpus = try corpus()
        for (path, options) in [(Self.kusamakura, [String]()), (Self.arabic, [])] {
            let book = corpus.appendingPathComponent(path).path
            let tmux = try Tmux(view: [book] + options, stateHome: try temporaryFolder(self))
            let first = try wholeBook(tmux)
            try tmux.send("Left")
            let next = try waitForPages(tmux, "← to turn forward in \(path)") { $0.low > first.high }
            try tmux.send("Left")
            let third = try waitForPages(tmux, "← to turn forward again in \(path)") { $0.low > next.high }
            try tmux.send("Right")
            try waitForPages(tmux, "→ to turn back in \(path)") { $0 == next }
            XCTAssertLessThan(next.low, third.low)
        }
    }

    /// `g 250 Enter` shows page 250; a resize to 50×40 (one page, taller and narrower) still shows the words that
    /// stood at the top of the spread's first page, now set in other lines.
    func testGoToPageThenResizeKeepsTheText() throws {
        let book = try corpus().appendingPathComponent(Self.warAndPeace).path
        let tmux = try Tmux(view: [book], stateHome: try temporaryFolder(self))
        try wholeBook(tmux)
        try tmux.type("g250")
        try tmux.send("Enter")
        let shown = try waitForPages(tmux, "page 250") { $0.low <= 250 && 250 <= $0.high }
        let rows = try tmux.capture()
        // The reader's place is the page asked for, wherever the spread pairs it: in this ltr book page 250 is the
        // left page when it opens the spread, else the right one.
        let slot = shown.low == 250 ? 0 : 1
        let top = try XCTUnwrap(pageLines(rows).lazy.compactMap { $0.count > slot ? $0[slot] : nil }
            .map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty })
        let words = Array(top.split(separator: " ").prefix(5).map(String.init))
        try tmux.resize(columns: 50, lines: 40)
        try tmux.waitFor("the words \(words) on the resized screen") { rows in
            rows.count == 40 && rows.allSatisfy { $0.count <= 50 } && Self.contains(words, in: rows)
        }
        try waitForPages(tmux, "one page at 50×40") { $0.low == $0.high }
    }

    /// `t` opens the table of contents; arrows choose an entry, Enter opens the paged view at its chapter.
    func testContentsJumpsToAChapter() throws {
        let book = try corpus().appendingPathComponent(Self.warAndPeace).path
        let tmux = try Tmux(view: [book], stateHome: try temporaryFolder(self))
        let first = try wholeBook(tmux)
        let reading = try tmux.capture()
        try tmux.type("t")
        try skipUnless(tmux, "the binary has no contents panel (t leaves the page as it was)") { $0 != reading }
        for _ in 0..<4 { try tmux.send("Down") }
        let panel = try tmux.capture(escapes: true)
        let chosen = Self.reversed(in: Array(panel.dropLast())).first
        try tmux.send("Enter")
        let jumped = try waitForPages(tmux, "the chosen chapter") { $0.low > first.low }
        let screen = try tmux.capture()
        if let chosen, let title = Self.entryTitle(chosen) {
            let text = Self.normalized(screen.joined(separator: " "))
            XCTAssertTrue(text.contains(Self.normalized(title)),
                          "the contents entry \"\(title)\" is on page \(jumped.low) or its status line:\n" + screen.joined(separator: "\n"))
        }
    }

    /// `/` word Enter goes to the word and draws it in reverse video (`\e[7m` in `capture-pane -e`), not only
    /// the status line that is always in reverse. The word is read from the book at test time.
    func testSearchFindsAndHighlightsAWord() throws {
        let book = try corpus().appendingPathComponent(Self.warAndPeace).path
        let text = try pageText(book, page: 40).joined(separator: " ")
        let word = try XCTUnwrap(text.split(whereSeparator: { !$0.isLetter }).map(String.init)
            .filter { $0.count >= 8 && $0.allSatisfy { $0.isASCII } }.max { $0.count < $1.count })
        let tmux = try Tmux(view: [book], stateHome: try temporaryFolder(self))
        try wholeBook(tmux)
        try tmux.type("/\(word)")
        try tmux.waitFor("the search prompt") { $0.last?.hasPrefix("/\(word)") ?? false }
        try tmux.send("Enter")
        let rows = try tmux.waitFor("\(word) in reverse video", escapes: true) { rows in
            // The search ignores case and diacritics ("Borodino" finds "Borodinó"), and so does this.
            Self.reversed(in: Array(rows.dropLast())).contains {
                $0.range(of: word, options: [.anchored, .caseInsensitive, .diacriticInsensitive]) != nil
            }
        }
        XCTAssertNotNil(Self.pages(in: Self.plain(rows.last ?? "")), "back in the paged view")
        try waitForPages(tmux, "a page after the first") { $0.low > 1 }
    }

    /// Tab shows the overview of spreads; → moves the choice, Enter opens the paged view at that spread.
    func testOverviewOpensTheChosenSpread() throws {
        let book = try corpus().appendingPathComponent(Self.warAndPeace).path
        let tmux = try Tmux(view: [book], stateHome: try temporaryFolder(self))
        let first = try wholeBook(tmux)
        try tmux.send("Tab")
        try skipUnless(tmux, "the binary has no overview grid (Tab does not put \"Overview\" on the status line)") {
            $0.last?.localizedCaseInsensitiveContains("overview") ?? false
        }
        try tmux.send("Right")
        try tmux.send("Right")
        try tmux.send("Enter")
        try waitForPages(tmux, "the chosen spread, two after the first") { $0.low > first.high }
    }

    /// `q` gives the terminal back: the alternate screen left, the shell's earlier line there again, nothing of
    /// the book on it, the cursor shown, exit status 0.
    func testQuitGivesTheTerminalBack() throws {
        let book = try corpus().appendingPathComponent(Self.warAndPeace).path
        let tmux = try Tmux(view: [book], stateHome: try temporaryFolder(self))
        try wholeBook(tmux)
        try tmux.send("Right")
        try assertQuitGivesTheTerminalBack(tmux)
    }

    /// The place is remembered per book in $XDG_STATE_HOME/quire/positions.json and restored by the next `view`;
    /// `--from-start` opens at page 1 all the same.
    func testThePlaceIsRestoredOnReopening() throws {
        let book = try corpus().appendingPathComponent(Self.warAndPeace).path
        let state = try temporaryFolder(self)
        do {
            let tmux = try Tmux(view: [book], stateHome: state)
            try wholeBook(tmux)
            try tmux.type("g250")
            try tmux.send("Enter")
            try waitForPages(tmux, "page 250") { $0.low <= 250 && 250 <= $0.high }
            try tmux.send("q")
            XCTAssertEqual(try tmux.waitForExit(), 0)
        }
        let positions = state.appendingPathComponent("quire/positions.json")
        guard FileManager.default.fileExists(atPath: positions.path) else {
            throw XCTSkip("the binary does not remember places (no \(positions.path) after q)")
        }
        let reopened = try Tmux(view: [book], stateHome: state)
        try waitForPages(reopened, "page 250 again") { $0.low <= 250 && 250 <= $0.high && $0.total > 1000 }
        reopened.close()
        let fromStart = try Tmux(view: [book, "--from-start"], stateHome: state)
        try waitForPages(fromStart, "page 1 with --from-start") { $0.low == 1 && $0.total > 1000 }
    }

    // MARK: Helpers

    /// The page numbers on the status line: "page 3–4 of 1570" or "page 3 of 1570".
    struct Pages: Equatable {
        var low: Int, high: Int, total: Int
    }

    static func pages(in status: String) -> Pages? {
        guard let regex = try? NSRegularExpression(pattern: "page ([0-9]+)(?:–([0-9]+))? of ([0-9]+)"),
              let match = regex.firstMatch(in: status, range: NSRange(status.startIndex..., in: status)) else { return nil }
        func number(_ group: Int) -> Int? {
            Range(match.range(at: group), in: status).flatMap { Int(status[$0]) }
        }
        guard let low = number(1), let total = number(3) else { return nil }
        return Pages(low: low, high: number(2) ?? low, total: total)
    }

    /// Waits for the status line to show page numbers that satisfy `predicate`, and returns them.
    @discardableResult
    func waitForPages(_ tmux: Tmux, _ what: String, timeout: TimeInterval = 10,
                      _ predicate: @escaping (Pages) -> Bool) throws -> Pages {
        let rows = try tmux.waitFor(what, timeout: timeout) { rows in
            rows.last.flatMap(Self.pages).map(predicate) ?? false
        }
        return Self.pages(in: rows.last!)!
    }

    /// Waits until the background read is done: the status line numbers the pages ("page ? of ?" before).
    @discardableResult
    func wholeBook(_ tmux: Tmux) throws -> Pages {
        try waitForPages(tmux, "the whole book to be read (page n of N)") { _ in true }
    }

    /// Skips the test when `predicate` does not hold within two seconds: a feature still missing from the binary.
    func skipUnless(_ tmux: Tmux, _ reason: String, _ predicate: @escaping ([String]) -> Bool) throws {
        do {
            try tmux.waitFor(reason, timeout: 2, predicate)
        } catch is Tmux.Timeout {
            throw XCTSkip(reason)
        }
    }

    func assertQuitGivesTheTerminalBack(_ tmux: Tmux, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try tmux.format("#{alternate_on}"), "1", "the reader draws on the alternate screen", file: file, line: line)
        try tmux.send("q")
        XCTAssertEqual(try tmux.waitForExit(), 0, file: file, line: line)
        let rows = try tmux.capture().filter { !$0.isEmpty }
        XCTAssertEqual(rows, [Tmux.before, Tmux.exitMarker + "0"], "only the shell's lines are left", file: file, line: line)
        XCTAssertEqual(try tmux.format("#{alternate_on}"), "0", file: file, line: line)
        XCTAssertEqual(try tmux.format("#{cursor_flag}"), "1", "the cursor is shown again", file: file, line: line)
    }

    /// Page `page`'s lines as `quire render` sets them at the 48×26 pages a 100×30 screen holds (two pages beside
    /// each other, one line for the status line): the frame taken off, blank lines left out.
    func pageText(_ book: String, page: Int) throws -> [String] {
        let run = try Run.quire(["render", book, "--page", "48x26", "--orientation", "landscape",
                                 "--from", "\(page)", "--to", "\(page)", "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)
        return pageLines(run.stdout.split(separator: "\n").map(String.init)).flatMap { $0 }
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The text of each page on each row: the runs of cells between two frame characters (box drawing,
    /// U+2500–U+257F), left to right. Frame rows and folio rows give none.
    func pageLines(_ rows: [String]) -> [[String]] {
        rows.map { row in
            var cells: [String] = [], current = "", inside = false
            for character in row {
                if Self.isFrame(character) {
                    if inside, !current.isEmpty { cells.append(current) }
                    current = ""
                    inside = true
                } else {
                    current.append(character)
                }
            }
            return cells
        }
    }

    static func isFrame(_ character: Character) -> Bool {
        character.unicodeScalars.first.map { (0x2500...0x257F).contains($0.value) } ?? false
    }

    /// Whether `words` follow each other somewhere in the pages' text on `rows`.
    static func contains(_ words: [String], in rows: [String]) -> Bool {
        let text = rows.dropLast().joined(separator: " ").split { $0 == " " || isFrame($0) }.map(String.init)
        guard !words.isEmpty, text.count >= words.count else { return false }
        return (0...(text.count - words.count)).contains { Array(text[$0..<($0 + words.count)]) == words }
    }

    /// The runs of text drawn in reverse video (after `\e[7m`, up to the next escape) in `capture-pane -e` rows.
    static func reversed(in rows: [String]) -> [String] {
        var runs: [String] = []
        for row in rows {
            var rest = Substring(row)
            while let start = rest.range(of: "\u{1B}[7m") {
                rest = rest[start.upperBound...]
                let end = rest.firstIndex(of: "\u{1B}") ?? rest.endIndex
                runs.append(String(rest[..<end]))
                rest = rest[end...]
            }
        }
        return runs
    }

    /// A row of `capture-pane -e` without its escape sequences.
    static func plain(_ row: String) -> String {
        row.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    /// A contents entry without leaders and page numbers: its title, when there are letters in it.
    static func entryTitle(_ entry: String) -> String? {
        let title = entry.trimmingCharacters(in: CharacterSet.letters.inverted)
        return title.isEmpty ? nil : title
    }

    static func normalized(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
