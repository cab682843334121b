#ifndef QUIRE_XMLSHIM_H
#define QUIRE_XMLSHIM_H
/* Quire's only door to libxml2. Public types are plain C so Swift never sees libxml2 or ICU headers. */
#include <stddef.h>
#include <stdint.h>

/* A node of the parsed document, in document order. Names and namespace URIs are interned numbers. */
typedef struct qx_node {
    int32_t name;         /* interned local name; -1 for a text node */
    int32_t namespace;    /* interned namespace URI (0 is "", no namespace) */
    int32_t start;        /* element: index of its first attribute; text: first byte in bytes */
    int32_t count;        /* element: number of attributes; text: number of bytes */
    int32_t firstChild;   /* -1 when none */
    int32_t nextSibling;  /* -1 when none */
    uint32_t names;       /* element: bit n set when an attribute's interned name is n < 32 (any namespace); the
                             seeded names Quire asks for are below 32, so most lookups end at this word */
} qx_node;

typedef struct qx_attr {
    int32_t name, namespace;
    int32_t start, count; /* the value, as bytes in bytes */
} qx_attr;

/* Interned strings beyond the seeds: string i (from the seed count on) is bytes[spans[2i] ..< +spans[2i+1]]. */
typedef struct qx_names {
    const uint8_t *bytes;
    const uint32_t *spans;
    int32_t count;        /* all interned strings, seeds included */
    int32_t seeded;
} qx_names;

typedef struct qx_tree {
    qx_node *nodes; size_t node_count;
    qx_attr *attrs; size_t attr_count;
    uint8_t *bytes; size_t byte_count;  /* text of text nodes and attribute values, UTF-8 */
    qx_names names, namespaces;
    int32_t root;         /* the document element; -1 when there is none */
    int ok;               /* 1 when the document was parsed (well-formed, or recovered in HTML or recovery mode) */
    int recovered;        /* 1 when recovery mode read past an error; message and line say which */
    int line;             /* line of the first error, 0 when unknown */
    int forgivable;       /* 1 when that error is one recovery mode reads past safely: an undeclared namespace
                             prefix or an undefined entity (what other reading systems tolerate) */
    char message[256];    /* first error, empty when ok */
    void *owner;          /* the shim's memory behind all of the above; free with qx_free */
} qx_tree;

/* Parses bytes as XML (html == 0), as HTML with recovery (html == 1) or as XML with libxml2's recovery mode
   (html == 2: undeclared prefixes, undefined entities) straight into node arrays.
   Names and namespaces are interned after the given seeds (NUL-terminated strings one after another), so the
   seeds get the numbers 0, 1, 2, ... in order. Consecutive character data makes one text node; text outside the
   document element is dropped. Never touches the network or the file system; entities are bounded by
   libxml2's amplification checks and by max_bytes (the size of everything produced). */
void qx_parse(const char *bytes, size_t length, int html, uint32_t max_depth, uint64_t max_bytes,
              const char *seed_names, size_t seed_names_length,
              const char *seed_namespaces, size_t seed_namespaces_length, qx_tree *out);

/* Strict XML is parsed from a copy whose non-ASCII text and attribute values libxml2 reads as ASCII, the real bytes
   copied back as they are handed over (textmask.c): on unless turned off here, which only tests do, to compare. */
void qx_set_text_masking(int on);

/* The masked copy qx_parse gives libxml2 (textmask.c): character data inside the document element and attribute
   values that libxml2 hands over as slices of its input (no '&', '<' or control character; not xml or xmlns
   names) with every non-ASCII byte replaced by 'x', once each such sequence was checked to be an XML 1.0 Char in
   UTF-8. NULL when the document is parsed as it is: nothing to mask, an encoding other than UTF-8, a DTD internal
   subset, a byte sequence that is no Char, markup left open. Free with free(). */
uint8_t *qx_masked_copy(const uint8_t *bytes, size_t length);

/* How many bytes from the start of a text node white-space collapsing leaves as they are (collapse.c): up to the
   first byte below 0x20 or space after a space. `after_space`: whether the byte before the text was a space; set to
   whether the byte before the returned position is one. */
size_t qx_unchanged_prefix(const uint8_t *bytes, size_t count, int32_t *after_space);

/* Frees everything a result holds. */
void qx_free(qx_tree *tree);

#endif
