import Foundation
import Quire

/// The terminal standard output is attached to, if any.
enum Terminal {
    /// Its size in cells, or nil when standard output is a file or a pipe.
    static func size() -> Viewport? {
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else { return nil }
        return Viewport(columns: Int(window.ws_col), lines: Int(window.ws_row))
    }

    static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
}
