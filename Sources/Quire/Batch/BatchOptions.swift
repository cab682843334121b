import Hashing
import Renderers

/// The options hash of a batch run: a book whose folder was made with the same hash (and the same bytes) is
/// skipped, so the hash must change exactly when the output could.
///
/// It is taken of an explicit encoding, written out option by option, rather than of `String(describing:)`:
/// that text follows Swift's field names and the toolchain's printing, so a renamed field or a new compiler would
/// silently re-render every library. Here each option has a fixed key, values are spelled as on the command line,
/// lines are sorted by key, and the first line names the encoding's version (raise it when a key's meaning
/// changes). `BatchOptionsTests` pins the text of the default options, checks that every option changes it, and
/// fails when a field is added to an options type without a key here.
extension BatchJob {
    /// The version of the encoding below (the `quire-batch-options` line).
    public static let optionsEncodingVersion = 1

    /// `key=value` lines, one per option that can change the output, sorted by key (byte order), after a line
    /// naming the encoding. Quire's version is a key too, so a new release re-renders (its layout may differ).
    /// Left out: `layout.concurrent` (the pages are identical either way).
    public var optionsCanonical: String {
        let lines = optionsEncoding.map { "\($0.key)=\($0.value)" }
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        return "quire-batch-options \(Self.optionsEncodingVersion)\n" + lines.joined(separator: "\n") + "\n"
    }

    /// SHA-256 of `optionsCanonical`, in hex: the manifest's and `.quire-batch.json`'s `options_sha256`.
    public var optionsHash: String { SHA256.hex(optionsCanonical) }

    /// Every option that decides the output, by key.
    var optionsEncoding: [String: String] {
        let layout = options.layout, spreads = options.spreads, limits = open.limits
        return [
            "quire": Quire.version,
            "format": options.format.rawValue,
            "html.single-file": String(options.singleFile),
            "html.transition": options.transition?.rawValue ?? "none",
            "html.live-orientation": String(options.liveOrientation),
            "html.ruby-as-ruby": String(options.rubyAsRuby),
            "layout.page": "\(layout.pageSize.columns)x\(layout.pageSize.lines)",
            "layout.align": layout.align.rawValue,
            "layout.paragraph": layout.paragraph.rawValue,
            "layout.ruby": layout.ruby.rawValue,
            "layout.ambiguous-wide": String(layout.ambiguousWide),
            "layout.continuous": String(layout.continuous),
            "layout.widows": String(layout.widows),
            "layout.orphans": String(layout.orphans),
            "layout.writing-mode": layout.writingMode?.rawValue ?? "auto",
            "layout.hanging-punctuation": String(layout.hangingPunctuation),
            "layout.line-breaking": layout.lineBreaking.rawValue,
            "layout.hyphenate": layout.hyphenate.rawValue,
            "layout.notes": layout.notes.rawValue,
            "layout.running-head": layout.runningHead.rawValue,
            "spreads.orientation": spreads.orientation.rawValue,
            "spreads.spine": spreads.spine?.rawValue ?? "auto",
            "spreads.double-sided": spreads.doubleSided.map { String($0) } ?? "auto",
            "spreads.direction": spreads.direction.rawValue,
            "spreads.axis": spreads.axis.rawValue,
            "spreads.first-page": spreads.firstPage.rawValue,
            "spreads.gap": String(spreads.gap),
            "spreads.viewport": spreads.viewport.map { "\($0.columns)x\($0.lines)" } ?? "auto",
            "markdown.split-headings": String(open.splitHeadings),
            "epub.stylesheet": open.stylesheet ?? "preferred",
            "epub.media-orientation": open.landscape ? "landscape" : "portrait",
            "notes.markers": open.noteMarkers.rawValue,
            "limits.markdown-bytes": String(limits.markdownBytes),
            "limits.table-columns": String(limits.tableColumns),
            "limits.table-cells": String(limits.tableCells),
            "limits.table-search-bytes": String(limits.tableSearchBytes),
            "limits.spine-items": String(limits.spineItems),
        ]
    }
}
