/* The importer's scan for where white-space collapsing first changes a text node (InlineCollector.append, CSS Text 3
   §4.1.1, issue 19): most text holds no tab, line feed or double space, and is copied whole up to there. In C for
   SSE2: sixteen bytes in a dozen instructions, where Swift's eight-byte bit tricks took 4.5 instructions a byte
   (14 M of War and Peace). */
#include "xmlshim.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

size_t qx_unchanged_prefix(const uint8_t *bytes, size_t count, int32_t *after_space) {
    uint32_t space = *after_space != 0;
    size_t i = 0;
#if defined(__SSE2__)
    for (; i + 16 <= count; i += 16) {
        const __m128i v = _mm_loadu_si128((const __m128i *)(bytes + i));
        const uint32_t control = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1F)), v));
        const uint32_t spaces = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(0x20)));
        /* A space after a space: lane k is one when lane k - 1 (or, for lane 0, the byte before) is. */
        const uint32_t changed = control | (spaces & ((spaces << 1) | space));
        if (changed) {
            const uint32_t k = (uint32_t)__builtin_ctz(changed);
            if (k > 0) space = (spaces >> (k - 1)) & 1;
            *after_space = (int32_t)space;
            return i + k;
        }
        space = spaces >> 15;
    }
#endif
    for (; i < count; i++) {
        const uint8_t b = bytes[i];
        if (b < 0x20 || (b == 0x20 && space)) break;
        space = b == 0x20;
    }
    *after_space = (int32_t)space;
    return i;
}
