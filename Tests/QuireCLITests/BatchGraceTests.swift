import Foundation
import TestSupport
import XCTest

/// `quire batch` under a scheduler's SIGTERM (issue 21): no new book after the first signal, the books in flight
/// finished within `--grace` or abandoned after it, exit 143, nothing half-written, and a rerun that does the rest.
final class BatchGraceTests: XCTestCase {
    func testSIGTERMFinishesBooksInFlightAndTheRerunDoesTheRest() throws {
        let root = try temporaryFolder(self)
        let count = 150
        _ = try smallLibrary(count, paragraphs: 6, in: root)
        let out = root.appendingPathComponent("out")
        let manifest = out.appendingPathComponent("manifest.jsonl")
        let batch = try ScheduledQuire(["batch", "library", "-o", "out", "--jobs", "2"], in: root)
        let deadline = Date().addingTimeInterval(120)
        while manifestLines(manifest).count < 8, batch.process.isRunning, Date() < deadline { usleep(2_000) }
        batch.signal(SIGTERM)
        let run = batch.wait()
        XCTAssertEqual(run.status, 143, "still running when signalled, so 128 + SIGTERM: \(run.stderr)")
        XCTAssertTrue(run.stderr.contains("batch: stopping: no new books; those in flight get 10 s to finish"), run.stderr)
        XCTAssertTrue(run.stderr.contains("batch: interrupted, "), run.stderr)
        XCTAssertEqual(unfinished(out), [], "no temporary folder left")

        // The books in flight were finished: every folder has its ok line, and every ok line its folder.
        let lines = manifestLines(manifest)
        let done = bookFolders(out)
        XCTAssertEqual(Set(lines.filter { $0["status"] as? String == "ok" }.compactMap { $0["output"] as? String }), Set(done))
        XCTAssertEqual(lines.count, done.count)
        XCTAssertGreaterThanOrEqual(done.count, 8)
        XCTAssertLessThan(done.count, count, "the signal stopped the run early")
        for name in done {
            let key = try XCTUnwrap(lines.first { $0["output"] as? String == name }?["key"] as? String)
            let single = root.appendingPathComponent("single/\(name)")
            let render = try ScheduledQuire.run(["render", "library/\(key)", "-o", single.path, "--viewport", "80x24", "--quiet"], in: root)
            XCTAssertEqual(render.status, 0, render.stderr)
            var written = files(under: out.appendingPathComponent(name))
            XCTAssertNotNil(written.removeValue(forKey: ".quire-batch.json"), "\(name) has its marker")
            XCTAssertFalse(written.isEmpty)
            XCTAssertEqual(written, files(under: single), "\(name) is a whole rendering of \(key)")
        }

        let rerun = try ScheduledQuire.run(["batch", "library", "-o", "out", "--jobs", "2"], in: root)
        XCTAssertEqual(rerun.status, 0, rerun.stderr)
        XCTAssertTrue(rerun.stderr.contains("batch: \(count - done.count) ok, 0 failed, \(done.count) skipped in "), rerun.stderr)
        let last = manifestLines(manifest).suffix(count)
        XCTAssertEqual(Set(last.filter { $0["status"] as? String == "skipped" }.compactMap { $0["output"] as? String }), Set(done))
        XCTAssertEqual(bookFolders(out).count, count)
        XCTAssertEqual(unfinished(out), [])
    }

    /// A book that takes seconds to render (16 MB of Markdown, just under the input limit: about 3 s in a debug
    /// build here; the 8 MB it was took 1.7 s once rendering got faster, too close to the 1 s grace after a 0.5 s
    /// delay), first in key order, then small ones: with `--jobs 1`, a signal soon after the start finds the large
    /// one in flight, and a run that exits within a second or two of the signal cannot have finished it.
    func slowLibrary() throws -> URL {
        let root = try temporaryFolder(self)
        let library = try smallLibrary(3, paragraphs: 1, in: root)
        let chapter = story(0, paragraphs: 400)
        try Data(String(repeating: chapter, count: 70).utf8).write(to: library.appendingPathComponent("a-large.md"))
        return root
    }

    /// Sends `signals` (the first `delay` seconds after the batch shows a sign of life, the others 0.3 s apart) and
    /// returns the run and the time from the first signal to the exit. The sign of life is the output root: the
    /// batch makes it after installing its signal handlers, so a start slowed by a loaded machine cannot meet a
    /// signal with the default handler (which exited 143 at once, with nothing on stderr). An earlier run's root
    /// is removed first.
    func interrupt(_ arguments: [String], in root: URL, delay: Double = 0.5, signals: [Int32] = [SIGTERM]) throws -> (Outcome, Double) {
        let out = root.appendingPathComponent("out").path
        try? FileManager.default.removeItem(atPath: out)
        let batch = try ScheduledQuire(["batch", "library", "-o", "out", "--jobs", "1"] + arguments, in: root)
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: out), batch.process.isRunning, Date() < deadline { usleep(2_000) }
        usleep(UInt32(delay * 1_000_000))
        XCTAssertTrue(batch.process.isRunning, "the large book takes longer than \(delay) s")
        let signalled = Date()
        for (n, number) in signals.enumerated() {
            if n > 0 { usleep(300_000) }
            batch.signal(number)
        }
        let run = batch.wait()
        return (run, Date().timeIntervalSince(signalled))
    }

    /// Nothing of the large book: no folder, no temporary folder, no manifest line.
    func assertAbandoned(_ root: URL, file: StaticString = #filePath, line: UInt = #line) {
        let out = root.appendingPathComponent("out")
        XCTAssertEqual(bookFolders(out).filter { $0.hasPrefix("a-large") }, [], file: file, line: line)
        XCTAssertEqual(unfinished(out), [], file: file, line: line)
        let keys = manifestLines(out.appendingPathComponent("manifest.jsonl")).compactMap { $0["key"] as? String }
        XCTAssertFalse(keys.contains("a-large.md"), file: file, line: line)
    }

    func testGraceRunsOutThenTheBookInFlightIsAbandoned() throws {
        let root = try slowLibrary()
        let (run, elapsed) = try interrupt(["--grace", "1", "--format", "json"], in: root)
        XCTAssertEqual(run.status, 143, run.stderr)
        XCTAssertTrue(run.stderr.contains("batch: interrupted: books in flight abandoned after the 1 s grace period"), run.stderr)
        XCTAssertGreaterThanOrEqual(elapsed, 0.9)
        XCTAssertLessThan(elapsed, 3.5, "exited soon after the grace period")
        assertAbandoned(root)
    }

    func testGraceZeroAndASecondSignalAbandonAtOnce() throws {
        let root = try slowLibrary()
        let (zero, quick) = try interrupt(["--grace", "0"], in: root)
        XCTAssertEqual(zero.status, 143, zero.stderr)
        XCTAssertTrue(zero.stderr.contains("batch: interrupted: books in flight abandoned (--grace 0)"), zero.stderr)
        XCTAssertLessThan(quick, 2)
        assertAbandoned(root)

        let (twice, soon) = try interrupt(["--grace", "60"], in: root, signals: [SIGINT, SIGTERM])
        XCTAssertEqual(twice.status, 130, "the first signal names the status: \(twice.stderr)")
        XCTAssertTrue(twice.stderr.contains("batch: interrupted again: books in flight abandoned"), twice.stderr)
        XCTAssertLessThan(soon, 3)
        assertAbandoned(root)
    }
}
