import Foundation
import Quire
import Viewer

/// The terminal could not be taken over (an unknown `TERM`).
public struct TerminalUnavailable: Error, Sendable {
    public var message: String
}

/// `quire view`'s loop: draws the session's pictures, feeds it keys and resizes, and swaps in the whole book when
/// the background read finishes. The session decides everything; this only moves events and pictures.
public enum TerminalReader {
    /// How the reading ended: `q`, or a signal (SIGTERM, SIGHUP when the terminal closes, SIGINT from outside),
    /// after which the terminal is restored all the same.
    public struct Ending: Sendable {
        public var place: Place?
        public var signal: Int32?
    }

    /// Runs until the reader quits and returns the place to remember. `session` was opened on the first document
    /// (`BookLoader.first`); the rest is read by `loader.whole()` on another thread.
    public static func run(_ session: ViewerSession, loader: BookLoader,
                           animate: Bool) throws(TerminalUnavailable) -> Ending {
        let signals = Signals(watching: [SIGTERM, SIGHUP, SIGINT])
        guard let screen = CursesScreen() else {
            let term = ProcessInfo.processInfo.environment["TERM"] ?? "unset"
            throw TerminalUnavailable(message: "cannot use this terminal (TERM=\(term)); quire render prints pages instead")
        }
        defer { screen.end() }
        var session = session
        session.resize(to: screen.size)
        let background = session.complete ? nil : WholeBook.read(loader, for: session.pagesRequest)
        var waiting: Key?
        var shown = session.picture()
        screen.draw(shown)
        while true {
            if let signal = signals.received { return Ending(place: session.place, signal: signal) }
            switch screen.next() {
            case .resize:
                session.resize(to: screen.size)
            case .none:
                guard let background, !session.complete, let outcome = background.take() else { continue }
                switch outcome {
                case .success(let (book, pages)): session.finishLoading(book, laidOut: pages)
                case .failure(let error): session.finishLoading(session.book, failure: error.message)
                }
                if let key = waiting {
                    waiting = nil
                    if session.handle(key) == .quit { return Ending(place: session.place, signal: nil) }
                }
            case .key(let key):
                switch session.handle(key) {
                case .quit: return Ending(place: session.place, signal: nil)
                case .needsWholeBook: waiting = key
                case .turned(let forward) where animate:
                    let next = session.picture()
                    // The whole turn takes about 120 ms however many frames the animation has (under the
                    // 150 ms after which a turn feels slow); the last frame is the new spread, drawn below.
                    let frames = session.turnFrames(from: shown, to: next, forward: forward)
                    for frame in frames {
                        screen.draw(frame)
                        screen.pause(milliseconds: Int32(120 / (frames.count + 1)))
                    }
                case .nothing: continue
                default: break
                }
            }
            shown = session.picture()
            if waiting != nil { shown.status = "Reading the rest of the book…" }
            screen.draw(shown)
        }
    }
}

/// The whole book, read on its own thread; the loop polls `take` between keys.
final class WholeBook: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<(Book, Pages), ReadError>?

    /// Reads the whole book and sets it in pages for `request` (the screen when the read began).
    static func read(_ loader: BookLoader, for request: Pages.Request) -> WholeBook {
        let box = WholeBook()
        let thread = Thread {
            let outcome: Result<(Book, Pages), ReadError>
            do throws(ReadError) {
                let book = try loader.whole()
                outcome = .success((book, Pages.lay(book, complete: true, for: request)))
            } catch {
                outcome = .failure(error)
            }
            box.lock.withLock { box.result = outcome }
        }
        thread.stackSize = 8 << 20
        thread.start()
        return box
    }

    /// The result once, when it is there.
    func take() -> Result<(Book, Pages), ReadError>? {
        lock.withLock {
            defer { result = nil }
            return result
        }
    }
}

/// Signals that end the reader, noticed by the loop between keys (at most one poll interval later), so curses is
/// always ended by the loop itself and the terminal is given back whole.
final class Signals: @unchecked Sendable {
    private let lock = NSLock()
    private var first: Int32?
    private var sources: [DispatchSourceSignal] = []

    init(watching numbers: [Int32]) {
        for number in numbers {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in
                guard let self else { return }
                self.lock.withLock { if self.first == nil { self.first = number } }
            }
            source.resume()
            sources.append(source)
        }
    }

    var received: Int32? { lock.withLock { first } }
}
