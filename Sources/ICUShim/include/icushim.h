#ifndef QUIRE_ICUSHIM_H
#define QUIRE_ICUSHIM_H
/* The only view Swift has of ICU: plain integer types and opaque handles (DESIGN.md §3). */
#include <stddef.h>
#include <stdint.h>

/* Major version of the ICU library in use. */
int32_t qi_version(void);

/* A break iterator; owned by the caller, closed with qi_breaker_close. */
typedef struct qi_breaker qi_breaker;

/* A UAX #14 line break iterator for an ICU locale id ("en", "ja@lb=strict"); NULL on failure. */
qi_breaker *qi_line_breaker_open(const char *locale);
/* An extended grapheme cluster iterator; NULL on failure. */
qi_breaker *qi_grapheme_breaker_open(void);
void qi_breaker_close(qi_breaker *breaker);

/* Boundaries of the UTF-8 text after position 0, in ascending byte offsets, the last being `length`.
   `out` must hold `length + 1` entries. Returns the count, or -1 on error. */
int32_t qi_boundaries(qi_breaker *breaker, const uint8_t *text, int32_t length, int32_t *out);

/* Flags returned with a cluster's width by qi_cluster_info. */
enum {
    QI_WIDTH_MASK = 0xFF,
    QI_INVISIBLE = 0x100, /* never printed: controls, default-ignorables (soft hyphen, ZWSP, WJ, BOM) */
    QI_SPACE = 0x200,     /* breakable white space: dropped at the end of a line */
    QI_NO_START = 0x400,  /* closing punctuation, small kana, prolonged sound mark: never starts a line */
    QI_NO_END = 0x800,    /* opening brackets: never end a line */
    QI_CLASS_SHIFT = 12,  /* bits 12-16: the cluster's line-break class when simple (QI_LB_*), else 0 */
    QI_CLASS_MASK = 0x1F,
    QI_JOINED_WIDTH = 1 << 20 /* the width sums several code points (a base and its spacing marks) */
};

/* Line-break classes of single-code-point clusters whose UAX #14 rules Layout applies itself; 0 = ask ICU.
   Beyond the classes of alphabetic prose: ideographs and kana (ID), non-starters (NS), small kana and the
   prolonged sound mark (CJ), wide opening brackets (OP_WIDE: LB30 does not hold them to a letter), other non-ASCII
   closing punctuation (CL_OTHER), ambiguous-width characters (AI, which ICU resolves to AL), and the classes of
   numbers' neighbours: prefixes (PR: $ £ € +), postfixes (PO: % ° ′) and the solidus (SY), whose rules (LB24,
   LB25) look past the pair. The curly double quotes have classes of their own: quotation marks (QU) by default,
   an opening bracket and closing punctuation under strict rules (ICU's line_cj rules, for Chinese and Japanese).
   U+2010 HYPHEN (HH) breaks as BA but for LB20.1: like a hyphen-minus, it holds to the word it starts. Both kinds
   of rules know every class. */
enum {
    QI_LB_AL = 1, QI_LB_NU, QI_LB_SP, QI_LB_IS, QI_LB_EX, QI_LB_HY, QI_LB_QU, QI_LB_OP, QI_LB_CP, QI_LB_CL,
    QI_LB_BA, QI_LB_B2, QI_LB_IN, QI_LB_WJ, QI_LB_GL,
    QI_LB_ID, QI_LB_NS, QI_LB_CJ, QI_LB_OP_WIDE, QI_LB_CL_OTHER, QI_LB_AI, QI_LB_QU_LEFT, QI_LB_QU_RIGHT, QI_LB_HH,
    QI_LB_PR, QI_LB_PO, QI_LB_SY,
    QI_LB_CLASSES /* one more than the last class; at most 32, the table's key holds five bits */
};

/* The simple line-break class (QI_LB_*, or 0) of each ASCII byte value, into out[128]. */
void qi_ascii_line_classes(uint8_t *out);

/* Width in cells and flags of one grapheme cluster given as UTF-8: terminal cells (wcwidth), the sum of its code
   points' widths but for emoji presentation sequences, which take two. */
int32_t qi_cluster_info(const uint8_t *cluster, int32_t length, int32_t ambiguous_wide);

/* Flags of a measured cluster, as Layout's ClusterFlags reads them. */
enum {
    QI_F_SPACE = 1, QI_F_INVISIBLE = 2, QI_F_BREAK_AFTER = 4, QI_F_HANGABLE = 8, QI_F_WIDE = 16,
    QI_F_NO_START = 32, QI_F_NO_END = 64, QI_F_HYPHEN = 128
};

/* Measures UTF-8 text in one pass when no code point joins another (no marks, joiners, CR, jamo, flags):
   for each cluster k, starts[k] its byte offset, widths[k] its cells, flags[k] its QI_F_* flags, classes[k]
   its simple line-break class (ascii_classes gives them for ASCII, as qi_ascii_line_classes fills it).
   Returns the cluster count, or -1 when the text needs the grapheme iterator. Arrays hold `length` entries. */
int32_t qi_measure(const uint8_t *text, int32_t length, int32_t ambiguous_wide, const uint8_t *ascii_classes,
                   int32_t *starts, uint8_t *widths, uint8_t *flags, uint8_t *classes);

/* Extended grapheme clusters of UTF-8 text as ICU 72's character iterator finds them (UAX #29 and the Indic aksara
   rule; graphemes.c), from code point properties: ends[k] is the byte offset where cluster k ends. `ends` holds
   `length` entries. Returns the cluster count, or -1 for ill-formed UTF-8 (left to ICU's iterator). */
int32_t qi_grapheme_ends(const uint8_t *text, int32_t length, int32_t *ends);

/* qi_measure, falling back to qi_grapheme_ends when clusters join, and for ill-formed UTF-8 to ICU's grapheme
   iterator (one per thread, opened on first need: opening one costs more than measuring most chapters); -1 when
   ICU cannot measure at all. */
int32_t qi_measure_clusters(const uint8_t *text, int32_t length, int32_t ambiguous_wide,
                            const uint8_t *ascii_classes, int32_t *starts, uint8_t *widths, uint8_t *flags,
                            uint8_t *classes);

/* Running widths of measured clusters: prefix[k] is the width of clusters 0..<k (count + 1 entries). Returns 1
   when every cluster prints as it is (none invisible, no white space but U+0020 among the ASCII ones). */
int32_t qi_running_widths(const uint8_t *text, const int32_t *starts, const uint8_t *widths, const uint8_t *flags,
                          int32_t count, int32_t *prefix);

/* The first cluster in from..<to with a flag of `mask` set, or `to`: sixteen clusters' flags at a time, for scans
   after the rare ones (soft hyphens among invisible clusters). */
int32_t qi_next_flagged(const uint8_t *flags, int32_t from, int32_t to, uint8_t mask);

/* The first cluster in from..<to that keeps a line from being a slice of its paragraph (invisible, or ASCII white
   space other than U+0020: what qi_running_widths tests), or `to` when there is none. */
int32_t qi_next_rewritten(const uint8_t *text, const int32_t *starts, const uint8_t *flags, int32_t from, int32_t to);

/* The UAX #14 pair rules over measured clusters, one table lookup each (Layout's `simpleBreaks` builds the table
   and reads it the same way): from cluster `from` on, sets QI_F_BREAK_AFTER in flags[i] where the table says 1 for
   the pair (classes[i], classes[i + 1]). `table` has 2048 entries, indexed `key << 5 | b`: key is the class before
   the pair when it is not a space, else 1024 | the last class before the spaces (`*before_spaces`, carried across
   calls). Stops at the first pair whose entry is above 1, which the caller decides, and returns its index, with
   `*before_spaces` updated for it, and no flag touched from that pair on; returns count - 1 when every pair was
   decided. With SSE2 the pairs of running text (AL AL, ID ID, AL SP, AL SP AL) are answered sixteen at a time, with
   the same results. */
int32_t qi_pair_breaks(const uint8_t *classes, uint8_t *flags, int32_t from, int32_t count, const uint8_t *table,
                       uint8_t *before_spaces);

/* 1 when every code point of the UTF-8 text is a grapheme cluster of its own (Grapheme_Cluster_Break Other,
   Control or LF, and no CR), so clusters can be taken code point by code point; 0 otherwise. */
int32_t qi_simple_graphemes(const uint8_t *text, int32_t length);

/* Width in cells of a UTF-8 string (clusters measured as by qi_cluster_info). */
int64_t qi_text_width(const uint8_t *text, int32_t length, int32_t ambiguous_wide);

/* Base direction from the first strong character: 0 left-to-right, 1 right-to-left, -1 none. */
int32_t qi_first_strong_direction(const uint8_t *text, int32_t length);

/* 1 when the UTF-8 text holds a character that gives part of a line a right-to-left level in UAX #9: bidi class
   R, AL or AN, or an explicit RLE, RLO or RLI; 0 otherwise. */
int32_t qi_has_rtl(const uint8_t *text, int32_t length);

/* qi_visual_line's answer for a line with nothing right-to-left (qi_has_rtl 0): `out` is untouched. */
enum { QI_VISUAL_UNCHANGED = -2 };

/* A UTF-8 line in the order a terminal that does no bidi must be given it (bidi.c): Arabic letters shaped into
   presentation forms, lam-alef as a ligature and a space at the line's end (the line keeps its UTF-16 length and
   its cells), then reordered by UAX #9 at the paragraph level `rtl` (0 left-to-right, 1 right-to-left) with
   mirrored characters mirrored. Writes UTF-8 into `out` (3 * length bytes always suffice) and returns the byte
   count, QI_VISUAL_UNCHANGED, or -1 on error. */
int32_t qi_visual_line(const uint8_t *text, int32_t length, int32_t rtl, uint8_t *out, int32_t capacity);

/* The length of the longest prefix of `bytes` that a JSON string holds as it is (jsonscan.c): it stops at a byte
   below 0x20, a quote, a backslash or 0xA8/0xA9 (the last byte of U+2028/U+2029; the caller checks the two before it). */
size_t qi_json_plain_prefix(const uint8_t *bytes, size_t count);

#endif
