import CNcurses
import Quire
import Viewer

/// The terminal through ncurses (wide-character build): full screen on the alternate screen, keys and mouse
/// decoded by curses' terminfo tables, pictures drawn with curses' own optimisation of what changed. `end`
/// gives the terminal back as it was (`endwin`, the alternate screen left).
final class CursesScreen {
    private let window: UnsafeMutablePointer<WINDOW>
    private let screen: OpaquePointer

    /// Starts curses on the controlling terminal; nil when the terminal type is unknown (curses would exit).
    init?() {
        TerminalLocale.setUp()
        guard let screen = quire_newterm() else { return nil }
        self.screen = screen
        set_term(screen)
        guard let window = quire_stdscr() else { return nil }
        self.window = window
        raw()                       // Ctrl-C arrives as a key: the reader quits through `end`, never mid-draw.
        noecho()
        nonl()
        keypad(window, true)
        curs_set(0)
        set_escdelay(25)
        mouseinterval(0)
        mousemask(quire_mouse_all(), nil)
        wtimeout(window, 50)
    }

    func end() {
        endwin()
        delscreen(screen)
    }

    var size: Viewport { Viewport(columns: Int(getmaxx(window)), lines: Int(getmaxy(window))) }

    /// Draws a picture: its rows, its reverse-video cells and the status line in reverse video at the bottom.
    func draw(_ picture: Picture) {
        let size = self.size
        werase(window)
        for (y, row) in picture.rows.prefix(max(0, size.lines - 1)).enumerated() {
            mvwaddstr(window, Int32(y), 0, Cells.clip(row, to: size.columns))
        }
        for highlight in picture.highlights where highlight.row < size.lines - 1 {
            let start = max(0, highlight.columns.lowerBound)
            let count = min(highlight.columns.upperBound, size.columns) - start
            guard count > 0 else { continue }
            mvwchgat(window, Int32(highlight.row), Int32(start), Int32(count), quire_attr_reverse(), 0, nil)
        }
        if size.lines > 0 {
            let status = Cells.clip(picture.status, to: size.columns)
            let padded = status + String(repeating: " ", count: max(0, size.columns - Cells.width(status) - 1))
            wattr_on(window, quire_attr_reverse(), nil)
            mvwaddstr(window, Int32(size.lines - 1), 0, padded)
            wattr_off(window, quire_attr_reverse(), nil)
        }
        wrefresh(window)
    }

    /// What the terminal reported: a key, a resize, or nothing within the poll interval.
    enum Event {
        case key(Key)
        case resize
        case none
    }

    func next() -> Event {
        var character: wint_t = 0
        let status = wget_wch(window, &character)
        if status == ERR { return .none }
        if status == quire_key_code_yes() { return functionKey(Int32(character)) }
        switch character {
        case 3: return .key(.character("q"))             // Ctrl-C
        case 8, 127: return .key(.backspace)
        case 9: return .key(.tab)
        case 10, 13: return .key(.enter)
        case 27: return .key(.escape)
        default:
            guard let scalar = Unicode.Scalar(UInt32(character)) else { return .none }
            return .key(.character(Character(scalar)))
        }
    }

    private func functionKey(_ code: Int32) -> Event {
        switch code {
        case KEY_LEFT: return .key(.left)
        case KEY_RIGHT: return .key(.right)
        case KEY_UP: return .key(.up)
        case KEY_DOWN: return .key(.down)
        case KEY_NPAGE: return .key(.pageDown)
        case KEY_PPAGE: return .key(.pageUp)
        case KEY_HOME: return .key(.home)
        case KEY_END: return .key(.end)
        case KEY_BACKSPACE: return .key(.backspace)
        case KEY_ENTER: return .key(.enter)
        case KEY_BTAB: return .key(.tab)
        case KEY_RESIZE: return .resize
        case KEY_MOUSE:
            var event = MEVENT()
            guard getmouse(&event) == OK else { return .none }
            if event.bstate & quire_mouse_wheel_up() != 0 { return .key(.wheelUp) }
            if quire_mouse_wheel_down() != 0, event.bstate & quire_mouse_wheel_down() != 0 { return .key(.wheelDown) }
            if event.bstate & quire_mouse_click() != 0 { return .key(.click(column: Int(event.x), row: Int(event.y))) }
            return .none
        default: return .none
        }
    }

    /// Sleeps between the frames of a page turn.
    func pause(milliseconds: Int32) { napms(milliseconds) }
}
