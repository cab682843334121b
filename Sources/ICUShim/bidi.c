/* A line in display order for a terminal that does neither bidi nor Arabic shaping (`--bidi visual`, issue 18):
   UAX #9 reordering with ubidi and Arabic shaping with u_shapeArabic. Swift sees only icushim.h (DESIGN.md §3). */
#include <stdlib.h>
#include <unicode/ubidi.h>
#include <unicode/uchar.h>
#include <unicode/ushape.h>
#include <unicode/ustring.h>
#include <unicode/utf8.h>
#include "icushim.h"

/* A character that makes UAX #9 give part of a line an odd (right-to-left) level: a strong right-to-left letter
   (R, AL), an Arabic number (AN), or an explicit right-to-left embedding, override or isolate (X2, X4, X5a). */
static int qi_is_rtl(UChar32 c) {
    switch (u_charDirection(c)) {
    case U_RIGHT_TO_LEFT:
    case U_RIGHT_TO_LEFT_ARABIC:
    case U_ARABIC_NUMBER:
    case U_RIGHT_TO_LEFT_EMBEDDING:
    case U_RIGHT_TO_LEFT_OVERRIDE:
    case U_RIGHT_TO_LEFT_ISOLATE: return 1;
    default: return 0;
    }
}

int32_t qi_has_rtl(const uint8_t *text, int32_t length) {
    for (int32_t i = 0; i < length;) {
        if (text[i] < 0x80) {
            i++;
            continue;
        }
        UChar32 c;
        U8_NEXT(text, i, length, c);
        if (c >= 0 && qi_is_rtl(c)) return 1;
    }
    return 0;
}

/* Harakat (U+064B..U+0652) and their presentation forms (U+FE70..U+FE7F). */
static int qi_is_tashkeel(UChar c) { return (c >= 0x064B && c <= 0x0652) || (c >= 0xFE70 && c <= 0xFE7F); }

/* u_shapeArabic with U_SHAPE_LETTERS_SHAPE also turns harakat into their spacing presentation forms
   (U+FE70..U+FE7F, each a cell of its own on a terminal, one of them unassigned), which would widen the line and
   part the marks from their letters. Shaping keeps the order of everything but the spaces it moves to the end, so
   the k-th harakat of the result is the k-th of the source: each is given back as the source had it, a
   combining mark drawn on its letter. Returns 0, or -1 when the counts differ (the shaped text is not used). */
static int qi_restore_tashkeel(const UChar *source, int32_t length, UChar *shaped) {
    int32_t s = 0;
    for (int32_t d = 0; d < length; d++) {
        if (!qi_is_tashkeel(shaped[d])) continue;
        while (s < length && !qi_is_tashkeel(source[s])) s++;
        if (s == length) return -1;
        shaped[d] = source[s++];
    }
    while (s < length && !qi_is_tashkeel(source[s])) s++;
    return s == length ? 0 : -1;
}

/* Arabic letters into the presentation form of their place in the word (initial, medial, final, isolated;
   Unicode §9.2), in logical order, as a terminal draws each code point by itself. The length is kept
   (U_SHAPE_LAMALEF_END): a lam-alef becomes one ligature and the cell it frees a space at the end of the line,
   so the line keeps its cells and no word is split, as U_SHAPE_LAMALEF_NEAR would split سلام into ﺳﻼ ﻡ. When
   shaping fails the text stays as it was: reordered unshaped is still better than reversed. */
static void qi_shape(UChar *text, int32_t length, UChar *scratch) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t shaped = u_shapeArabic(text, length, scratch, length,
                                   U_SHAPE_LETTERS_SHAPE | U_SHAPE_LAMALEF_END | U_SHAPE_TEXT_DIRECTION_LOGICAL,
                                   &status);
    if (U_FAILURE(status) || shaped != length || qi_restore_tashkeel(text, length, scratch) != 0) return;
    u_memcpy(text, scratch, length);
}

/* The line reordered by UAX #9 with the paragraph's level (0 ltr, 1 rtl), into `out` of `length` units: the same
   characters, mirrored ones (brackets, ≤) mirrored in right-to-left runs (UBIDI_DO_MIRRORING, rule L4), combining
   marks kept after their base (UBIDI_KEEP_BASE_COMBINING: a terminal draws a mark on the cell before it), bidi
   controls kept. Returns 0, or -1. */
static int qi_reorder(const UChar *text, int32_t length, int32_t rtl, UChar *out) {
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status) || bidi == NULL) return -1;
    ubidi_setPara(bidi, text, length, rtl ? UBIDI_RTL : UBIDI_LTR, NULL, &status);
    int32_t written = 0;
    if (U_SUCCESS(status)) {
        written = ubidi_writeReordered(bidi, out, length, UBIDI_DO_MIRRORING | UBIDI_KEEP_BASE_COMBINING, &status);
    }
    ubidi_close(bidi);
    return U_SUCCESS(status) && written == length ? 0 : -1;
}

int32_t qi_visual_line(const uint8_t *text, int32_t length, int32_t rtl, uint8_t *out, int32_t capacity) {
    if (length < 0 || capacity < 0) return -1;
    if (!qi_has_rtl(text, length)) return QI_VISUAL_UNCHANGED;
    /* Three UTF-16 buffers of at most `length` units (one per UTF-8 byte at most): on the stack for a line of
       a page, on the heap beyond. */
    enum { STACK_UNITS = 1024 };
    UChar stack[3 * STACK_UNITS];
    UChar *units = length <= STACK_UNITS ? stack : malloc(3 * (size_t)length * sizeof(UChar));
    if (units == NULL) return -1;
    UChar *logical = units, *scratch = units + (length <= STACK_UNITS ? STACK_UNITS : length),
          *visual = scratch + (length <= STACK_UNITS ? STACK_UNITS : length);
    int32_t result = -1;
    UErrorCode status = U_ZERO_ERROR;
    int32_t count = 0;
    u_strFromUTF8WithSub(logical, length, &count, (const char *)text, length, 0xFFFD, NULL, &status);
    if (U_SUCCESS(status) || status == U_STRING_NOT_TERMINATED_WARNING) {
        qi_shape(logical, count, scratch);
        if (qi_reorder(logical, count, rtl, visual) == 0) {
            status = U_ZERO_ERROR;
            int32_t bytes = 0;
            u_strToUTF8((char *)out, capacity, &bytes, visual, count, &status);
            if (U_SUCCESS(status) || status == U_STRING_NOT_TERMINATED_WARNING) result = bytes;
        }
    }
    if (units != stack) free(units);
    return result;
}
