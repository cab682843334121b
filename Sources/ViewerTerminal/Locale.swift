import CNcurses

/// ncursesw draws UTF-8 only when the C library's locale says so: the environment's locale is taken, and when
/// it is not UTF-8 (a bare `LANG=C` in a script or a container), C.UTF-8, which every glibc has.
enum TerminalLocale {
    static func setUp() {
        setlocale(LC_ALL, "")
        if let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset) == "UTF-8" { return }
        setlocale(LC_ALL, "C.UTF-8")
    }
}
