/* Extended grapheme clusters (UAX #29 §3.1.1, Unicode 15.0) with ICU 72's one tailoring, the Indic aksara rule of
   CLDR (a consonant, a virama and a consonant stay one cluster), decided from code point properties that ICU gives
   and a cache keeps. ICU's own iterator costs about 500 instructions a boundary, and a paragraph with one combining
   mark went to it whole: most of a Devanagari book's layout (issue 19). ICU's iterator stays the reference: the
   tests hold these boundaries to its boundaries, and ill-formed UTF-8 still goes to it.
   Swift sees only icushim.h (DESIGN.md §3). */
#include <pthread.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utf8.h>
#include "icushim.h"

/* A code point's facts for the rules: its Grapheme_Cluster_Break value (ICU's UGraphemeClusterBreak) in the low
   five bits, and flags. */
enum {
    QI_G_BREAK = 0x1F,
    QI_G_PICTOGRAPHIC = 1 << 5, /* Extended_Pictographic (GB11) */
    QI_G_VIRAMA = 1 << 6,       /* the aksara rule's Virama: InSC=Virama in Deva, Beng, Gujr, Orya, Telu, Mlym */
    QI_G_CONSONANT = 1 << 7,    /* its LinkingConsonant: InSC=Consonant in those scripts */
    QI_G_EXT_CCC_ZWJ = 1 << 8,  /* its ExtCccZwj: Extend with a non-zero combining class, or ZWJ */
    QI_G_KNOWN = 1 << 15
};

static uint16_t qi_grapheme_facts_of(UChar32 c) {
    int32_t gcb = u_getIntPropertyValue(c, UCHAR_GRAPHEME_CLUSTER_BREAK);
    uint16_t facts = (uint16_t)(gcb & QI_G_BREAK);
    if (u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC)) facts |= QI_G_PICTOGRAPHIC;
    if ((gcb == U_GCB_EXTEND && u_getCombiningClass(c) != 0) || gcb == U_GCB_ZWJ) facts |= QI_G_EXT_CCC_ZWJ;
    switch (u_getIntPropertyValue(c, UCHAR_SCRIPT)) {
    case USCRIPT_DEVANAGARI:
    case USCRIPT_BENGALI:
    case USCRIPT_GUJARATI:
    case USCRIPT_ORIYA:
    case USCRIPT_TELUGU:
    case USCRIPT_MALAYALAM: {
        int32_t category = u_getIntPropertyValue(c, UCHAR_INDIC_SYLLABIC_CATEGORY);
        if (category == U_INSC_VIRAMA) facts |= QI_G_VIRAMA;
        if (category == U_INSC_CONSONANT) facts |= QI_G_CONSONANT;
        break;
    }
    default: break;
    }
    return facts | QI_G_KNOWN;
}

/* The facts of each BMP code point, filled lazily by any thread with relaxed atomics (every writer stores the same
   value); code points beyond the BMP are asked each time (emoji, mostly). */
static uint16_t qi_grapheme_cache[0x10000];

static uint16_t qi_grapheme_facts(UChar32 c) {
    if (c >= 0x10000) return qi_grapheme_facts_of(c);
    uint16_t facts = __atomic_load_n(&qi_grapheme_cache[c], __ATOMIC_RELAXED);
    if (facts == 0) {
        facts = qi_grapheme_facts_of(c);
        __atomic_store_n(&qi_grapheme_cache[c], facts, __ATOMIC_RELAXED);
    }
    return facts;
}

/* What the rules need to know of the code points before the one at hand. */
typedef struct {
    int32_t regional;    /* regional indicators in a row, ending with the previous code point (GB12, GB13) */
    int pictographic;    /* they end with Extended_Pictographic Extend* (GB11) */
    int pictographicZwj; /* ... Extended_Pictographic Extend* ZWJ (GB11) */
    int consonant;       /* ... LinkingConsonant ExtCccZwj* (the aksara rule) */
    int linked;          /* ... LinkingConsonant ExtCccZwj* Virama ExtCccZwj* (the aksara rule) */
} qi_grapheme_state;

/* The rules that look at a pair of Grapheme_Cluster_Break values alone, GB3 to GB9b, in their order: 1 joins, 0
   breaks, 2 leaves it to the rules that look further back. */
static uint8_t qi_grapheme_pair_rules(int32_t x, int32_t y) {
    if (x == U_GCB_CR && y == U_GCB_LF) return 1;                                               /* GB3 */
    if (x == U_GCB_CR || x == U_GCB_LF || x == U_GCB_CONTROL) return 0;                         /* GB4 */
    if (y == U_GCB_CR || y == U_GCB_LF || y == U_GCB_CONTROL) return 0;                         /* GB5 */
    if (x == U_GCB_L && (y == U_GCB_L || y == U_GCB_V || y == U_GCB_LV || y == U_GCB_LVT)) return 1; /* GB6 */
    if ((x == U_GCB_LV || x == U_GCB_V) && (y == U_GCB_V || y == U_GCB_T)) return 1;            /* GB7 */
    if ((x == U_GCB_LVT || x == U_GCB_T) && y == U_GCB_T) return 1;                             /* GB8 */
    if (y == U_GCB_EXTEND || y == U_GCB_ZWJ || y == U_GCB_SPACING_MARK) return 1;               /* GB9, GB9a */
    if (x == U_GCB_PREPEND) return 1;                                                           /* GB9b */
    return 2;
}

/* qi_grapheme_pair_rules for every pair, worked out once: one load instead of a dozen comparisons a code point
   (issue 19: the chain was most of the 25 instructions a code point of a Devanagari book). */
static uint8_t qi_grapheme_pairs[QI_G_BREAK + 1][QI_G_BREAK + 1];

static void qi_grapheme_pairs_fill(void) {
    for (int32_t x = 0; x <= QI_G_BREAK; x++)
        for (int32_t y = 0; y <= QI_G_BREAK; y++) qi_grapheme_pairs[x][y] = qi_grapheme_pair_rules(x, y);
}

/* Whether no boundary falls between a code point of break value `x` and the next, with facts `b`, where the pair
   rules leave it undecided (UAX #29's rules after GB9b in their order; ICU's aksara rule beside GB11, both only
   ever joining). */
static int qi_grapheme_later_rules(int32_t x, uint16_t b, const qi_grapheme_state *s) {
    int32_t y = b & QI_G_BREAK;
    if ((b & QI_G_CONSONANT) && s->linked) return 1;                                            /* aksara */
    if ((b & QI_G_PICTOGRAPHIC) && s->pictographicZwj) return 1;                                /* GB11 */
    if (x == U_GCB_REGIONAL_INDICATOR && y == U_GCB_REGIONAL_INDICATOR && (s->regional & 1)) return 1; /* GB12, 13 */
    return 0;                                                                                   /* GB999 */
}

/* The state after a code point with facts `f`. */
static void qi_grapheme_advance(qi_grapheme_state *s, uint16_t f) {
    int32_t y = f & QI_G_BREAK;
    s->regional = y == U_GCB_REGIONAL_INDICATOR ? s->regional + 1 : 0;
    if (f & QI_G_PICTOGRAPHIC) {
        s->pictographic = 1;
        s->pictographicZwj = 0;
    } else if (y == U_GCB_EXTEND) {
        s->pictographicZwj = 0;
    } else if (y == U_GCB_ZWJ) {
        s->pictographicZwj = s->pictographic;
        s->pictographic = 0;
    } else {
        s->pictographic = s->pictographicZwj = 0;
    }
    if (f & QI_G_CONSONANT) {
        s->consonant = 1;
        s->linked = 0;
    } else if (f & QI_G_VIRAMA) {
        s->linked = s->consonant || s->linked;
    } else if (!(f & QI_G_EXT_CCC_ZWJ)) {
        s->consonant = s->linked = 0;
    }
}

/* The state of qi_grapheme_state as five bits: all the rules read of `regional` is whether it is odd. */
enum { QI_GS_ODD = 1, QI_GS_PICT = 2, QI_GS_PICT_ZWJ = 4, QI_GS_CONSONANT = 8, QI_GS_LINKED = 16, QI_GS_COUNT = 32 };
/* The facts the rules beyond GB3-GB9b read of a code point: its break value and the four flags. */
enum { QI_G_RULE_FACTS = 0x1FF };

static qi_grapheme_state qi_grapheme_state_of(int32_t bits) {
    qi_grapheme_state s = {bits & QI_GS_ODD, (bits & QI_GS_PICT) != 0, (bits & QI_GS_PICT_ZWJ) != 0,
                           (bits & QI_GS_CONSONANT) != 0, (bits & QI_GS_LINKED) != 0};
    return s;
}

static int32_t qi_grapheme_bits_of(const qi_grapheme_state *s) {
    return ((s->regional & 1) ? QI_GS_ODD : 0) | (s->pictographic ? QI_GS_PICT : 0) |
           (s->pictographicZwj ? QI_GS_PICT_ZWJ : 0) | (s->consonant ? QI_GS_CONSONANT : 0) |
           (s->linked ? QI_GS_LINKED : 0);
}

/* For each state and each code point's rule facts: the state after that code point in the low five bits, and in
   bit 7 whether the rules after the pair table (aksara, GB11, GB12-13) join it to what went before. Worked out
   once from qi_grapheme_later_rules and qi_grapheme_advance, which stay the rules' one home: one load a code
   point in place of a dozen tests and stores (issue 19). */
static uint8_t qi_grapheme_steps[QI_GS_COUNT][QI_G_RULE_FACTS + 1];

static void qi_grapheme_steps_fill(void) {
    for (int32_t bits = 0; bits < QI_GS_COUNT; bits++)
        for (int32_t f = 0; f <= QI_G_RULE_FACTS; f++) {
            qi_grapheme_state s = qi_grapheme_state_of(bits);
            /* The previous break value matters only to GB12-13, and only when the run of regional indicators
               is odd, which says the previous code point was one. */
            int32_t previous = (bits & QI_GS_ODD) ? U_GCB_REGIONAL_INDICATOR : U_GCB_OTHER;
            int joined = qi_grapheme_later_rules(previous, (uint16_t)f, &s);
            qi_grapheme_advance(&s, (uint16_t)f);
            qi_grapheme_steps[bits][f] = (uint8_t)(qi_grapheme_bits_of(&s) | (joined ? 0x80 : 0));
        }
}

static pthread_once_t qi_grapheme_tables_once = PTHREAD_ONCE_INIT;

static void qi_grapheme_tables_fill(void) {
    qi_grapheme_pairs_fill();
    qi_grapheme_steps_fill();
}

int32_t qi_grapheme_ends(const uint8_t *text, int32_t length, int32_t *ends) {
    pthread_once(&qi_grapheme_tables_once, qi_grapheme_tables_fill);
    int32_t state = 0;
    uint16_t previous = 0;
    int32_t n = 0;
    for (int32_t i = 0; i < length;) {
        int32_t start = i;
        UChar32 c;
        U8_NEXT(text, i, length, c);
        if (c < 0) return -1;
        uint16_t facts = qi_grapheme_facts(c);
        uint8_t step = qi_grapheme_steps[state][facts & QI_G_RULE_FACTS];
        if (start > 0) {
            uint8_t pair = qi_grapheme_pairs[previous & QI_G_BREAK][facts & QI_G_BREAK];
            if (pair == 2 ? !(step & 0x80) : !pair) ends[n++] = start;
        }
        state = step & (QI_GS_COUNT - 1);
        previous = facts;
    }
    if (length > 0) ends[n++] = length;
    return n;
}
