import Foundation
import Quire

/// `quire batch --merge OUTDIR... [-o FILE] [--expect INPUT]...`: the shards' manifests as one (issue 21), a thin
/// layer over `BatchManifestMerge`. Each OUTDIR is a shard's output folder (its `manifest.jsonl` is read) or a
/// manifest file itself; later ones win over earlier ones for the same book.
///
/// Prints on stderr one error line per book whose last status is `error` and per expected book no shard has a
/// line for, one warning per skipped line (cut short or invalid), then the summary; writes the merged manifest to
/// FILE (into FILE/manifest.jsonl when FILE is a folder), or to stdout without -o.
/// Exit: 0 every book done, 65 some failed or missing, 66 a manifest cannot be read, 64 usage, 73 FILE unwritable.
enum BatchMergeCommand {
    /// The options `--merge` takes; anything else of batch's is a mistake (it renders nothing).
    static let accepted: Set<String> = ["merge", "output", "expect", "quiet"]

    /// Warnings about skipped lines printed one by one; the rest are counted in one line.
    static let shownInvalid = 10

    static let form = "quire batch --merge OUTDIR... [-o FILE] [--expect INPUT]..."

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let extra = Set(arguments.values.keys).union(arguments.flags).subtracting(accepted).sorted()
        if let first = extra.first {
            throw UsageError(message: "--merge takes only -o, --expect and --quiet, not --\(first) (\(form))")
        }
        guard !arguments.positionals.isEmpty else {
            throw UsageError(message: "--merge needs the shards' output folders or manifest files (\(form))")
        }
        var merge = BatchManifestMerge()
        var unreadable = false
        for source in arguments.positionals {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: source, isDirectory: &isFolder)
            let path = exists && isFolder.boolValue ? (source as NSString).appendingPathComponent("manifest.jsonl") : source
            guard let data = FileManager.default.contents(atPath: path) else {
                Console.failure(CommandFailure(input: path, "cannot read the manifest", code: .noInput))
                unreadable = true
                continue
            }
            merge.add(data, source: path)
        }

        var missing: [String] = []
        let expected = arguments.all("expect")
        if !expected.isEmpty {
            let books: [BatchBook]
            do { books = try BatchInputs.discover(expected) } catch { throw BatchCommand.failure(error) }
            missing = merge.missing(books.map(\.key))
        }

        if let output = arguments.value("output") {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: output, isDirectory: &isFolder)
            let path = exists && isFolder.boolValue ? (output as NSString).appendingPathComponent("manifest.jsonl") : output
            do { try Data(merge.merged.utf8).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
                throw CommandFailure(input: path, "cannot write the merged manifest", code: .cannotCreate)
            }
        } else {
            Console.out(merge.merged)
        }

        for line in merge.invalid.prefix(shownInvalid) {
            Console.warning(input: "\(line.source):\(line.line)", "skipped: \(line.reason)")
        }
        if merge.invalid.count > shownInvalid {
            Console.warning(input: "merge", "\(merge.invalid.count - shownInvalid) more lines skipped")
        }
        for entry in merge.failed {
            Console.diagnostic(.error, input: entry.key, "failed: \(entry.error ?? "no reason given")")
        }
        for key in missing { Console.diagnostic(.error, input: key, "missing from every shard") }
        if !arguments.has("quiet") { Console.error(line(merge, missing: expected.isEmpty ? nil : missing.count)) }

        if unreadable { return .noInput }
        return merge.failed.isEmpty && missing.isEmpty ? .ok : .dataError
    }

    /// `merge: 3 manifests, 40 books: 37 ok, 1 failed, 2 skipped, 0 missing`; "missing" only with --expect,
    /// the skipped lines only when there are some.
    static func line(_ merge: BatchManifestMerge, missing: Int?) -> String {
        let books = merge.latest.count + (missing ?? 0)
        var text = "merge: \(merge.manifests) manifest\(merge.manifests == 1 ? "" : "s"), \(books) book\(books == 1 ? "" : "s"): "
        text += "\(merge.count(.ok)) ok, \(merge.count(.error)) failed, \(merge.count(.skipped)) skipped"
        if let missing { text += ", \(missing) missing" }
        if !merge.invalid.isEmpty { text += "; \(merge.invalid.count) invalid line\(merge.invalid.count == 1 ? "" : "s") skipped" }
        return text + "\n"
    }
}
