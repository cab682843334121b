/* Masked parsing: why and how (issue 19).
 *
 * libxml2 2.9 reads character data on a fast path only while it is ASCII. From the first other byte to the next
 * '<' or '&' it decodes and checks every character through xmlCurrentChar: about 80 instructions a character
 * against 3, and a real book has a curly quote or a dash in nearly every paragraph (War and Peace: 200 M
 * instructions, four fifths of its parse; a Devanagari book never leaves the slow path).
 *
 * So a UTF-8 document is parsed from a copy in which each non-ASCII byte that libxml2 hands over as a slice of its
 * input is an ASCII letter, after this scan checked the sequence as libxml2 would have (well-formed UTF-8, an
 * XML 1.0 Char: XML 1.0 §2.2): character data inside the document element, and attribute values with no '&', '<'
 * or control character (others libxml2 copies while expanding or normalizing them). The callbacks copy the same
 * bytes from the original instead (xmlshim.c, `unmasked`). Names, comments, processing instructions, CDATA
 * sections, xml and xmlns values, and character data from a carriage return to the next '<' (where libxml2 may
 * leave its fast path and copy) are read by libxml2 as they are.
 *
 * Anything this scan does not follow makes it give up, and the original is parsed as before: another encoding, a
 * DTD internal subset (entity declarations), a byte that is not part of a Char, markup left open. It needs no
 * more than well-formed documents to agree with libxml2 about where character data is; a document that is not
 * well-formed fails the strict parse either way, and the recovering parse never reads a masked copy. */
#define _GNU_SOURCE /* memmem */
#include "xmlshim.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The byte every masked byte becomes: a letter, so libxml2's ASCII fast path reads on. */
#define MASK_BYTE 'x'

/* Length of the UTF-8 sequence at p (n bytes available) when it is well-formed and encodes an XML 1.0 Char
   (U+0080–U+D7FF, U+E000–U+FFFD, U+10000–U+10FFFF); 0 otherwise. p[0] is at least 0x80. The ranges of the
   second byte are those of the Unicode Standard's table of well-formed byte sequences (§3.9, D92); three-byte
   sequences, the commonest (CJK, Devanagari, punctuation), are tested first. */
static inline size_t char_length(const uint8_t *p, size_t n) {
    uint8_t b = p[0];
    if (b >= 0xE0 && b < 0xF0) {
        if (n < 3 || (p[1] & 0xC0) != 0x80 || (p[2] & 0xC0) != 0x80) return 0;
        if (b == 0xE0 && p[1] < 0xA0) return 0;                 /* overlong */
        if (b == 0xED && p[1] >= 0xA0) return 0;                /* a surrogate */
        if (b == 0xEF && p[1] == 0xBF && p[2] >= 0xBE) return 0; /* U+FFFE, U+FFFF */
        return 3;
    }
    if (b >= 0xC2 && b < 0xE0) return n >= 2 && (p[1] & 0xC0) == 0x80 ? 2 : 0;
    if (b >= 0xF0 && b < 0xF5) {
        if (n < 4 || (p[1] & 0xC0) != 0x80 || (p[2] & 0xC0) != 0x80 || (p[3] & 0xC0) != 0x80) return 0;
        if (b == 0xF0 && p[1] < 0x90) return 0;                 /* overlong */
        if (b == 0xF4 && p[1] >= 0x90) return 0;                /* above U+10FFFF */
        return 4;
    }
    return 0; /* a continuation byte, an overlong two-byte form, or no UTF-8 at all */
}

static int starts_with(const uint8_t *p, size_t n, const char *s) {
    size_t k = strlen(s);
    return n >= k && memcmp(p, s, k) == 0;
}

/* The offset just after the first `s` at or after `from`, or 0 when there is none. */
static size_t after(const uint8_t *in, size_t n, size_t from, const char *s) {
    size_t k = strlen(s);
    const uint8_t *hit = memmem(in + from, n - from, s, k);
    return hit ? (size_t)(hit - in) + k : 0;
}

/* The offset of the '>' that ends the declaration opened at `from` (<!DOCTYPE …>), outside quoted literals; 0 when
   there is none, or when a '[' (a DTD internal subset) comes first. */
static size_t declaration_end(const uint8_t *in, size_t n, size_t from) {
    static const uint8_t stops[256] = { ['>'] = 1, ['"'] = 1, ['\''] = 1, ['['] = 1 };
    size_t j = from;
    for (;;) {
        while (j < n && !stops[in[j]]) j++;
        if (j >= n) return 0;
        uint8_t c = in[j];
        if (c == '>') return j;
        if (c == '[') return 0;
        const uint8_t *close = memchr(in + j + 1, c, n - j - 1);
        if (!close) return 0;
        j = (size_t)(close - in) + 1;
    }
}

/* True when the XML declaration names no encoding or UTF-8 (libxml2 then converts nothing). */
static int declares_utf8(const uint8_t *in, size_t n, size_t i) {
    if (!starts_with(in + i, n - i, "<?xml")) return 1;
    size_t end = after(in, n, i, "?>");
    if (!end) return 0;
    const uint8_t *e = memmem(in + i, end - i, "encoding", 8);
    if (!e) return 1;
    const uint8_t *q = e + 8, *stop = in + end - 2;
    while (q < stop && (*q == ' ' || *q == '\t' || *q == '\r' || *q == '\n' || *q == '=')) q++;
    if (q >= stop || (*q != '"' && *q != '\'')) return 0;
    uint8_t quote = *q++;
    const uint8_t *v = q;
    while (q < stop && *q != quote) q++;
    size_t k = (size_t)(q - v);
    return (k == 5 && strncasecmp((const char *)v, "utf-8", 5) == 0) || (k == 4 && strncasecmp((const char *)v, "utf8", 4) == 0);
}

/* The copy of all n bytes, made on first need; NULL when out of memory. */
static uint8_t *copy_of(const uint8_t *in, size_t n, uint8_t **out) {
    if (!*out) {
        *out = malloc(n);
        if (*out) memcpy(*out, in, n);
    }
    return *out;
}

/* Masks the characters that are not ASCII from in[j] on, up to the next ASCII byte or `limit` (a stretch of an
   attribute value), into *out (a copy of all n bytes, made on first need), once each was checked to be a Char.
   Returns the offset after them, or 0 on a byte that is no Char. */
static size_t mask_run(const uint8_t *in, size_t n, size_t limit, size_t j, uint8_t **out) {
    size_t start = j;
    do {
        size_t k = char_length(in + j, limit - j);
        if (!k) return 0;
        j += k;
    } while (j < limit && in[j] >= 0x80);
    if (!copy_of(in, n, out)) return 0;
    memset(*out + start, MASK_BYTE, j - start);
    return j;
}

/* The offset of the first byte from `from` on that is '<', a carriage return or not ASCII; n when there is none.
   Sixteen bytes at a time where SSE2 is there (every x86-64). */
static size_t next_special(const uint8_t *in, size_t n, size_t from) {
    size_t j = from;
#if defined(__SSE2__)
    const __m128i lt = _mm_set1_epi8('<'), cr = _mm_set1_epi8('\r');
    while (j + 16 <= n) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(in + j));
        /* A byte's top bit: set where it equals '<' or CR, or is not ASCII. */
        int m = _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, lt), _mm_cmpeq_epi8(v, cr)), v));
        if (m) return j + (size_t)__builtin_ctz((unsigned)m);
        j += 16;
    }
#endif
    while (j < n && in[j] != '<' && in[j] != '\r' && in[j] < 0x80) j++;
    return j;
}

/* Masks every byte of in[from ..< to] that is not ASCII, in the copy; the ASCII bytes between (the spaces of a line
   of Devanagari, say) stay as they are. Sixteen bytes at a time where SSE2 is there: one masking per stretch of
   character data instead of one memset a word (issue 19). 0 when out of memory. */
static int mask_wide_bytes(const uint8_t *in, size_t n, size_t from, size_t to, uint8_t **out) {
    uint8_t *o = copy_of(in, n, out);
    if (!o) return 0;
    size_t j = from;
#if defined(__SSE2__)
    const __m128i x = _mm_set1_epi8(MASK_BYTE), zero = _mm_setzero_si128();
    while (j + 16 <= to) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(in + j));
        __m128i wide = _mm_cmplt_epi8(v, zero); /* a byte of 0x80 or more is negative as a signed byte */
        _mm_storeu_si128((__m128i *)(void *)(o + j), _mm_or_si128(_mm_and_si128(wide, x), _mm_andnot_si128(wide, v)));
        j += 16;
    }
#endif
    for (; j < to; j++) if (in[j] >= 0x80) o[j] = MASK_BYTE;
    return 1;
}

/* Masks the character data from in[i] to the next '<' and returns that offset (n at the end), or 0 on a byte that
   is no Char. Nothing is masked from a carriage return to the next '<': libxml2's fast path takes a CR LF pair in
   its stride only when both bytes are in the part of the document it has read so far (it reads a document in
   chunks), and otherwise its slow path hands the rest of the run over from a buffer of its own. (Other control
   characters are errors: the strict parse stops at them and hands nothing more over.) Each character that is not
   ASCII is checked on its own; they are masked together when the stretch ends. */
static size_t mask_character_data(const uint8_t *in, size_t n, size_t i, uint8_t **out) {
    size_t j = next_special(in, n, i);
    size_t from = j;
    for (;;) {
        if (j >= n || in[j] == '<') return from == j || mask_wide_bytes(in, n, from, j, out) ? j : 0;
        if (in[j] == '\r') {
            if (from < j && !mask_wide_bytes(in, n, from, j, out)) return 0;
            const uint8_t *lt = memchr(in + j, '<', n - j);
            return lt ? (size_t)(lt - in) : n;
        }
        do {
            size_t k = char_length(in + j, n - j);
            if (!k) return 0;
            j += k;
        } while (j < n && in[j] >= 0x80);
        j = next_special(in, n, j);
    }
}

/* The offset of the first byte from j on, before `to`, that is not ASCII; `to` when there is none. */
static size_t next_wide(const uint8_t *in, size_t j, size_t to) {
#if defined(__SSE2__)
    while (j + 16 <= to) {
        int m = _mm_movemask_epi8(_mm_loadu_si128((const __m128i *)(const void *)(in + j)));
        if (m) return j + (size_t)__builtin_ctz((unsigned)m);
        j += 16;
    }
#endif
    while (j < to && in[j] < 0x80) j++;
    return j;
}

/* True when the value in[from ..< to] has a byte that is not ASCII and none that is '&', '<' or a control
   character: one libxml2 hands over as a slice of its input (values with those it copies while expanding or
   normalizing them). */
static int sliced_wide_value(const uint8_t *in, size_t from, size_t to) {
    unsigned wide = 0;
    size_t j = from;
#if defined(__SSE2__)
    const __m128i low = _mm_set1_epi8(0x1F), amp = _mm_set1_epi8('&'), lt = _mm_set1_epi8('<');
    while (j + 16 <= to) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(in + j));
        __m128i bad = _mm_or_si128(_mm_cmpeq_epi8(_mm_max_epu8(v, low), low),
                                   _mm_or_si128(_mm_cmpeq_epi8(v, amp), _mm_cmpeq_epi8(v, lt)));
        if (_mm_movemask_epi8(bad)) return 0;
        wide |= (unsigned)_mm_movemask_epi8(v);
        j += 16;
    }
#endif
    for (; j < to; j++) {
        uint8_t c = in[j];
        if (c >= 0x80) wide = 1;
        else if (c < 0x20 || c == '&' || c == '<') return 0;
    }
    return wide != 0;
}

/* Masks an attribute value when libxml2 hands it over as a slice of its input (`sliced_wide_value`); others are
   left as they are, and libxml2 checks them. 0 on a byte that is no Char. */
static int mask_value(const uint8_t *in, size_t n, size_t from, size_t to, uint8_t **out) {
    if (!sliced_wide_value(in, from, to)) return 1;
    for (size_t j = next_wide(in, from, to); j < to; j = next_wide(in, j, to)) {
        /* A value's sequences end before its closing quote: one that runs past it is no Char. */
        j = mask_run(in, n, to, j, out);
        if (!j) return 0;
    }
    return 1;
}

static int is_space(uint8_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* The bytes that end a name in a tag: white space, '=', '>' and '/'. */
static const uint8_t name_end[256] = { [' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 1, ['='] = 1, ['>'] = 1, ['/'] = 1 };

/* Scans the start, end or empty-element tag at in[i] == '<' (XML 1.0 §3.1) and masks its attribute values, except
   those of the xml and xmlns names (namespace declarations, xml:lang and xml:space, which libxml2 reads itself).
   Returns the offset after the tag, or 0 to give up; *depth follows the elements opened. */
static size_t scan_tag(const uint8_t *in, size_t n, size_t i, long *depth, uint8_t **out) {
    size_t j = i + 1;
    if (j < n && in[j] == '/') {
        const uint8_t *gt = memchr(in + j, '>', n - j);
        if (!gt) return 0;
        (*depth)--;
        return (size_t)(gt - in) + 1;
    }
    while (j < n && !name_end[in[j]]) j++;
    for (;;) {
        while (j < n && is_space(in[j])) j++;
        if (j >= n) return 0;
        if (in[j] == '>') { (*depth)++; return j + 1; }
        if (in[j] == '/') return j + 1 < n && in[j + 1] == '>' ? j + 2 : 0;
        size_t name = j;
        while (j < n && !name_end[in[j]]) j++;
        int reserved = j - name >= 3 && memcmp(in + name, "xml", 3) == 0;
        while (j < n && is_space(in[j])) j++;
        if (j >= n || in[j] != '=') return 0;
        j++;
        while (j < n && is_space(in[j])) j++;
        if (j >= n || (in[j] != '"' && in[j] != '\'')) return 0;
        uint8_t quote = in[j++];
        const uint8_t *close = memchr(in + j, quote, n - j);
        if (!close) return 0;
        size_t end = (size_t)(close - in);
        if (!reserved && !mask_value(in, n, j, end, out)) return 0;
        j = end + 1;
    }
}

uint8_t *qx_masked_copy(const uint8_t *in, size_t n) {
    size_t i = 0;
    if (n >= 3 && in[0] == 0xEF && in[1] == 0xBB && in[2] == 0xBF) i = 3;
    /* UTF-16 and UTF-32 (with a BOM or without: a NUL among the first bytes), EBCDIC: as they are. */
    if (n - i < 4 || in[i] != '<' || memchr(in + i, 0, 4) || !declares_utf8(in, n, i)) return NULL;
    uint8_t *out = NULL;
    long depth = 0;
    while (i < n) {
        if (in[i] != '<') {
            if (depth > 0) {
                i = mask_character_data(in, n, i, &out);
                if (!i) goto give_up;
            } else {
                const uint8_t *lt = memchr(in + i, '<', n - i);
                i = lt ? (size_t)(lt - in) : n;
            }
            continue;
        }
        size_t rest = n - i;
        size_t next;
        if (rest < 2) {
            next = 0;
        } else if (in[i + 1] != '!' && in[i + 1] != '?') {
            next = scan_tag(in, n, i, &depth, &out);
            if (depth < 0) goto give_up;
        } else if (in[i + 1] == '?') {
            next = after(in, n, i + 2, "?>");
        } else if (starts_with(in + i, rest, "<!--")) {
            next = after(in, n, i + 4, "-->");
        } else if (starts_with(in + i, rest, "<![CDATA[")) {
            next = after(in, n, i + 9, "]]>");
        } else {
            /* <!DOCTYPE …>, before the document element only. */
            size_t end = depth == 0 ? declaration_end(in, n, i + 2) : 0;
            next = end ? end + 1 : 0;
        }
        if (!next) goto give_up;
        i = next;
    }
    return out;
give_up:
    free(out);
    return NULL;
}
