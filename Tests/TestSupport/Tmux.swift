import Foundation
import XCTest

/// The real `quire` binary in a real terminal: a detached tmux session of a given size, driven with `send-keys`
/// and read back with `capture-pane` (issue 18, "Done when"). Each driver starts its own tmux server on its own
/// socket (`tmux -L`), with no configuration file, so a test never sees or touches the user's tmux; the server is
/// killed when the driver is closed or released.
///
/// The pane runs `printf QUIRE-BEFORE; <command>; echo QUIRE-EXIT=$?; sleep 60`: the first line is the "shell's
/// prior content" a full-screen program must give back when it quits, the echo reports its exit status, and the
/// sleep keeps the pane (and what the program left on it) readable until the test is done.
public final class Tmux {
    /// The line printed before the command, to find again once the command has given the terminal back.
    public static let before = "QUIRE-BEFORE"
    public static let exitMarker = "QUIRE-EXIT="

    private let executable: URL
    private let socket = "quire-test-\(UUID().uuidString.prefix(8))"
    private let target = "quire"
    private var closed = false

    /// Starts `command` (a `sh` command line) in a `columns`×`lines` pane. Skips the test when tmux is missing.
    public init(shell command: String, columns: Int, lines: Int, in directory: URL = Run.packageRoot) throws {
        executable = try Self.executable()
        let pane = "printf '%s\\n' \(Self.before); \(command); echo \(Self.exitMarker)$?; sleep 60"
        try tmux(["-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(lines)", "-s", target,
                  "-c", directory.path, pane])
    }

    /// Starts `quire view arguments` as a user's terminal would run it: a UTF-8 locale, an xterm-256color
    /// terminal, and `stateHome` as `XDG_STATE_HOME` (where the reader remembers positions), so no test reads or
    /// writes the user's own state.
    public convenience init(view arguments: [String], columns: Int = 100, lines: Int = 30, stateHome: URL,
                            in directory: URL = Run.packageRoot) throws {
        try self.init(shell: Self.viewCommand(arguments, stateHome: stateHome), columns: columns, lines: lines,
                      in: directory)
    }

    /// The `sh` command line that runs `quire view arguments` with the test environment.
    public static func viewCommand(_ arguments: [String], stateHome: URL) -> String {
        (["env", "LANG=C.UTF-8", "TERM=xterm-256color", "XDG_STATE_HOME=\(stateHome.path)", Run.binary.path, "view"]
            + arguments).map(quoted).joined(separator: " ")
    }

    deinit { close() }

    /// Kills this driver's tmux server (and the program in its pane).
    public func close() {
        guard !closed else { return }
        closed = true
        _ = try? tmux(["kill-server"])
    }

    // MARK: Driving

    /// Presses keys by tmux's names: "Right", "Left", "Enter", "Tab", "BSpace", "Escape", "q".
    public func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", target] + keys)
    }

    /// Types `text` literally, character by character.
    public func type(_ text: String) throws {
        try tmux(["send-keys", "-t", target, "-l", text])
    }

    /// Resizes the window (a terminal window dragged, a tablet rotated): the program gets SIGWINCH.
    public func resize(columns: Int, lines: Int) throws {
        try tmux(["resize-window", "-t", target, "-x", "\(columns)", "-y", "\(lines)"])
    }

    /// What the pane shows, one string per row, trailing blanks trimmed; with `escapes`, the SGR sequences
    /// (`\e[7m` for reverse video) are kept.
    public func capture(escapes: Bool = false) throws -> [String] {
        let text = try tmux(["capture-pane", "-p", "-t", target] + (escapes ? ["-e"] : []))
        var rows = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if rows.last == "" { rows.removeLast() }
        return rows
    }

    /// A tmux format of the pane: `#{alternate_on}`, `#{cursor_flag}`, `#{pane_width}`.
    public func format(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", target, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Polls the pane every 25 ms until `predicate` holds for its rows, and returns them; throws `Timeout`
    /// (a test failure naming `what` and showing the last screen) after `timeout` seconds.
    @discardableResult
    public func waitFor(_ what: String, timeout: TimeInterval = 10, escapes: Bool = false,
                        _ predicate: ([String]) throws -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let rows = try capture(escapes: escapes)
            if try predicate(rows) { return rows }
            if Date() > deadline { throw Timeout(what: what, seconds: timeout, screen: rows) }
            usleep(25_000)
        }
    }

    /// Waits for the command to end and returns its exit status (the pane's `QUIRE-EXIT=` line).
    public func waitForExit(timeout: TimeInterval = 10) throws -> Int32 {
        let rows = try waitFor("the command to exit", timeout: timeout) { rows in
            rows.contains { $0.hasPrefix(Self.exitMarker) }
        }
        let line = rows.first { $0.hasPrefix(Self.exitMarker) }!
        return Int32(line.dropFirst(Self.exitMarker.count).trimmingCharacters(in: .whitespaces)) ?? -1
    }

    /// A wait that ran out: what was awaited and the screen at the end.
    public struct Timeout: Error, CustomStringConvertible {
        public var what: String
        public var seconds: TimeInterval
        public var screen: [String]
        public var description: String {
            "timed out after \(seconds) s waiting for \(what); the screen:\n" + screen.joined(separator: "\n")
        }
    }

    // MARK: tmux

    /// tmux on the PATH; the test is skipped without it (Debian package `tmux`).
    public static func executable() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("tmux")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw XCTSkip("tmux is not installed (Debian package tmux): the terminal reader is not driven")
    }

    /// Runs `tmux -L socket arguments` and returns its standard output; a failure throws with tmux's message.
    ///
    /// tmux is started with `posix_spawn` and reaped with `waitpid`, not with Foundation's `Process`: the server
    /// that `new-session` forks inherits the client's descriptors, and on Linux `Process` learns of the exit from
    /// a descriptor closing, which never happens while the server runs. The child reads /dev/null and writes
    /// files, so nothing waits on a pipe either.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let scratch = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outPath = scratch.appendingPathComponent("out").path, errPath = scratch.appendingPathComponent("err").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        environment["TMUX_PANE"] = nil
        environment["SHELL"] = "/bin/sh"
        let argv = ([executable.path, "-L", socket] + arguments).map { strdup($0) }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") }
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv + [nil], envp + [nil])
        guard spawned == 0 else {
            throw TmuxFailed(arguments: arguments, message: String(cString: strerror(spawned)))
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let out = FileManager.default.contents(atPath: outPath) ?? Data()
        let err = FileManager.default.contents(atPath: errPath) ?? Data()
        // WIFEXITED and WEXITSTATUS, which Swift does not import.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw TmuxFailed(arguments: arguments, message: String(decoding: err, as: UTF8.self))
        }
        return String(decoding: out, as: UTF8.self)
    }

    public struct TmuxFailed: Error, CustomStringConvertible {
        public var arguments: [String]
        public var message: String
        public var description: String { "tmux \(arguments.joined(separator: " ")) failed: \(message)" }
    }

    /// `text` single-quoted for `sh`.
    public static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
