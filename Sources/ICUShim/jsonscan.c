/* The JSON writer's scan for bytes it cannot copy as they are (Renderers' JSON.escapeContents, issue 19): a page
   map is mostly short lines of text, and testing them sixteen bytes at a time halves what escaping costs. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "icushim.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* One byte's test: a control (RFC 8259 §7 escapes every byte below 0x20), `"`, `\`, or 0xA8/0xA9 (the last byte of
   U+2028 and U+2029, which the writer escapes for JavaScript; the caller looks back at the two bytes before it). */
static inline int qi_json_stops_at(uint8_t b) {
    return b < 0x20 || b == 0x22 || b == 0x5C || (b | 1) == 0xA9;
}

#if defined(__SSE2__)
/* The same test on sixteen bytes: bit k of the result is set when byte k stops the scan. */
static inline int qi_json_stops16(__m128i v) {
    const __m128i control = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1F)), v);
    const __m128i quote = _mm_cmpeq_epi8(v, _mm_set1_epi8(0x22));
    const __m128i backslash = _mm_cmpeq_epi8(v, _mm_set1_epi8(0x5C));
    const __m128i separator = _mm_cmpeq_epi8(_mm_or_si128(v, _mm_set1_epi8(1)), _mm_set1_epi8((char)0xA9));
    return _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(control, quote), _mm_or_si128(backslash, separator)));
}
#endif

size_t qi_json_plain_prefix(const uint8_t *bytes, size_t count) {
    size_t i = 0;
#if defined(__SSE2__)
    for (; i + 16 <= count; i += 16) {
        const int stops = qi_json_stops16(_mm_loadu_si128((const __m128i *)(bytes + i)));
        if (stops) return i + (size_t)__builtin_ctz((unsigned)stops);
    }
    if (i < count && count >= 16) {
        /* The last few bytes as the text's last sixteen, shifted past the ones already passed. */
        const size_t last = count - 16;
        const int stops = qi_json_stops16(_mm_loadu_si128((const __m128i *)(bytes + last))) >> (i - last);
        return stops ? i + (size_t)__builtin_ctz((unsigned)stops) : count;
    }
    if (count >= 8) {
        /* Eight to fifteen bytes (most of a page's names and numbers of kind): the first eight and the last eight
           as one block. No stop among the first eight puts the first one among the last eight. */
        uint64_t head, tail;
        memcpy(&head, bytes, 8);
        memcpy(&tail, bytes + count - 8, 8);
        const int stops = qi_json_stops16(_mm_set_epi64x((long long)tail, (long long)head));
        if (stops & 0xFF) return (size_t)__builtin_ctz((unsigned)stops);
        return stops ? count - 8 + (size_t)__builtin_ctz((unsigned)stops >> 8) : count;
    }
#endif
    for (; i < count; i++) {
        if (qi_json_stops_at(bytes[i])) return i;
    }
    return count;
}
