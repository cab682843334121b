// The façade's vocabulary: what a program that writes `import Quire` and nothing else can name.
//
// Quire's API speaks in the types of three stages, so they are re-exported whole: the book model (`Document`,
// `Chapter`, `Diagnostic`, metadata), layout (`LayoutOptions`, `PageSize`, `Page`, `PageTooSmall`) and spreads
// (`SpreadOptions`, `SpreadResult`, `Spread`, `Navigator`). The readers and the renderers stay behind the
// façade: of them, only the few types its API takes or returns are named here, one by one, so their internals
// (containers, the EPUB and Markdown readers, the text and HTML renderers) are not in a caller's scope.
// QuireCLI is such a caller: it imports Quire alone, as Package.swift says.
@_exported import BookModel
@_exported import Layout
@_exported import Spreads

import BookReaders
import Renderers

/// Why a book could not be opened (`Quire.open`); `message` is one line for people.
public typealias ReadError = BookReaders.ReadError
/// Which of an EPUB's content documents are read (`OpenOptions.documents`).
public typealias DocumentSelection = BookReaders.DocumentSelection
/// Bounds on the work a hostile book can ask for (`OpenOptions.limits`).
public typealias InputLimits = BookReaders.InputLimits
/// Book-level facts of a pagination (title, direction, writing mode), as the page map prints them.
public typealias BookSummary = Renderers.BookSummary
/// A JSON value built in order and serialized deterministically (`BookInfo.json`).
public typealias JSON = Renderers.JSON
/// How the HTML viewer moves between spreads (`--transition`): a render option of the HTML renderer.
public typealias Transition = Renderers.Transition
/// The order of the text output's lines (`--bidi`): logical, or visual for terminals that do no bidi.
public typealias BidiMode = Renderers.BidiMode
