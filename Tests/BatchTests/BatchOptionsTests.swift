import Foundation
@testable import Quire
import TestSupport
import XCTest

/// The batch options hash: an explicit, versioned, sorted encoding of every option that changes the output.
final class BatchOptionsTests: XCTestCase {
    let job = BatchJob(inputs: [], outputRoot: "out")

    /// The encoding of the default options, pinned: a change here re-renders every library once, so it must be
    /// deliberate (and said in the README).
    func testDefaultOptionsEncoding() {
        XCTAssertEqual(job.optionsCanonical, """
            quire-batch-options 1
            epub.media-orientation=portrait
            epub.stylesheet=preferred
            format=text
            html.live-orientation=false
            html.ruby-as-ruby=false
            html.single-file=false
            html.transition=none
            layout.align=start
            layout.ambiguous-wide=false
            layout.continuous=false
            layout.hanging-punctuation=false
            layout.hyphenate=none
            layout.line-breaking=firstFit
            layout.notes=page
            layout.orphans=2
            layout.page=38x20
            layout.paragraph=space
            layout.ruby=paren
            layout.running-head=none
            layout.widows=2
            layout.writing-mode=auto
            limits.markdown-bytes=16777216
            limits.spine-items=10000
            limits.table-cells=250000
            limits.table-columns=1000
            limits.table-search-bytes=536870912
            markdown.split-headings=1
            notes.markers=superscript
            quire=\(Quire.version)
            spreads.axis=horizontal
            spreads.direction=auto
            spreads.double-sided=auto
            spreads.first-page=auto
            spreads.gap=0
            spreads.orientation=auto
            spreads.spine=auto
            spreads.viewport=auto

            """)
        XCTAssertEqual(job.optionsHash.count, 64)
    }

    /// Each option, changed alone, changes the hash, and no two changes give the same one.
    func testEveryOptionChangesTheHash() {
        let changes: [(String, (inout BatchJob) -> Void)] = [
            ("format", { $0.options.format = .json }),
            ("single-file", { $0.options.singleFile = true }),
            ("page", { $0.options.layout.pageSize = PageSize(columns: 40, lines: 20) }),
            ("page lines", { $0.options.layout.pageSize = PageSize(columns: 38, lines: 21) }),
            ("align", { $0.options.layout.align = .justify }),
            ("paragraph", { $0.options.layout.paragraph = .indent }),
            ("ruby", { $0.options.layout.ruby = .drop }),
            ("ambiguous", { $0.options.layout.ambiguousWide = true }),
            ("continuous", { $0.options.layout.continuous = true }),
            ("widows", { $0.options.layout.widows = 3 }),
            ("orphans", { $0.options.layout.orphans = 3 }),
            ("writing mode", { $0.options.layout.writingMode = .verticalRL }),
            ("writing mode horizontal", { $0.options.layout.writingMode = .horizontalTB }),
            ("hanging punctuation", { $0.options.layout.hangingPunctuation = true }),
            ("line breaking", { $0.options.layout.lineBreaking = .optimal }),
            ("hyphenate", { $0.options.layout.hyphenate = .auto }),
            ("running head", { $0.options.layout.runningHead = .chapter }),
            ("notes", { $0.options.layout.notes = .chapter }),
            ("orientation", { $0.options.spreads.orientation = .landscape }),
            ("spine", { $0.options.spreads.spine = .mid }),
            ("double-sided", { $0.options.spreads.doubleSided = true }),
            ("single-sided", { $0.options.spreads.doubleSided = false }),
            ("direction", { $0.options.spreads.direction = .rtl }),
            ("axis", { $0.options.spreads.axis = .vertical }),
            ("first page", { $0.options.spreads.firstPage = .paired }),
            ("gap", { $0.options.spreads.gap = 1 }),
            ("viewport", { $0.options.spreads.viewport = .standard }),
            ("transition", { $0.options.transition = .scroll }),
            ("stylesheet", { $0.open.stylesheet = "横組" }),
            ("note-markers", { $0.open.noteMarkers = .bracket }),
            ("split headings", { $0.open.splitHeadings = 2 }),
            ("markdown bytes", { $0.open.limits.markdownBytes += 1 }),
            ("table columns", { $0.open.limits.tableColumns += 1 }),
            ("table cells", { $0.open.limits.tableCells += 1 }),
            ("table search", { $0.open.limits.tableSearchBytes += 1 }),
            ("spine items", { $0.open.limits.spineItems += 1 }),
        ]
        var seen = [job.optionsHash: "defaults"]
        for (name, change) in changes {
            var changed = job
            change(&changed)
            if let earlier = seen[changed.optionsHash] { XCTFail("\(name) gives the same hash as \(earlier)") }
            seen[changed.optionsHash] = name
        }
        // Whether chapters are laid out in parallel never changes the bytes, nor do jobs, shards or paths.
        var same = job
        same.options.layout.concurrent.toggle()
        same.jobs = 7
        same.force = true
        same.shard = BatchShard(index: 1, count: 2)
        same.inputs = ["elsewhere"]
        XCTAssertEqual(same.optionsHash, job.optionsHash)
    }

    /// A field added to an options type must get a key in `BatchJob.optionsEncoding` (or be listed here as one
    /// that cannot change the output): otherwise batch would skip books the new option changes.
    func testEveryOptionFieldHasAKey() {
        func fields(_ value: Any) -> [String] { Mirror(reflecting: value).children.compactMap(\.label).sorted() }
        let options = job.options
        XCTAssertEqual(fields(options), ["format", "layout", "liveOrientation", "rubyAsRuby", "singleFile", "spreads", "transition"])
        XCTAssertEqual(fields(options.layout), ["align", "ambiguousWide", "concurrent", "continuous", "hangingPunctuation",
                                                "hyphenate", "lineBreaking", "notes", "orphans", "pageSize", "paragraph", "ruby", "runningHead", "widows", "writingMode"])
        XCTAssertEqual(fields(options.spreads), ["axis", "direction", "doubleSided", "firstPage", "gap", "orientation", "spine",
                                                 "viewport"])
        // `documents` has no key: only `quire view` reads one document first; a batch job always reads them all.
        XCTAssertEqual(job.open.documents, .all)
        XCTAssertEqual(fields(job.open), ["documents", "landscape", "limits", "noteMarkers", "splitHeadings", "stylesheet"])
        XCTAssertEqual(fields(job.open.limits), ["markdownBytes", "spineItems", "tableCells", "tableColumns", "tableSearchBytes"])
        // Every field but `concurrent` has its key: 14 layout, 8 spread, 5 render, 1 Markdown, 2 EPUB, 1 notes, 5 limits,
        // and the version.
        XCTAssertEqual(job.optionsEncoding.count, 14 + 8 + 5 + 1 + 2 + 1 + 5 + 1)
    }
}
