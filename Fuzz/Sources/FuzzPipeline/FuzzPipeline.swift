import BookModel
import FuzzSupport
import Layout
import Quire
import Spreads

/// The whole pipeline, as `quire render -` runs it on standard input: open → paginate → text, JSON page map and
/// HTML files, all in memory. The first three bytes choose the page (1...80 columns, 1...40 lines) and the
/// writing mode, axis, orientation and progression; the rest is the book (a ZIP signature makes it an EPUB).
let htmlPageLimit = 2_000

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPipeline(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let columns = input.int(in: 1...80), lines = input.int(in: 1...40)
    let flags = input.byte()
    guard let book = try? Quire.open(bytes: input.rest) else { return 0 }

    let writingMode: WritingMode? = [nil, .horizontalTB, .verticalRL][Int(flags & 3) % 3]
    let layout = LayoutOptions(pageSize: PageSize(columns: columns, lines: lines), ambiguousWide: flags & 4 != 0,
                               writingMode: writingMode, hangingPunctuation: flags & 8 != 0,
                               concurrent: flags & 16 != 0)
    var spreads = SpreadOptions()
    spreads.axis = flags & 32 != 0 ? .vertical : .horizontal
    spreads.orientation = flags & 64 != 0 ? .landscape : .portrait
    spreads.direction = flags & 128 != 0 ? .rtl : .auto
    let pagination = Quire.paginate(book, layout: layout, spreads: spreads)
    // The HTML viewer writes a whole document per spread: a small book on a one-cell page gives tens of
    // thousands of them, which is slow but not a bug. Above `htmlPageLimit` pages only text and JSON are drawn,
    // so a run spends its time on inputs, not on output.
    let formats: [OutputFormat] = pagination.pages.count <= htmlPageLimit ? [.text, .json, .html] : [.text, .json]
    for format in formats {
        let options = RenderOptions(layout: layout, spreads: spreads, format: format, singleFile: flags & 2 != 0)
        _ = Quire.files(for: book, pagination, options: options)
    }
    return 0
}

/// See `runFuzzer`: the `main` of a debug build.
@_cdecl("fuzz_pipeline_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, fuzzPipeline)
}
