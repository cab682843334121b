/* ncurses, wide-character build (Debian libncurses-dev): the terminal reader's screen, keys, mouse and resize
   (issue 18). What curses defines as macros over bit fields (attributes, mouse masks) or as global variables is
   wrapped in small inline functions, so Swift 6 sees plain functions and no shared mutable state. */
#ifndef QUIRE_CNCURSES_SHIM_H
#define QUIRE_CNCURSES_SHIM_H
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <langinfo.h>
#include <ncursesw/curses.h>

static inline WINDOW *quire_stdscr(void) { return stdscr; }
/* The terminal on standard output, keys from standard input; NULL when the terminal type is unknown. */
static inline SCREEN *quire_newterm(void) { return newterm(NULL, stdout, stdin); }
static inline attr_t quire_attr_reverse(void) { return A_REVERSE; }
static inline attr_t quire_attr_bold(void) { return A_BOLD; }
static inline attr_t quire_attr_dim(void) { return A_DIM; }
static inline attr_t quire_attr_underline(void) { return A_UNDERLINE; }
static inline mmask_t quire_mouse_all(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }
static inline mmask_t quire_mouse_wheel_up(void) { return BUTTON4_PRESSED; }
#if NCURSES_MOUSE_VERSION > 1
static inline mmask_t quire_mouse_wheel_down(void) { return BUTTON5_PRESSED; }
#else
static inline mmask_t quire_mouse_wheel_down(void) { return 0; }
#endif
static inline mmask_t quire_mouse_click(void) { return BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON1_RELEASED; }
static inline int quire_key_code_yes(void) { return KEY_CODE_YES; }
#endif
