/* All of Quire's ICU calls: Swift sees only icushim.h (DESIGN.md §3, the ICU rule). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/utext.h>
#include <unicode/utf8.h>
#include <unicode/uversion.h>
#include "icushim.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

struct qi_breaker {
    UBreakIterator *iterator;
};

int32_t qi_version(void) {
    UVersionInfo v;
    u_getVersion(v);
    return v[0];
}

static qi_breaker *qi_breaker_open(UBreakIteratorType type, const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(type, locale, NULL, 0, &status);
    if (U_FAILURE(status) || iterator == NULL) return NULL;
    qi_breaker *breaker = malloc(sizeof *breaker);
    if (breaker == NULL) {
        ubrk_close(iterator);
        return NULL;
    }
    breaker->iterator = iterator;
    return breaker;
}

qi_breaker *qi_line_breaker_open(const char *locale) { return qi_breaker_open(UBRK_LINE, locale); }

qi_breaker *qi_grapheme_breaker_open(void) { return qi_breaker_open(UBRK_CHARACTER, ""); }

void qi_breaker_close(qi_breaker *breaker) {
    if (breaker == NULL) return;
    ubrk_close(breaker->iterator);
    free(breaker);
}

/* Points the iterator at UTF-8 text through `ut` (closed by the caller with utext_close); 0 on success.
   Native indexes of a UTF-8 UText are byte offsets. */
static int qi_set_text(qi_breaker *breaker, UText *ut, const uint8_t *text, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    utext_openUTF8(ut, (const char *)text, length, &status);
    if (U_FAILURE(status)) return -1;
    ubrk_setUText(breaker->iterator, ut, &status);
    if (U_FAILURE(status)) {
        utext_close(ut);
        return -1;
    }
    return 0;
}

int32_t qi_boundaries(qi_breaker *breaker, const uint8_t *text, int32_t length, int32_t *out) {
    if (breaker == NULL || length < 0) return -1;
    if (length == 0) return 0;
    UText ut = UTEXT_INITIALIZER;
    if (qi_set_text(breaker, &ut, text, length) != 0) return -1;
    int32_t count = 0;
    ubrk_first(breaker->iterator);
    for (int32_t p = ubrk_next(breaker->iterator); p != UBRK_DONE && count <= length; p = ubrk_next(breaker->iterator)) {
        out[count++] = p;
    }
    utext_close(&ut);
    if (count == 0 || out[count - 1] != length) out[count++] = length;
    return count;
}

/* The cells a terminal gives a code point that follows the first of its grapheme cluster, as glibc's wcwidth
   does: nonspacing and enclosing marks, format characters and Hangul medial vowels and final consonants none,
   East Asian Wide and Fullwidth two, everything else one, spacing marks (Mc: the vowel signs of Devanagari,
   Bengali, Tamil, ...) included. Counting clusters instead would leave a Hindi line several cells wider on the
   terminal than on the page. */
static int32_t qi_following_width(UChar32 c, int32_t ambiguous_wide);

static int qi_is_nonbreaking_space(UChar32 c) { return c == 0x00A0 || c == 0x2007 || c == 0x202F; }

static int32_t qi_code_point_width(UChar32 c, int32_t ambiguous_wide) {
    switch (u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH)) {
    case U_EA_WIDE:
    case U_EA_FULLWIDTH: return 2;
    case U_EA_AMBIGUOUS: return ambiguous_wide ? 2 : 1;
    default: return 1;
    }
}

static int32_t qi_following_width(UChar32 c, int32_t ambiguous_wide) {
    switch (u_charType(c)) {
    case U_NON_SPACING_MARK:
    case U_ENCLOSING_MARK:
    case U_FORMAT_CHAR: return 0;
    default: break;
    }
    if ((c >= 0x1160 && c <= 0x11FF) || (c >= 0xD7B0 && c <= 0xD7FF)) return 0;
    if (u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT)) return 0;
    return qi_code_point_width(c, ambiguous_wide);
}

/* The classes whose pair rules Layout applies without ICU. Brackets are simple when ASCII; beyond ASCII, an
   opening bracket only when wide (LB30 holds only narrow ones to a letter) and closing punctuation always, in
   classes of their own that only strict line breaking knows, so the default fast path is as it was. */
static int32_t qi_simple_class(UChar32 c, int32_t lb) {
    switch (lb) {
    case U_LB_ALPHABETIC: return QI_LB_AL;
    case U_LB_NUMERIC: return QI_LB_NU;
    case U_LB_SPACE: return QI_LB_SP;
    case U_LB_INFIX_NUMERIC: return QI_LB_IS;
    case U_LB_EXCLAMATION: return QI_LB_EX;
    case U_LB_HYPHEN: return QI_LB_HY;
    case U_LB_QUOTATION: return c == 0x201C ? QI_LB_QU_LEFT : c == 0x201D ? QI_LB_QU_RIGHT : QI_LB_QU;
    case U_LB_OPEN_PUNCTUATION: {
        if (c < 0x80) return QI_LB_OP;
        int32_t ea = u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
        return ea == U_EA_WIDE || ea == U_EA_FULLWIDTH || ea == U_EA_HALFWIDTH ? QI_LB_OP_WIDE : 0;
    }
    case U_LB_CLOSE_PARENTHESIS: return c < 0x80 ? QI_LB_CP : 0;
    case U_LB_CLOSE_PUNCTUATION: return c < 0x80 ? QI_LB_CL : QI_LB_CL_OTHER;
    case U_LB_BREAK_AFTER: return c == '\t' ? 0 : c == 0x2010 ? QI_LB_HH : QI_LB_BA;
    case U_LB_BREAK_BOTH: return QI_LB_B2;
    case U_LB_INSEPARABLE: return QI_LB_IN;
    case U_LB_WORD_JOINER: return QI_LB_WJ;
    case U_LB_GLUE: return QI_LB_GL;
    case U_LB_IDEOGRAPHIC: return QI_LB_ID;
    case U_LB_NONSTARTER: return QI_LB_NS;
    case U_LB_CONDITIONAL_JAPANESE_STARTER: return QI_LB_CJ;
    case U_LB_AMBIGUOUS: return QI_LB_AI;
    case U_LB_PREFIX_NUMERIC: return QI_LB_PR;
    case U_LB_POSTFIX_NUMERIC: return QI_LB_PO;
    case U_LB_BREAK_SYMBOLS: return QI_LB_SY;
    default: return 0;
    }
}

void qi_ascii_line_classes(uint8_t *out) {
    for (UChar32 c = 0; c < 128; c++) out[c] = (uint8_t)qi_simple_class(c, u_getIntPropertyValue(c, UCHAR_LINE_BREAK));
}

int32_t qi_cluster_info(const uint8_t *cluster, int32_t length, int32_t ambiguous_wide) {
    if (length <= 0) return QI_INVISIBLE;
    int32_t i = 0;
    UChar32 first;
    U8_NEXT(cluster, i, length, first);
    if (first < 0) return 1; /* ill-formed UTF-8: one replacement cell */
    const int single = i == length;
    /* CR LF is one cluster, and white space like either of its halves. */
    if (length == 2 && cluster[0] == '\r' && cluster[1] == '\n') return 1 | QI_SPACE;
    /* A space that carries a combining mark (a mark with no base of its own) is ink, not breakable space. */
    if (single && (first == '\t' || first == '\n' || first == '\r' || first == 0x0B || first == 0x0C ||
                   first == 0x85 || first == 0x2028 || first == 0x2029))
        return 1 | QI_SPACE;
    int8_t category = u_charType(first);
    if (category == U_CONTROL_CHAR) return QI_INVISIBLE;
    if (u_hasBinaryProperty(first, UCHAR_DEFAULT_IGNORABLE_CODE_POINT)) {
        /* A cluster may start with an ignorable and carry more (rare); measure the rest then. */
        if (i >= length) {
            /* A lone word joiner keeps its class: the fast path knows its rules (LB11). */
            int32_t lb = u_getIntPropertyValue(first, UCHAR_LINE_BREAK);
            return QI_INVISIBLE | (lb == U_LB_WORD_JOINER ? QI_LB_WJ << QI_CLASS_SHIFT : 0);
        }
        int32_t rest = qi_cluster_info(cluster + i, length - i, ambiguous_wide);
        return rest & ~(QI_CLASS_MASK << QI_CLASS_SHIFT);
    }
    if (single && category == U_SPACE_SEPARATOR && !qi_is_nonbreaking_space(first)) {
        int32_t lb = u_getIntPropertyValue(first, UCHAR_LINE_BREAK);
        return qi_code_point_width(first, ambiguous_wide) | QI_SPACE |
               (single ? qi_simple_class(first, lb) << QI_CLASS_SHIFT : 0);
    }
    /* A mark with no base of its own (a cluster that starts with it) takes no cell either: the terminal puts it
       on whatever precedes it. */
    int32_t width = category == U_NON_SPACING_MARK || category == U_ENCLOSING_MARK ? 0 : qi_code_point_width(first, ambiguous_wide);
    int emoji = u_hasBinaryProperty(first, UCHAR_EMOJI_PRESENTATION);
    int emoji_base = u_hasBinaryProperty(first, UCHAR_EMOJI);
    int32_t following = 0;
    int32_t lb = u_getIntPropertyValue(first, UCHAR_LINE_BREAK);
    /* Whether the cluster breaks as its first code point does: every later one is a combining mark (class CM; not
       ZWJ, after which LB8a forbids a break whatever follows), or, after an alphabetic base, another alphabetic
       one (an Indic conjunct, which ICU's grapheme rules keep whole: consonant, virama, consonant). */
    int one_class = 1;
    while (i < length) {
        UChar32 c;
        U8_NEXT(cluster, i, length, c);
        if (c == 0xFE0F && emoji_base) emoji = 1;        /* emoji presentation selector */
        else if (c == 0xFE0E) emoji = 0, emoji_base = 0; /* text presentation selector */
        following += qi_following_width(c, ambiguous_wide);
        if (one_class) {
            int32_t next = u_getIntPropertyValue(c, UCHAR_LINE_BREAK);
            if (next != U_LB_COMBINING_MARK && !(next == U_LB_ALPHABETIC && lb == U_LB_ALPHABETIC)) one_class = 0;
        }
    }
    /* Terminals draw an emoji presentation sequence (ZWJ sequences, flags, keycaps) in two cells; anything else
       as the sum of its code points' widths. */
    if (emoji) width = 2;
    else if (following > 0) width = QI_JOINED_WIDTH | (width + following > 0xFF ? 0xFF : width + following);
    /* A base with combining marks takes the base's class (UAX #14 LB9: Devanagari or Bengali syllables, accented
       Latin), unless the base is a space (LB10 then makes the marks AL): ICU is asked only for what is left. */
    if (single || (one_class && lb != U_LB_SPACE)) width |= qi_simple_class(first, lb) << QI_CLASS_SHIFT;
    switch (lb) {
    case U_LB_CLOSE_PUNCTUATION:
    case U_LB_CLOSE_PARENTHESIS:
    case U_LB_EXCLAMATION:
    case U_LB_INFIX_NUMERIC:
    case U_LB_NONSTARTER:
    case U_LB_CONDITIONAL_JAPANESE_STARTER: return width | QI_NO_START;
    case U_LB_OPEN_PUNCTUATION: return width | QI_NO_END;
    default: return width;
    }
}

/* Per BMP code point and ambiguous-width setting: bits 0-16 its qi_cluster_info as a cluster of its own,
   QI_POINT_JOINS when it may join a neighbour in a grapheme cluster (Grapheme_Cluster_Break other than Other,
   Control, LF; and CR), QI_POINT_KNOWN once filled. Filled lazily by any thread with relaxed atomics: every
   writer stores the same value. */
enum { QI_POINT_INFO = 0x1FFFF, QI_POINT_JOINS = 1 << 18, QI_POINT_KNOWN = 1 << 19 };
static uint32_t qi_point_cache[2][0x10000];

static int qi_joins(UChar32 c) {
    if (c == '\r') return 1;
    switch (u_getIntPropertyValue(c, UCHAR_GRAPHEME_CLUSTER_BREAK)) {
    case U_GCB_OTHER:
    case U_GCB_CONTROL:
    case U_GCB_LF: return 0;
    default: return 1;
    }
}

/* The cached facts of the code point `c`, whose UTF-8 form is cluster[0..<length]. */
static uint32_t qi_point(UChar32 c, const uint8_t *cluster, int32_t length, int32_t ambiguous_wide) {
    if (c >= 0x10000) {
        return (uint32_t)qi_cluster_info(cluster, length, ambiguous_wide) | (qi_joins(c) ? QI_POINT_JOINS : 0);
    }
    uint32_t *slot = &qi_point_cache[ambiguous_wide ? 1 : 0][c];
    uint32_t point = __atomic_load_n(slot, __ATOMIC_RELAXED);
    if (point == 0) {
        point = ((uint32_t)qi_cluster_info(cluster, length, ambiguous_wide) & QI_POINT_INFO) |
                (qi_joins(c) ? QI_POINT_JOINS : 0) | QI_POINT_KNOWN;
        __atomic_store_n(slot, point, __ATOMIC_RELAXED);
    }
    return point;
}

/* 、。，． (U+3001, U+3002, U+FF0C, U+FF0E) may hang past the line end. */
static int qi_hangable(const uint8_t *b) {
    return (b[0] == 0xE3 && b[1] == 0x80 && (b[2] == 0x81 || b[2] == 0x82)) ||
           (b[0] == 0xEF && b[1] == 0xBC && (b[2] == 0x8C || b[2] == 0x8E));
}

/* One cluster's width, flags (QI_F_*) and simple class from its qi_cluster_info. */
static void qi_store_cluster(int32_t info, const uint8_t *cluster, int32_t length, int32_t k, uint8_t *widths,
                             uint8_t *flags, uint8_t *classes) {
    uint8_t f = 0;
    if (info & QI_INVISIBLE) f |= QI_F_INVISIBLE;
    if (info & QI_SPACE) f |= QI_F_SPACE;
    if (info & QI_NO_START) f |= QI_F_NO_START;
    if (info & QI_NO_END) f |= QI_F_NO_END;
    uint8_t w = (uint8_t)(info & QI_WIDTH_MASK);
    /* Wide is a CJK-like glyph (justified between characters), not a base with a spacing mark. */
    if (w == 2 && !(info & QI_JOINED_WIDTH)) f |= QI_F_WIDE;
    if (length == 3 && qi_hangable(cluster)) f |= QI_F_HANGABLE;
    widths[k] = (f & QI_F_INVISIBLE) ? 0 : w;
    flags[k] = f;
    classes[k] = (uint8_t)((info >> QI_CLASS_SHIFT) & QI_CLASS_MASK);
}

/* Width and flags of each lone ASCII byte: printable (a cell), white space (a cell, breakable) or an invisible
   control; looked up rather than tested, as most bytes of most books take this path. */
static const uint8_t qi_ascii_width[128] = { [0x09 ... 0x0D] = 1, [0x20 ... 0x7E] = 1 };
static const uint8_t qi_ascii_flags[128] = {
    [0x00 ... 0x08] = QI_F_INVISIBLE, [0x09 ... 0x0D] = QI_F_SPACE, [0x0E ... 0x1F] = QI_F_INVISIBLE,
    [0x20] = QI_F_SPACE, [0x7F] = QI_F_INVISIBLE
};

static inline void qi_store_ascii(uint8_t b, int32_t k, const uint8_t *ascii_classes, uint8_t *widths,
                                  uint8_t *flags, uint8_t *classes) {
    widths[k] = qi_ascii_width[b];
    flags[k] = qi_ascii_flags[b];
    classes[k] = ascii_classes[b];
}

#if defined(__SSE2__)
/* Sixteen ASCII bytes from text[i], none a carriage return, as sixteen clusters from index n: widths and flags
   computed with SSE2 (part of x86-64's baseline) from the byte ranges qi_ascii_width and qi_ascii_flags list,
   cluster starts as four vectors of consecutive offsets, classes looked up one by one. On War and Peace this
   took qi_measure from 49 M instructions to 31 M (issue 19: the runs between its curly quotes and dashes are
   short); ClusterMeasureTests holds it to the tables, cluster by cluster. */
static inline void qi_store_ascii16(const uint8_t *text, int32_t i, int32_t n, const uint8_t *ascii_classes,
                                    int32_t *starts, uint8_t *widths, uint8_t *flags, uint8_t *classes) {
    const __m128i v = _mm_loadu_si128((const __m128i *)(text + i));
    /* Signed compares are exact here: every byte is below 0x80. */
    const __m128i white = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8(0x08)), _mm_cmplt_epi8(v, _mm_set1_epi8(0x0E)));
    const __m128i graphic = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8(0x1F)), _mm_cmplt_epi8(v, _mm_set1_epi8(0x7F)));
    const __m128i cell = _mm_or_si128(white, graphic);
    const __m128i space = _mm_or_si128(white, _mm_cmpeq_epi8(v, _mm_set1_epi8(0x20)));
    _mm_storeu_si128((__m128i *)(widths + n), _mm_and_si128(cell, _mm_set1_epi8(1)));
    _mm_storeu_si128((__m128i *)(flags + n), _mm_or_si128(_mm_and_si128(space, _mm_set1_epi8(QI_F_SPACE)),
                                                          _mm_andnot_si128(cell, _mm_set1_epi8(QI_F_INVISIBLE))));
    __m128i offsets = _mm_add_epi32(_mm_set1_epi32(i), _mm_setr_epi32(0, 1, 2, 3));
    for (int32_t j = 0; j < 16; j += 4) {
        _mm_storeu_si128((__m128i *)(starts + n + j), offsets);
        offsets = _mm_add_epi32(offsets, _mm_set1_epi32(4));
    }
    for (int32_t j = 0; j < 16; j++) classes[n + j] = ascii_classes[text[i + j]];
}
#endif

int32_t qi_measure(const uint8_t *text, int32_t length, int32_t ambiguous_wide, const uint8_t *ascii_classes,
                   int32_t *starts, uint8_t *widths, uint8_t *flags, uint8_t *classes) {
    int32_t n = 0;
    for (int32_t i = 0; i < length;) {
        uint8_t b = text[i];
        if (b < 0x80) {
            /* ASCII bytes other than a carriage return are clusters of one byte each: most of most books. They are
               taken sixteen at a time, up to the first byte that is not (a byte with its high bit set, or 0x0D),
               without a test each. */
            int32_t run;
#if defined(__SSE2__)
            if (length - i >= 16) {
                const __m128i v = _mm_loadu_si128((const __m128i *)(text + i));
                const uint32_t stop = (uint32_t)(_mm_movemask_epi8(v) |
                                                 _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(0x0D))));
                if (stop == 0) {
                    qi_store_ascii16(text, i, n, ascii_classes, starts, widths, flags, classes);
                    i += 16;
                    n += 16;
                    continue;
                }
                run = __builtin_ctz(stop);
            } else
#endif
            {
                run = 0;
                while (i + run < length && text[i + run] < 0x80 && text[i + run] != '\r') run++;
            }
            if (run == 0) return -1; /* a carriage return: ICU's grapheme iterator pairs it with a line feed */
            for (int32_t j = 0; j < run; j++) {
                starts[n] = i + j;
                qi_store_ascii(text[i + j], n++, ascii_classes, widths, flags, classes);
            }
            i += run;
            continue;
        }
        int32_t start = i;
        UChar32 c;
        U8_NEXT(text, i, length, c);
        if (c < 0) return -1;
        uint32_t point = qi_point(c, text + start, i - start, ambiguous_wide);
        if (point & QI_POINT_JOINS) return -1;
        starts[n] = start;
        qi_store_cluster((int32_t)(point & QI_POINT_INFO), text + start, i - start, n++, widths, flags, classes);
    }
    return n;
}

/* A cluster that keeps a line from being a slice of its paragraph: invisible, or ASCII white space other than
   U+0020 (qi_running_widths). */
static inline int qi_rewritten(const uint8_t *text, const int32_t *starts, const uint8_t *flags, int32_t k) {
    return (flags[k] & QI_F_INVISIBLE) || (text[starts[k]] < 0x80 && text[starts[k]] != 0x20);
}

int32_t qi_next_rewritten(const uint8_t *text, const int32_t *starts, const uint8_t *flags, int32_t from, int32_t to) {
    int32_t k = from;
    /* Sixteen clusters' flags at a time; only lanes flagged invisible or white space are looked at one by one. */
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
    for (; k + 16 <= to; k += 16) {
        const __m128i f = _mm_and_si128(_mm_loadu_si128((const __m128i *)(flags + k)),
                                        _mm_set1_epi8(QI_F_INVISIBLE | QI_F_SPACE));
        uint32_t odd = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(f, zero)) ^ 0xFFFFu;
        while (odd) {
            if (qi_rewritten(text, starts, flags, k + __builtin_ctz(odd))) return k + __builtin_ctz(odd);
            odd &= odd - 1;
        }
    }
#endif
    for (; k < to; k++)
        if ((flags[k] & (QI_F_INVISIBLE | QI_F_SPACE)) && qi_rewritten(text, starts, flags, k)) return k;
    return to;
}

int32_t qi_next_flagged(const uint8_t *flags, int32_t from, int32_t to, uint8_t mask) {
    int32_t k = from;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128(), wanted = _mm_set1_epi8((char)mask);
    for (; k + 16 <= to; k += 16) {
        const __m128i f = _mm_and_si128(_mm_loadu_si128((const __m128i *)(flags + k)), wanted);
        const uint32_t set = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(f, zero)) ^ 0xFFFFu;
        if (set) return k + __builtin_ctz(set);
    }
#endif
    for (; k < to; k++)
        if (flags[k] & mask) return k;
    return to;
}

int32_t qi_running_widths(const uint8_t *text, const int32_t *starts, const uint8_t *widths, const uint8_t *flags,
                          int32_t count, int32_t *prefix) {
    int32_t running = 0;
    int32_t as_is = 1;
    int32_t k = 0;
    /* Sixteen clusters at a time with SSE2: their widths summed in 16-bit lanes by three shifted adds (a Hillis-
       Steele scan; sixteen widths of at most 255 fit), then widened and stored as 32-bit running widths. Only the
       lanes whose flags say invisible or white space are looked at one by one. War and Peace: 27.5 M instructions
       to 20.7 M (issue 19). */
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
    for (; k + 16 <= count; k += 16) {
        const __m128i f = _mm_and_si128(_mm_loadu_si128((const __m128i *)(flags + k)),
                                        _mm_set1_epi8(QI_F_INVISIBLE | QI_F_SPACE));
        if (as_is) {
            uint32_t odd = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(f, zero)) ^ 0xFFFFu;
            while (odd) {
                if (qi_rewritten(text, starts, flags, k + __builtin_ctz(odd))) {
                    as_is = 0;
                    break;
                }
                odd &= odd - 1;
            }
        }
        const __m128i w = _mm_loadu_si128((const __m128i *)(widths + k));
        __m128i lo = _mm_unpacklo_epi8(w, zero), hi = _mm_unpackhi_epi8(w, zero);
        const __m128i wlo = lo, whi = hi;
        lo = _mm_add_epi16(lo, _mm_slli_si128(lo, 2));
        hi = _mm_add_epi16(hi, _mm_slli_si128(hi, 2));
        lo = _mm_add_epi16(lo, _mm_slli_si128(lo, 4));
        hi = _mm_add_epi16(hi, _mm_slli_si128(hi, 4));
        lo = _mm_add_epi16(lo, _mm_slli_si128(lo, 8));
        hi = _mm_add_epi16(hi, _mm_slli_si128(hi, 8));
        /* The low half's total carried into the high half; then inclusive sums made exclusive. */
        hi = _mm_add_epi16(hi, _mm_set1_epi16((short)_mm_extract_epi16(lo, 7)));
        const int32_t total = _mm_extract_epi16(hi, 7);
        lo = _mm_sub_epi16(lo, wlo);
        hi = _mm_sub_epi16(hi, whi);
        const __m128i base = _mm_set1_epi32(running);
        _mm_storeu_si128((__m128i *)(prefix + k), _mm_add_epi32(base, _mm_unpacklo_epi16(lo, zero)));
        _mm_storeu_si128((__m128i *)(prefix + k + 4), _mm_add_epi32(base, _mm_unpackhi_epi16(lo, zero)));
        _mm_storeu_si128((__m128i *)(prefix + k + 8), _mm_add_epi32(base, _mm_unpacklo_epi16(hi, zero)));
        _mm_storeu_si128((__m128i *)(prefix + k + 12), _mm_add_epi32(base, _mm_unpackhi_epi16(hi, zero)));
        running += total;
    }
#endif
    for (; k < count; k++) {
        prefix[k] = running;
        running += widths[k];
        /* One test for the common cluster, neither invisible nor white space. */
        if (__builtin_expect((flags[k] & (QI_F_INVISIBLE | QI_F_SPACE)) != 0, 0) && qi_rewritten(text, starts, flags, k))
            as_is = 0;
    }
    prefix[count] = running;
    return as_is;
}

_Static_assert(QI_F_BREAK_AFTER == 1 << 2, "qi_pair_breaks shifts a table answer into this flag");
_Static_assert(QI_LB_CLASSES <= 32, "a pair table's key holds a class in five bits");

/* One pair of qi_pair_breaks: 1 when the caller must decide it (*key is left for it), else 0 with the answer
   stored and *key moved on to the next pair. */
static inline int qi_pair_step(const uint8_t *classes, uint8_t *flags, int32_t i, const uint8_t *table,
                               uint32_t *key) {
    uint32_t b = classes[i + 1];
    uint8_t allowed = table[*key | b];
    if (__builtin_expect(allowed > 1, 0)) return 1;
    /* The answer 0 or 1 shifted into QI_F_BREAK_AFTER's place, stored without a branch. */
    flags[i] |= (uint8_t)(allowed << 2);
    *key = b == QI_LB_SP ? 1024u | (*key & 0x3E0u) : b << 5;
    return 0;
}

/* The key of pair j when pair j - 1 was answered by qi_pair_breaks' vector path: such a pair never ends in a
   space after a space, so a space's key holds the class just before it. */
static inline uint32_t qi_pair_key(const uint8_t *classes, int32_t j) {
    return classes[j] == QI_LB_SP ? 1024u | (uint32_t)classes[j - 1] << 5 : (uint32_t)classes[j] << 5;
}

#if defined(__SSE2__)
/* ORs the first `lanes` (0 to 16) bytes of `bits` into flags[0..<lanes]. */
static inline void qi_or_lanes(uint8_t *flags, __m128i bits, int32_t lanes) {
    static const uint8_t first[32] = { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                                       0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF };
    const __m128i mask = _mm_loadu_si128((const __m128i *)(first + 16 - lanes));
    _mm_storeu_si128((__m128i *)flags, _mm_or_si128(_mm_loadu_si128((const __m128i *)flags), _mm_and_si128(bits, mask)));
}
#endif

int32_t qi_pair_breaks(const uint8_t *classes, uint8_t *flags, int32_t from, int32_t count, const uint8_t *table,
                       uint8_t *before_spaces) {
    /* The table's key for the pair starting at i: the class before it, or 1024 | the last class before spaces.
       Either way bits 5-9 hold the last class that is not a space, which the next key keeps after a space. */
    uint32_t a = classes[from];
    uint32_t key = a == QI_LB_SP ? 1024u | (uint32_t)*before_spaces << 5 : a << 5;
    int32_t i = from;
#if defined(__SSE2__)
    /* Sixteen pairs at a time, where the pairs of running text are answered at once, each kind having one answer
       whatever came before it: a letter after a letter (AL AL: no break inside a word), an ideograph after an
       ideograph (ID ID: a break between them), a space after a letter (AL SP: none before a space), and a letter
       after a space that follows a letter (AL SP AL: a break after the space). Their lanes get the answer by a
       vector OR; the other pairs are taken one by one as below. Nine in ten pairs of an English text are of these
       kinds: War and Peace's pairs took 52 M instructions, now 19 M (issue 19). The key of a pair taken one by
       one after such a pair is rebuilt from the classes: the second class's, or after a space 1024 | the letter
       before it, as the one-by-one step would have left it. The kinds are used only when the table answers each
       with 0 or 1 (both rule sets do); PairBreaksVectorTests holds the path to the one-by-one reading. */
    const uint8_t al_al = table[QI_LB_AL << 5 | QI_LB_AL], id_id = table[QI_LB_ID << 5 | QI_LB_ID];
    const uint8_t al_sp = table[QI_LB_AL << 5 | QI_LB_SP], sp_al = table[1024 | QI_LB_AL << 5 | QI_LB_AL];
    if ((al_al | id_id | al_sp | sp_al) <= 1) {
        const __m128i AL = _mm_set1_epi8(QI_LB_AL), ID = _mm_set1_epi8(QI_LB_ID), SP = _mm_set1_epi8(QI_LB_SP);
        for (; i + 16 < count; i += 16) {
            const __m128i x = _mm_loadu_si128((const __m128i *)(classes + i));
            const __m128i y = _mm_loadu_si128((const __m128i *)(classes + i + 1));
            /* The class before each pair; lane 0's is not looked at (its key may come from an earlier call). */
            const __m128i w = _mm_slli_si128(x, 1);
            const __m128i x_al = _mm_cmpeq_epi8(x, AL), y_al = _mm_cmpeq_epi8(y, AL);
            const __m128i letters = _mm_and_si128(x_al, y_al);
            const __m128i ideographs = _mm_and_si128(_mm_cmpeq_epi8(x, ID), _mm_cmpeq_epi8(y, ID));
            const __m128i before_space = _mm_and_si128(x_al, _mm_cmpeq_epi8(y, SP));
            const __m128i after_space = _mm_and_si128(_mm_and_si128(_mm_cmpeq_epi8(w, AL), _mm_cmpeq_epi8(x, SP)), y_al);
            const __m128i set = _mm_or_si128(
                _mm_or_si128(_mm_and_si128(letters, _mm_set1_epi8((char)(al_al << 2))),
                             _mm_and_si128(ideographs, _mm_set1_epi8((char)(id_id << 2)))),
                _mm_or_si128(_mm_and_si128(before_space, _mm_set1_epi8((char)(al_sp << 2))),
                             _mm_and_si128(after_space, _mm_set1_epi8((char)(sp_al << 2)))));
            const __m128i known = _mm_or_si128(_mm_or_si128(letters, ideographs), _mm_or_si128(before_space, after_space));
            uint32_t rest = ~(uint32_t)_mm_movemask_epi8(known) & 0xFFFFu;
            int32_t next = i;
            while (rest) {
                const int32_t j = i + __builtin_ctz(rest);
                rest &= rest - 1;
                if (j != next) key = qi_pair_key(classes, j);
                if (qi_pair_step(classes, flags, j, table, &key)) {
                    /* Only the answers before the pair handed back are stored: the caller may give up on the table
                       there and ask ICU, which expects no break marked from that pair on. */
                    qi_or_lanes(flags + i, set, j - i);
                    *before_spaces = (uint8_t)(key >> 5 & 31);
                    return j;
                }
                next = j + 1;
            }
            qi_or_lanes(flags + i, set, 16);
            if (next != i + 16) key = qi_pair_key(classes, i + 16);
        }
    }
#endif
#pragma clang loop unroll_count(4)
    for (; i < count - 1; i++) {
        if (qi_pair_step(classes, flags, i, table, &key)) {
            *before_spaces = (uint8_t)(key >> 5 & 31);
            return i;
        }
    }
    *before_spaces = (uint8_t)(key >> 5 & 31);
    return count > 0 ? count - 1 : 0;
}

static qi_breaker *qi_thread_grapheme_breaker(void);

/* The qi_cluster_info of clusters met lately on this thread, direct-mapped by a hash of their bytes: books in
   scripts whose clusters join code points (Devanagari, Bengali, Thai) repeat a few hundred of them, and asking ICU
   the properties of each code point of each cluster was a tenth of such a book's render. Clusters longer than
   QI_CLUSTER_MAX bytes are not kept. An empty slot has length 0, which no cluster has. */
enum { QI_CLUSTER_SLOTS = 4096, QI_CLUSTER_MAX = 26 };
typedef struct {
    uint8_t length;
    uint8_t ambiguous_wide;
    uint8_t bytes[QI_CLUSTER_MAX];
    int32_t info;
} qi_cluster_slot;

static pthread_key_t qi_cluster_key;
static pthread_once_t qi_cluster_once = PTHREAD_ONCE_INIT;

static void qi_cluster_key_create(void) { pthread_key_create(&qi_cluster_key, free); }

/* This thread's cluster cache, made on first need and freed when the thread exits; NULL when out of memory. */
static qi_cluster_slot *qi_thread_cluster_cache(void) {
    pthread_once(&qi_cluster_once, qi_cluster_key_create);
    qi_cluster_slot *cache = pthread_getspecific(qi_cluster_key);
    if (cache == NULL) {
        cache = calloc(QI_CLUSTER_SLOTS, sizeof *cache);
        if (cache != NULL) pthread_setspecific(qi_cluster_key, cache);
    }
    return cache;
}

/* qi_cluster_info, from the cache when the same bytes were measured with the same ambiguous width. */
static int32_t qi_cached_cluster_info(qi_cluster_slot *cache, const uint8_t *cluster, int32_t length,
                                      int32_t ambiguous_wide) {
    if (cache == NULL || length <= 0 || length > QI_CLUSTER_MAX) return qi_cluster_info(cluster, length, ambiguous_wide);
    uint32_t h = 2166136261u;
    for (int32_t i = 0; i < length; i++) h = (h ^ cluster[i]) * 16777619u;
    qi_cluster_slot *slot = &cache[(h ^ (h >> 15)) & (QI_CLUSTER_SLOTS - 1)];
    uint8_t wide = ambiguous_wide ? 1 : 0;
    if (slot->length == length && slot->ambiguous_wide == wide && memcmp(slot->bytes, cluster, (size_t)length) == 0)
        return slot->info;
    int32_t info = qi_cluster_info(cluster, length, ambiguous_wide);
    slot->length = (uint8_t)length;
    slot->ambiguous_wide = wide;
    memcpy(slot->bytes, cluster, (size_t)length);
    slot->info = info;
    return info;
}

/* The qi_cluster_info of a well-formed cluster: a BMP code point alone (a Devanagari consonant with its inherent
   vowel, a danda, a curly quote) from the code point cache, as qi_measure takes it, without hashing its bytes; the
   rest from the cluster cache. */
static int32_t qi_cluster_info_at(qi_cluster_slot *cache, const uint8_t *cluster, int32_t length,
                                  int32_t ambiguous_wide) {
    if (length <= 3) {
        int32_t i = 0;
        UChar32 c;
        U8_NEXT(cluster, i, length, c);
        if (i == length && c >= 0) return (int32_t)(qi_point(c, cluster, length, ambiguous_wide) & QI_POINT_INFO);
    }
    return qi_cached_cluster_info(cache, cluster, length, ambiguous_wide);
}

int32_t qi_measure_clusters(const uint8_t *text, int32_t length, int32_t ambiguous_wide,
                            const uint8_t *ascii_classes, int32_t *starts, uint8_t *widths, uint8_t *flags,
                            uint8_t *classes) {
    int32_t n = qi_measure(text, length, ambiguous_wide, ascii_classes, starts, widths, flags, classes);
    if (n >= 0) return n;
    qi_cluster_slot *cache = qi_thread_cluster_cache();
    /* Cluster k's end is cluster k + 1's start: the ends go one place up, and starts[0] is 0. */
    n = qi_grapheme_ends(text, length, starts + 1);
    if (n >= 0) {
        starts[0] = 0;
        for (int32_t k = 0; k < n; k++) {
            int32_t start = starts[k], end = starts[k + 1];
            if (end - start == 1 && text[start] < 0x80) qi_store_ascii(text[start], k, ascii_classes, widths, flags, classes);
            else qi_store_cluster(qi_cluster_info_at(cache, text + start, end - start, ambiguous_wide),
                                  text + start, end - start, k, widths, flags, classes);
        }
        return n;
    }
    qi_breaker *graphemes = qi_thread_grapheme_breaker();
    if (graphemes == NULL) return -1;
    UText ut = UTEXT_INITIALIZER;
    if (qi_set_text(graphemes, &ut, text, length) != 0) return -1;
    n = 0;
    int32_t start = ubrk_first(graphemes->iterator);
    for (int32_t end = ubrk_next(graphemes->iterator); end != UBRK_DONE && n < length;
         end = ubrk_next(graphemes->iterator)) {
        starts[n] = start;
        if (end - start == 1 && text[start] < 0x80) qi_store_ascii(text[start], n, ascii_classes, widths, flags, classes);
        else qi_store_cluster(qi_cached_cluster_info(cache, text + start, end - start, ambiguous_wide), text + start,
                              end - start, n, widths, flags, classes);
        n++;
        start = end;
    }
    utext_close(&ut);
    return n;
}

static pthread_key_t qi_grapheme_key;
static pthread_once_t qi_grapheme_once = PTHREAD_ONCE_INIT;

static void qi_grapheme_destroy(void *breaker) { qi_breaker_close(breaker); }
static void qi_grapheme_key_create(void) { pthread_key_create(&qi_grapheme_key, qi_grapheme_destroy); }

/* One grapheme iterator per thread, closed when the thread exits. */
static qi_breaker *qi_thread_grapheme_breaker(void) {
    pthread_once(&qi_grapheme_once, qi_grapheme_key_create);
    qi_breaker *breaker = pthread_getspecific(qi_grapheme_key);
    if (breaker == NULL) {
        breaker = qi_grapheme_breaker_open();
        if (breaker != NULL) pthread_setspecific(qi_grapheme_key, breaker);
    }
    return breaker;
}

int32_t qi_simple_graphemes(const uint8_t *text, int32_t length) {
    for (int32_t i = 0; i < length;) {
        int32_t start = i;
        UChar32 c;
        U8_NEXT(text, i, length, c);
        if (c < 0 || (qi_point(c, text + start, i - start, 0) & QI_POINT_JOINS)) return 0;
    }
    return 1;
}

int64_t qi_text_width(const uint8_t *text, int32_t length, int32_t ambiguous_wide) {
    if (length <= 0) return 0;
    /* While every code point is a cluster of its own, no break iterator is needed (facts from the cache). */
    int64_t width = 0;
    int simple = 1;
    for (int32_t i = 0; i < length && simple;) {
        int32_t start = i;
        UChar32 c;
        U8_NEXT(text, i, length, c);
        uint32_t point = c < 0 ? QI_POINT_JOINS : qi_point(c, text + start, i - start, ambiguous_wide);
        if (point & QI_POINT_JOINS) simple = 0;
        else if (!(point & QI_INVISIBLE)) width += point & QI_WIDTH_MASK;
    }
    if (simple) return width;
    width = 0;
    qi_breaker *breaker = qi_thread_grapheme_breaker();
    if (breaker == NULL) return -1;
    UText ut = UTEXT_INITIALIZER;
    if (qi_set_text(breaker, &ut, text, length) != 0) return -1;
    int32_t start = ubrk_first(breaker->iterator);
    for (int32_t end = ubrk_next(breaker->iterator); end != UBRK_DONE; end = ubrk_next(breaker->iterator)) {
        int32_t info = qi_cluster_info(text + start, end - start, ambiguous_wide);
        if (!(info & QI_INVISIBLE)) width += info & QI_WIDTH_MASK;
        start = end;
    }
    utext_close(&ut);
    return width;
}

int32_t qi_first_strong_direction(const uint8_t *text, int32_t length) {
    int32_t i = 0;
    while (i < length) {
        UChar32 c;
        U8_NEXT(text, i, length, c);
        if (c < 0) continue;
        switch (u_charDirection(c)) {
        case U_LEFT_TO_RIGHT: return 0;
        case U_RIGHT_TO_LEFT:
        case U_RIGHT_TO_LEFT_ARABIC: return 1;
        default: break;
        }
    }
    return -1;
}
