#ifndef QUIRE_XMLSHIM_H
#define QUIRE_XMLSHIM_H
/* Quire's only door to libxml2. Public types are plain C so Swift never sees libxml2 or ICU headers. */
#include <stddef.h>
#include <stdint.h>

/* Event stream tags, each followed by little-endian u32-length-prefixed byte strings:
   QX_START: name, namespace URI, u32 attribute count, then per attribute: name, namespace URI, value.
   QX_END: nothing.  QX_TEXT: the character data. */
enum { QX_START = 1, QX_END = 2, QX_TEXT = 3 };

typedef struct qx_result {
    uint8_t *events;      /* malloc'd event stream; free with qx_free */
    size_t length;        /* bytes in events */
    int ok;               /* 1 when the document was parsed (well-formed, or recovered in HTML mode) */
    int line;             /* line of the first error, 0 when unknown */
    char message[256];    /* first error, empty when ok */
} qx_result;

/* Parses bytes as XML (html == 0) or as HTML with recovery (html != 0) into an event stream.
   Never touches the network or the file system; entities are bounded by libxml2's amplification checks. */
void qx_parse(const char *bytes, size_t length, int html, uint32_t max_depth, uint64_t max_events_bytes,
              qx_result *out);

/* Frees the event stream of a result. */
void qx_free(qx_result *result);

#endif
