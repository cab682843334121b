/* Masked parsing: why and how (issue 19).
 *
 * libxml2 2.9 reads character data on a fast path only while it is ASCII. From the first other byte to the next
 * '<' or '&' it decodes and checks every character through xmlCurrentChar: about 80 instructions a character
 * against 3, and a real book has a curly quote or a dash in nearly every paragraph (War and Peace: 200 M
 * instructions, four fifths of its parse; a Devanagari book never leaves the slow path).
 *
 * So a UTF-8 document is parsed from a copy in which each non-ASCII byte of character data inside the document
 * element is an ASCII letter, after this scan checked the sequence as libxml2 would have (well-formed UTF-8, an
 * XML 1.0 Char: XML 1.0 §2.2). libxml2 hands the text callback slices of its input buffer; the callback copies the
 * same bytes from the original instead (xmlshim.c, `unmasked`). Markup is never masked: names, attribute values,
 * comments, processing instructions and CDATA sections are read by libxml2 as they are.
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

/* Masks the non-ASCII bytes of in[from ..< to] into *out (made on first need). 0 on a byte that is no Char. */
static int mask_text(const uint8_t *in, size_t n, size_t from, size_t to, uint8_t **out) {
    size_t j = from;
    while (j < to) {
        /* Eight ASCII bytes at a time. */
        while (j + 8 <= to) {
            uint64_t w;
            memcpy(&w, in + j, 8);
            if (w & 0x8080808080808080ull) break;
            j += 8;
        }
        while (j < to && in[j] < 0x80) j++;
        if (j >= to) break;
        /* A run of characters that are not ASCII (a word of Devanagari, a line of Japanese), checked one by one
           and masked at once. */
        size_t start = j;
        do {
            size_t k = char_length(in + j, to - j);
            if (!k) return 0;
            j += k;
        } while (j < to && in[j] >= 0x80);
        if (!*out) {
            *out = malloc(n);
            if (!*out) return 0;
            memcpy(*out, in, n);
        }
        memset(*out + start, MASK_BYTE, j - start);
    }
    return 1;
}

/* True when a carriage return in in[from ..< to] would send libxml2 off its fast path: one without a line feed
   after it, or a CR LF pair followed by another CR (the fast path takes a CR LF pair in its stride, then checks
   only that the next byte is printable ASCII, a tab or a line feed). From there to the end of the run its slow
   path hands text over from a buffer of its own, so such a run is not masked. (Other control characters are
   errors: the strict parse stops at them and hands nothing more over.) */
static int leaves_fast_path(const uint8_t *in, size_t from, size_t to) {
    const uint8_t *p = in + from, *end = in + to;
    while ((p = memchr(p, '\r', (size_t)(end - p)))) {
        if (p + 1 >= end || p[1] != '\n' || (p + 2 < end && p[2] == '\r')) return 1;
        p += 2;
    }
    return 0;
}

/* Masks an attribute value that libxml2 hands over as a slice of its input: one with a byte that is not ASCII
   and no '&', '<' or control character (values with those it copies while expanding or normalizing them, so
   they are left as they are, and libxml2 checks them). 0 on a byte that is no Char. */
static int mask_value(const uint8_t *in, size_t n, size_t from, size_t to, uint8_t **out) {
    int wide = 0;
    for (size_t j = from; j < to; j++) {
        uint8_t c = in[j];
        if (c >= 0x80) wide = 1;
        else if (c < 0x20 || c == '&' || c == '<') return 1;
    }
    return wide ? mask_text(in, n, from, to, out) : 1;
}

static int is_space(uint8_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

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
    while (j < n && !is_space(in[j]) && in[j] != '>' && in[j] != '/') j++;
    for (;;) {
        while (j < n && is_space(in[j])) j++;
        if (j >= n) return 0;
        if (in[j] == '>') { (*depth)++; return j + 1; }
        if (in[j] == '/') return j + 1 < n && in[j + 1] == '>' ? j + 2 : 0;
        size_t name = j;
        while (j < n && in[j] != '=' && !is_space(in[j]) && in[j] != '>' && in[j] != '/') j++;
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
            const uint8_t *lt = memchr(in + i, '<', n - i);
            size_t end = lt ? (size_t)(lt - in) : n;
            if (depth > 0 && !leaves_fast_path(in, i, end) && !mask_text(in, n, i, end, &out)) goto give_up;
            i = end;
            continue;
        }
        size_t rest = n - i;
        size_t next;
        if (starts_with(in + i, rest, "<!--")) next = after(in, n, i + 4, "-->");
        else if (starts_with(in + i, rest, "<![CDATA[")) next = after(in, n, i + 9, "]]>");
        else if (starts_with(in + i, rest, "<?")) next = after(in, n, i + 2, "?>");
        else if (starts_with(in + i, rest, "<!")) {
            size_t end = depth == 0 ? declaration_end(in, n, i + 2) : 0;
            next = end ? end + 1 : 0;
        } else {
            next = scan_tag(in, n, i, &depth, &out);
            if (depth < 0) goto give_up;
        }
        if (!next) goto give_up;
        i = next;
    }
    return out;
give_up:
    free(out);
    return NULL;
}
