import BookModel

/// Writing modes, resolved in one place. A writing mode can be stated at three levels (the user's
/// `--writing-mode`, a chapter's CSS `writing-mode` on `html`/`body`, the book's metadata); each question below asks a different subset, for the reason given with it. Everything that
/// needs a mode (layout, the façade's book summary, `quire info`, spread hints) asks here.
public enum WritingModes {
    /// The mode a chapter is laid out in: the user's override, else the chapter's own CSS, else the book's, else
    /// horizontal-tb (the initial value of CSS `writing-mode`). The chapter wins over the book because a book
    /// may mix modes (a vertical novel with a horizontal colophon).
    public static func chapter(_ chapter: Chapter, of metadata: BookMetadata, override: WritingMode? = nil)
        -> WritingMode {
        override ?? chapter.writingMode ?? metadata.writingMode ?? .horizontalTB
    }

    /// The one mode that describes a whole book (the page map's `writingMode`, `quire info`): the user's
    /// override, else the book's, else horizontal-tb. Chapters are not consulted: one chapter's CSS does not
    /// speak for the book.
    public static func book(_ metadata: BookMetadata, override: WritingMode? = nil) -> WritingMode {
        override ?? metadata.writingMode ?? .horizontalTB
    }

    /// The mode that decides an `auto` page progression (vertical-rl books read right to left): the book's
    /// stated mode, else the first page's, which already carries the override and the first chapter's CSS. Nil
    /// when neither is known. The stated mode comes first because progression is the book's, not the user's: an
    /// override only changes how its pages are set, unless the book says nothing.
    public static func progression(stated: WritingMode?, firstPage: Page?) -> WritingMode? {
        stated ?? firstPage?.writingMode
    }
}

/// The one home of "a vertical column is two cells wide": how many cells a column takes on a page, so how many
/// columns (lines) a vertical page holds. Layout cuts pages with it, renderers draw columns with it.
public let verticalColumnCells = 2

extension PageSize {
    /// Lines a page holds in `mode`: its lines in horizontal writing, its columns (two cells each, at least one)
    /// in vertical-rl.
    public func blockSize(_ mode: WritingMode) -> Int {
        mode == .verticalRL ? max(1, columns / verticalColumnCells) : lines
    }

    /// Cells (rows, in vertical-rl) a line of the page holds in `mode`.
    public func inlineSize(_ mode: WritingMode) -> Int {
        mode == .verticalRL ? lines : columns
    }
}
