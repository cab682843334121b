#include "xmlshim.h"

#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <pthread.h>
#include <stdatomic.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/HTMLparser.h>
#include <libxml/SAX2.h>
#include <libxml/entities.h>

static const char *XML_NS = "http://www.w3.org/XML/1998/namespace";
static const char *XHTML_NS = "http://www.w3.org/1999/xhtml";
static const char *EPUB_NS = "http://www.idpf.org/2007/ops";
static const char *XLINK_NS = "http://www.w3.org/1999/xlink";

/* A growable byte buffer. */
typedef struct buf { uint8_t *p; size_t len, cap; } buf;

/* An interning table: strings are stored NUL-terminated in storage, found again by an open-addressing hash. */
typedef struct names {
    buf storage;
    uint32_t *spans;      /* offset, length per string */
    int32_t count, cap;
    int32_t *slots;       /* string numbers; -1 when empty */
    uint32_t mask;
    int32_t seeded;
    /* The number last found for a string at each address (by a hash of the address): see intern_name. */
    struct { const xmlChar *p; int32_t id; } recent[64];
} names;

typedef struct state {
    buf nodes, attrs, text;
    names names, namespaces;
    int32_t *open;        /* open elements, outermost first */
    int32_t *last;        /* per open element, the last child linked to it; -1 when none */
    uint32_t open_cap;
    int32_t root, open_text;
    uint64_t limit;
    uint64_t amplification_limit; /* bound on output relative to input: entity expansion */
    uint32_t depth, max_depth;
    int failed;                 /* 1 once a limit stopped the parser */
    char message[256];
    char foreign[256];          /* the first error libxml2 raised outside the parser context (encoding, I/O) */
    int fatal_seen;             /* the first fatal error's code and domain: what made the document ill-formed */
    int fatal_code, fatal_domain;
    xmlParserCtxtPtr ctxt;
    /* When libxml2 reads a masked copy (textmask.c): the copy, and the original the callbacks read instead. */
    const uint8_t *masked, *original;
    size_t length;
} state;

static void fail(state *s, const char *message) {
    if (s->failed) return;
    s->failed = 1;
    snprintf(s->message, sizeof s->message, "%s", message);
    xmlStopParser(s->ctxt);
}

/* The limits apply to everything produced together: nodes, attributes and text. */
static int within_limits(state *s, size_t extra) {
    uint64_t total = (uint64_t)s->nodes.len + s->attrs.len + s->text.len + extra;
    if (total > s->limit) { fail(s, "document text exceeds the size limit"); return 0; }
    if (total > s->amplification_limit) {
        fail(s, "entity expansion exceeds the limit (the text grew far beyond the document's size)");
        return 0;
    }
    return 1;
}

/* Room made at the start for `bytes`, when that is more than reserve's first 4096: what a document usually
   needs, so the buffers are not copied each time they double (realloc's copies were 134 M instructions of the
   corpus batch, issue 19). Nothing is counted against the limits, which bound lengths; if malloc fails, reserve
   grows the buffer as before. */
static void presize(buf *b, size_t bytes) {
    if (bytes <= 4096) return;
    b->p = malloc(bytes);
    if (b->p) b->cap = bytes;
}

/* Room for extra more bytes in b, within the limits. */
static int reserve(state *s, buf *b, size_t extra) {
    if (s->failed || !within_limits(s, extra)) return 0;
    if (b->len + extra <= b->cap) return 1;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + extra) cap *= 2;
    uint8_t *grown = realloc(b->p, cap);
    if (!grown) { fail(s, "out of memory"); return 0; }
    b->p = grown; b->cap = cap;
    return 1;
}

static uint32_t hash(const uint8_t *p, size_t n) {
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 16777619u;
    return h ^ (h >> 15);
}

static int grow_slots(names *t, uint32_t size) {
    int32_t *slots = malloc(size * sizeof *slots);
    if (!slots) return 0;
    for (uint32_t i = 0; i < size; i++) slots[i] = -1;
    for (int32_t id = 0; id < t->count; id++) {
        uint32_t slot = hash(t->storage.p + t->spans[2 * id], t->spans[2 * id + 1]) & (size - 1);
        while (slots[slot] >= 0) slot = (slot + 1) & (size - 1);
        slots[slot] = id;
    }
    free(t->slots);
    t->slots = slots; t->mask = size - 1;
    return 1;
}

/* The number of the string p[0..<n], interning it when new; -1 when out of memory or over the limits. */
static int32_t intern(state *s, names *t, const uint8_t *p, size_t n) {
    uint32_t slot = hash(p, n) & t->mask;
    for (int32_t id; (id = t->slots[slot]) >= 0; slot = (slot + 1) & t->mask) {
        if (t->spans[2 * id + 1] == n && memcmp(t->storage.p + t->spans[2 * id], p, n) == 0) return id;
    }
    if (s && !within_limits(s, n + 1)) return -1;
    if (t->count == t->cap) {
        int32_t cap = t->cap ? t->cap * 2 : 64;
        uint32_t *spans = realloc(t->spans, (size_t)cap * 2 * sizeof *spans);
        if (!spans) { if (s) fail(s, "out of memory"); return -1; }
        t->spans = spans; t->cap = cap;
    }
    buf *b = &t->storage;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        while (cap < b->len + n + 1) cap *= 2;
        uint8_t *grown = realloc(b->p, cap);
        if (!grown) { if (s) fail(s, "out of memory"); return -1; }
        b->p = grown; b->cap = cap;
    }
    if (n) memcpy(b->p + b->len, p, n);
    b->p[b->len + n] = 0;
    int32_t id = t->count++;
    t->spans[2 * id] = (uint32_t)b->len; t->spans[2 * id + 1] = (uint32_t)n;
    b->len += n + 1;
    t->slots[slot] = id;
    if ((uint32_t)t->count * 2 > t->mask + 1 && !grow_slots(t, (t->mask + 1) * 2)) {
        if (s) fail(s, "out of memory");
        return -1;
    }
    return id;
}

static int32_t intern_str(state *s, names *t, const xmlChar *str) {
    return intern(s, t, str ? str : (const xmlChar *)"", str ? strlen((const char *)str) : 0);
}

/* intern_str for the names libxml2's SAX2 parser hands over: it takes them from its dictionary, so the same name
   comes back at the same address, and the number last found for that address is tried first. Its bytes are
   compared (the stored copy is NUL-terminated, and strncmp stops at either NUL), so an address reused for other
   text, or a name that is not a dictionary entry, still gets its own number; only the hashing is saved. */
static int32_t intern_name(state *s, names *t, const xmlChar *str) {
    if (!str) return intern_str(s, t, str);
    size_t slot = ((uintptr_t)str >> 3) & (sizeof t->recent / sizeof t->recent[0] - 1);
    if (t->recent[slot].p == str) {
        int32_t id = t->recent[slot].id;
        const char *stored = (const char *)t->storage.p + t->spans[2 * id];
        if (strncmp(stored, (const char *)str, (size_t)t->spans[2 * id + 1] + 1) == 0) return id;
    }
    int32_t id = intern_str(s, t, str);
    if (id >= 0) { t->recent[slot].p = str; t->recent[slot].id = id; }
    return id;
}

/* Seeds a table with NUL-terminated strings one after another. */
static int seed(names *t, const char *seeds, size_t length) {
    if (!grow_slots(t, 256)) return 0;
    for (size_t i = 0; i < length;) {
        size_t n = strnlen(seeds + i, length - i);
        if (intern(NULL, t, (const uint8_t *)seeds + i, n) < 0) return 0;
        i += n + 1;
    }
    t->seeded = t->count;
    return 1;
}

static void free_names(names *t) { free(t->storage.p); free(t->spans); free(t->slots); }

/* A table seeded once per list of seeds and copied for every document: seeding the hundred-odd well-known names
   one by one cost about 16,000 instructions a document. Made on first use, under the lock, and never changed or
   freed after; a list other than the one it was made from is seeded the slow way. */
typedef struct seed_cache { char *seeds; size_t length; names table; } seed_cache;
static seed_cache seed_caches[2]; /* element and attribute names; namespaces */
static pthread_mutex_t seed_lock = PTHREAD_MUTEX_INITIALIZER;

/* A copy of the seeded table `from` (its address cache left empty); 0 when out of memory. */
static int copy_names(names *to, const names *from) {
    memset(to, 0, sizeof *to);
    to->storage.p = malloc(from->storage.cap);
    to->spans = malloc((size_t)from->cap * 2 * sizeof *to->spans);
    to->slots = malloc(((size_t)from->mask + 1) * sizeof *to->slots);
    if (!to->storage.p || !to->spans || !to->slots) { free_names(to); memset(to, 0, sizeof *to); return 0; }
    memcpy(to->storage.p, from->storage.p, from->storage.len);
    memcpy(to->spans, from->spans, (size_t)from->count * 2 * sizeof *to->spans);
    memcpy(to->slots, from->slots, ((size_t)from->mask + 1) * sizeof *to->slots);
    to->storage.len = from->storage.len; to->storage.cap = from->storage.cap;
    to->count = from->count; to->cap = from->cap; to->mask = from->mask; to->seeded = from->seeded;
    return 1;
}

/* seed, from the copy in `cache` when the seeds are the ones it was made from. */
static int seed_copy(names *t, const char *seeds, size_t length, seed_cache *cache) {
    pthread_mutex_lock(&seed_lock);
    if (!cache->seeds) {
        char *own = malloc(length ? length : 1);
        names table;
        memset(&table, 0, sizeof table);
        if (own && seed(&table, seeds, length)) {
            memcpy(own, seeds, length);
            cache->seeds = own; cache->length = length; cache->table = table;
        } else {
            free(own); free_names(&table);
        }
    }
    int same = cache->seeds && cache->length == length && memcmp(cache->seeds, seeds, length) == 0;
    int copied = same && copy_names(t, &cache->table);
    pthread_mutex_unlock(&seed_lock);
    return copied || seed(t, seeds, length);
}

static qx_node *node_at(state *s, int32_t id) { return (qx_node *)s->nodes.p + id; }

/* Links a new node as the last child of the innermost open element. */
static void link_child(state *s, int32_t id) {
    if (s->depth == 0) return;
    uint32_t top = s->depth - 1;
    if (s->last[top] >= 0) node_at(s, s->last[top])->nextSibling = id; else node_at(s, s->open[top])->firstChild = id;
    s->last[top] = id;
}

static int32_t add_node(state *s, int32_t name, int32_t ns, int32_t start, int32_t count, uint32_t names) {
    if (!reserve(s, &s->nodes, sizeof(qx_node))) return -1;
    int32_t id = (int32_t)(s->nodes.len / sizeof(qx_node));
    qx_node n = { name, ns, start, count, -1, -1, names };
    memcpy(s->nodes.p + s->nodes.len, &n, sizeof n);
    s->nodes.len += sizeof n;
    return id;
}

/* Bytes appended to the text buffer; returns their start, or -1. */
static int32_t add_text(state *s, const void *p, size_t n) {
    if (!reserve(s, &s->text, n)) return -1;
    int32_t start = (int32_t)s->text.len;
    if (n) memcpy(s->text.p + s->text.len, p, n);
    s->text.len += n;
    return start;
}

static void add_attr(state *s, int32_t name, int32_t ns, const void *value, size_t n) {
    if (name < 0 || ns < 0) return;
    int32_t start = add_text(s, value, n);
    if (start < 0 || !reserve(s, &s->attrs, sizeof(qx_attr))) return;
    qx_attr a = { name, ns, start, (int32_t)n };
    memcpy(s->attrs.p + s->attrs.len, &a, sizeof a);
    s->attrs.len += sizeof a;
}

static int32_t attr_count(state *s) { return (int32_t)(s->attrs.len / sizeof(qx_attr)); }

/* Opens an element whose attributes were added from first_attr on. */
static void open_element(state *s, int32_t name, int32_t ns, int32_t first_attr) {
    s->open_text = -1;
    if (name < 0 || ns < 0 || s->failed) return;
    uint32_t names = 0;
    const qx_attr *attrs = (const qx_attr *)s->attrs.p;
    for (int32_t a = first_attr; a < attr_count(s); a++) {
        if (attrs[a].name < 32) names |= 1u << attrs[a].name;
    }
    int32_t id = add_node(s, name, ns, first_attr, attr_count(s) - first_attr, names);
    if (id < 0) return;
    if (s->depth == 0) { if (s->root < 0) s->root = id; } else link_child(s, id);
    if (s->depth == s->open_cap) {
        uint32_t cap = s->open_cap ? s->open_cap * 2 : 64;
        int32_t *open = realloc(s->open, cap * sizeof *open);
        if (!open) { fail(s, "out of memory"); return; }
        s->open = open;
        int32_t *last = realloc(s->last, cap * sizeof *last);
        if (!last) { fail(s, "out of memory"); return; }
        s->last = last; s->open_cap = cap;
    }
    s->open[s->depth] = id; s->last[s->depth] = -1;
    s->depth++;
}

static int enter(state *s) {
    if (s->depth + 1 > s->max_depth) {
        char m[96]; snprintf(m, sizeof m, "elements nested deeper than the limit of %u", s->max_depth);
        fail(s, m);
        return 0;
    }
    return 1;
}

static void close_element(state *s) {
    s->open_text = -1;
    if (s->depth > 0) s->depth--;
}

/* Masked parsing is on unless a test turns it off to compare (qx_set_text_masking). */
static atomic_int text_masking = 1;

void qx_set_text_masking(int on) { atomic_store(&text_masking, on); }

/* ---- XML (SAX2 with namespaces) ---- */

/* The original bytes behind text or an attribute value that libxml2 read from a masked copy (textmask.c): a
   slice of the document's own input buffer is at the same offset in the original (libxml2 converts nothing from
   UTF-8, and when it drops consumed input it counts it in `consumed`). Bytes from anywhere else (a character
   reference, an entity's replacement text, a CDATA section, a value libxml2 copied) were never masked. The
   slice must be the masked copy's bytes at that offset: if libxml2 ever kept its buffer otherwise, the parse
   stops instead of reading wrong text. */
static const xmlChar *unmasked(xmlParserCtxtPtr ctxt, state *s, const xmlChar *ch, size_t len) {
    xmlParserInputPtr in = ctxt->inputNr > 0 ? ctxt->inputTab[0] : NULL;
    if (!in || !in->base || ch < in->base || ch + len > in->end) return ch;
    size_t at = (size_t)in->consumed + (size_t)(ch - in->base);
    if (at + len > s->length || memcmp(s->masked + at, ch, len) != 0) {
        fail(s, "internal error: masked text is not where it was read");
        return NULL;
    }
    return s->original + at;
}

static void xml_start(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri,
                      int nb_namespaces, const xmlChar **namespaces, int nb_attributes, int nb_defaulted,
                      const xmlChar **attributes) {
    (void)prefix; (void)nb_namespaces; (void)namespaces; (void)nb_defaulted;
    state *s = ((xmlParserCtxtPtr)ctx)->_private;
    if (s->failed || !enter(s)) return;
    int32_t first = attr_count(s);
    for (int i = 0; i < nb_attributes; i++) {
        const xmlChar **a = attributes + i * 5; /* localname, prefix, URI, value, end */
        size_t length = (size_t)(a[4] - a[3]);
        const xmlChar *value = a[3];
        if (s->masked && length && !(value = unmasked(ctx, s, value, length))) return;
        add_attr(s, intern_name(s, &s->names, a[0]), intern_name(s, &s->namespaces, a[2]), value, length);
    }
    open_element(s, intern_name(s, &s->names, localname), intern_name(s, &s->namespaces, uri), first);
}

static void xml_end(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri) {
    (void)localname; (void)prefix; (void)uri;
    close_element(((xmlParserCtxtPtr)ctx)->_private);
}

static void text(void *ctx, const xmlChar *ch, int len) {
    state *s = ((xmlParserCtxtPtr)ctx)->_private;
    if (s->failed || len <= 0 || s->depth == 0) return;
    if (s->masked && !(ch = unmasked(ctx, s, ch, (size_t)len))) return;
    int32_t start = add_text(s, ch, (size_t)len);
    if (start < 0) return;
    if (s->open_text >= 0) { node_at(s, s->open_text)->count += len; return; }
    int32_t id = add_node(s, -1, 0, start, len, 0);
    if (id < 0) return;
    link_child(s, id);
    s->open_text = id;
}

/* Internal entities only: an external entity is never resolved, so no file or URL is ever read. */
static xmlEntityPtr get_entity(void *ctx, const xmlChar *name) {
    xmlEntityPtr e = xmlSAX2GetEntity(ctx, name);
    if (e && e->etype != XML_INTERNAL_GENERAL_ENTITY && e->etype != XML_INTERNAL_PREDEFINED_ENTITY) return NULL;
    return e;
}

static xmlParserInputPtr no_resolve(void *ctx, const xmlChar *public_id, const xmlChar *system_id) {
    (void)ctx; (void)public_id; (void)system_id;
    return NULL;
}

/* Every external entity, DTD or parameter entity resolves to nothing: Quire never reads a file or URL
   named by a document. libxml2 consults this process-wide loader even where SAX handlers are bypassed. */
static xmlParserInputPtr refuse_external(const char *url, const char *id, xmlParserCtxtPtr ctxt) {
    (void)url; (void)id;
    return ctxt ? xmlNewStringInputStream(ctxt, (const xmlChar *)"") : NULL;
}

/* libxml2 sets up its globals on first use, and two threads doing that at once can deadlock in xmlDictCreate
   (chapters and books are parsed in parallel): the set-up is made once, before any parse. */
static pthread_once_t loader_once = PTHREAD_ONCE_INIT;
static void install_loader(void) {
    xmlInitParser();
    xmlSetExternalEntityLoader(refuse_external);
}

/* libxml2 reports some errors without the parser context (an encoding conversion that fails, the I/O layer
   behind it) through its per-thread handlers, whose default writes to stderr. Nothing of a C library may reach
   stderr directly (DESIGN.md §4): during a parse the structured handler keeps the first such error in the
   parse's state, and outside one both handlers drop what they get. Parser errors proper are read from the
   context (xmlCtxtGetLastError), as before. */
static void drop_generic(void *ctx, const char *message, ...) { (void)ctx; (void)message; }

static void capture_error(void *data, xmlErrorPtr e) {
    state *s = data;
    if (!s || !e) return;
    if (e->level == XML_ERR_FATAL && !s->fatal_seen) {
        s->fatal_seen = 1; s->fatal_code = e->code; s->fatal_domain = e->domain;
    }
    if (!e->message || s->foreign[0]) return;
    if (e->domain != XML_FROM_I18N && e->domain != XML_FROM_IO && e->domain != XML_FROM_BUFFER) return;
    snprintf(s->foreign, sizeof s->foreign, "%s", e->message);
}

static void capture_errors_into(state *s) {
    xmlSetGenericErrorFunc(NULL, drop_generic);
    xmlSetStructuredErrorFunc(s, capture_error);
}

/* ---- HTML (SAX1 names, lower-cased by the parser; no namespaces) ---- */

static void split_attr_name(const xmlChar *name, const char **local, const char **ns) {
    const char *n = (const char *)name;
    *local = n; *ns = NULL;
    if (strncmp(n, "xml:", 4) == 0) { *local = n + 4; *ns = XML_NS; }
    else if (strncmp(n, "epub:", 5) == 0) { *local = n + 5; *ns = EPUB_NS; }
    else if (strncmp(n, "xlink:", 6) == 0) { *local = n + 6; *ns = XLINK_NS; }
}

static void html_start(void *ctx, const xmlChar *name, const xmlChar **atts) {
    state *s = ((xmlParserCtxtPtr)ctx)->_private;
    if (s->failed || !enter(s)) return;
    int32_t first = attr_count(s);
    if (atts) for (int i = 0; atts[2 * i]; i++) {
        const char *local, *ns;
        split_attr_name(atts[2 * i], &local, &ns);
        const xmlChar *value = atts[2 * i + 1] ? atts[2 * i + 1] : (const xmlChar *)"";
        add_attr(s, intern_str(s, &s->names, (const xmlChar *)local), intern_str(s, &s->namespaces, (const xmlChar *)ns),
                 value, strlen((const char *)value));
    }
    open_element(s, intern_str(s, &s->names, name), intern_str(s, &s->namespaces, (const xmlChar *)XHTML_NS), first);
}

static void html_end(void *ctx, const xmlChar *name) {
    (void)name;
    close_element(((xmlParserCtxtPtr)ctx)->_private);
}

static void copy_error(xmlParserCtxtPtr ctxt, const state *s, qx_tree *out) {
    xmlErrorPtr e = xmlCtxtGetLastError(ctxt);
    if (s->foreign[0]) {
        /* A failed encoding conversion is the cause; the parser's complaint about the garbage it then saw is not. */
        snprintf(out->message, sizeof out->message, "%s", s->foreign);
        size_t n = strlen(out->message);
        while (n > 0 && (out->message[n - 1] == '\n' || out->message[n - 1] == ' ')) out->message[--n] = 0;
        out->line = e ? e->line : 0;
    } else if (e && e->code == XML_ERR_ENTITY_LOOP) {
        /* libxml2 reports entity loops and its own amplification check with this code: a hostile document. */
        snprintf(out->message, sizeof out->message, "entity expansion exceeds the limit (entity reference loop)");
        out->line = e->line;
    } else if (e && e->message) {
        snprintf(out->message, sizeof out->message, "%s", e->message);
        size_t n = strlen(out->message);
        while (n > 0 && (out->message[n - 1] == '\n' || out->message[n - 1] == ' ')) out->message[--n] = 0;
        out->line = e->line;
    } else {
        snprintf(out->message, sizeof out->message, "malformed document");
    }
}

/* Everything a result owns, freed together. */
typedef struct owner { buf nodes, attrs, text; names names, namespaces; } owner;

static void free_state(state *s) {
    free(s->nodes.p); free(s->attrs.p); free(s->text.p);
    free_names(&s->names); free_names(&s->namespaces);
    free(s->open); free(s->last);
}

static void export_names(names *t, qx_names *out) {
    out->bytes = t->storage.p; out->spans = t->spans; out->count = t->count; out->seeded = t->seeded;
}

void qx_parse(const char *bytes, size_t length, int html, uint32_t max_depth, uint64_t max_bytes,
              const char *seed_names, size_t seed_names_length,
              const char *seed_namespaces, size_t seed_namespaces_length, qx_tree *out) {
    pthread_once(&loader_once, install_loader);
    memset(out, 0, sizeof *out);
    out->root = -1;
    if (length > INT32_MAX) { snprintf(out->message, sizeof out->message, "document larger than 2 GiB"); return; }
    state s;
    memset(&s, 0, sizeof s);
    s.root = -1; s.open_text = -1;
    /* Offsets are 32-bit, so nothing may grow past 2 GiB whatever the caller allows. */
    s.limit = max_bytes < INT32_MAX ? max_bytes : INT32_MAX;
    s.max_depth = max_depth;
    /* Elements take at most ~8 bytes per input byte and text 1, without entities; allow 32x, and never less
       than 64 MiB. */
    s.amplification_limit = (uint64_t)length * 32 > ((uint64_t)64 << 20) ? (uint64_t)length * 32 : ((uint64_t)64 << 20);
    if (!seed_copy(&s.names, seed_names, seed_names_length, &seed_caches[0])
        || !seed_copy(&s.namespaces, seed_namespaces, seed_namespaces_length, &seed_caches[1])) {
        free_state(&s);
        snprintf(out->message, sizeof out->message, "out of memory");
        return;
    }

    /* A document's text is at most its length without entities; about one node per 64 bytes of XHTML and one
       attribute per 128 (War and Peace's chapters: 60 and 150). */
    presize(&s.text, length < s.limit ? length : (size_t)s.limit);
    presize(&s.nodes, length / 64 * sizeof(qx_node));
    presize(&s.attrs, length / 128 * sizeof(qx_attr));

    int recovering_xml = html == 2;
    if (recovering_xml) html = 0;
    /* Strict XML only: the recovering parsers may read markup where the scan saw text. */
    uint8_t *masked = html || recovering_xml || !atomic_load(&text_masking)
                      ? NULL : qx_masked_copy((const uint8_t *)bytes, length);
    if (masked) { s.masked = masked; s.original = (const uint8_t *)bytes; s.length = length; }
    const char *input = masked ? (const char *)masked : bytes;
    xmlParserCtxtPtr ctxt = html ? (xmlParserCtxtPtr)htmlCreateMemoryParserCtxt(input, (int)length)
                                 : xmlCreateMemoryParserCtxt(input, (int)length);
    if (!ctxt) {
        free(masked); free_state(&s);
        snprintf(out->message, sizeof out->message, "cannot create a parser");
        return;
    }
    s.ctxt = ctxt;
    capture_errors_into(&s);

    xmlSAXHandler *h = xmlMalloc(sizeof *h);
    if (!h) {
        capture_errors_into(NULL);
        xmlFreeParserCtxt(ctxt); free(masked); free_state(&s);
        snprintf(out->message, sizeof out->message, "out of memory");
        return;
    }
    memset(h, 0, sizeof *h);
    if (html) {
        xmlSAX2InitHtmlDefaultSAXHandler(h);
        h->startElement = html_start; h->endElement = html_end;
    } else {
        xmlSAXVersion(h, 2);
        h->startElementNs = xml_start; h->endElementNs = xml_end;
        h->startElement = NULL; h->endElement = NULL;
        h->getEntity = get_entity; h->resolveEntity = no_resolve;
        h->externalSubset = NULL;
    }
    h->characters = text; h->cdataBlock = text; h->ignorableWhitespace = text;
    h->comment = NULL; h->processingInstruction = NULL;
    h->warning = NULL; h->error = NULL; h->serror = NULL;
    xmlFree(ctxt->sax);
    ctxt->sax = h;
    ctxt->_private = &s;

    if (html) {
        htmlCtxtUseOptions(ctxt, HTML_PARSE_NONET | HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING);
        /* EPUB content and Markdown are UTF-8 (or UTF-16 with a BOM); the HTML parser would guess Latin-1. */
        int bom16 = length >= 2 && (((unsigned char)bytes[0] == 0xFF && (unsigned char)bytes[1] == 0xFE) ||
                                    ((unsigned char)bytes[0] == 0xFE && (unsigned char)bytes[1] == 0xFF));
        if (!bom16) xmlSwitchEncoding(ctxt, XML_CHAR_ENCODING_UTF8);
        htmlParseDocument(ctxt);
        out->ok = !s.failed;
    } else {
        int recover = recovering_xml ? XML_PARSE_RECOVER : 0;
        xmlCtxtUseOptions(ctxt, XML_PARSE_NONET | XML_PARSE_NOENT | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | recover);
        xmlParseDocument(ctxt);
        out->ok = (ctxt->wellFormed || (recover && s.root >= 0)) && !s.failed;
        out->recovered = out->ok && !ctxt->wellFormed;
    }
    if (s.failed) snprintf(out->message, sizeof out->message, "%s", s.message);
    else if (!out->ok || out->recovered) copy_error(ctxt, &s, out);
    /* Later errors may follow the one that stopped a strict parse; only the first decides. */
    out->forgivable = s.fatal_seen && !s.foreign[0] && (s.fatal_domain == XML_FROM_NAMESPACE
                      || s.fatal_code == XML_ERR_UNDECLARED_ENTITY || s.fatal_code == XML_WAR_UNDECLARED_ENTITY);
    capture_errors_into(NULL);

    if (ctxt->myDoc) { xmlFreeDoc(ctxt->myDoc); ctxt->myDoc = NULL; }
    if (html) htmlFreeParserCtxt(ctxt); else xmlFreeParserCtxt(ctxt);
    free(masked);

    owner *o = out->ok ? malloc(sizeof *o) : NULL;
    if (!o) {
        if (out->ok) { out->ok = 0; snprintf(out->message, sizeof out->message, "out of memory"); }
        free_state(&s);
        return;
    }
    free(s.open); free(s.last);
    o->nodes = s.nodes; o->attrs = s.attrs; o->text = s.text; o->names = s.names; o->namespaces = s.namespaces;
    out->owner = o;
    out->nodes = (qx_node *)o->nodes.p; out->node_count = o->nodes.len / sizeof(qx_node);
    out->attrs = (qx_attr *)o->attrs.p; out->attr_count = o->attrs.len / sizeof(qx_attr);
    out->bytes = o->text.p; out->byte_count = o->text.len;
    export_names(&o->names, &out->names);
    export_names(&o->namespaces, &out->namespaces);
    out->root = s.root;
}

void qx_free(qx_tree *tree) {
    owner *o = tree->owner;
    if (o) {
        free(o->nodes.p); free(o->attrs.p); free(o->text.p);
        free_names(&o->names); free_names(&o->namespaces);
        free(o);
    }
    memset(tree, 0, sizeof *tree);
    tree->root = -1;
}
