/* Never imported by Swift: Foundation carries its own ICU (DESIGN.md §3). ICUShim includes these. */
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/utext.h>
