#include "xmlshim.h"

#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <pthread.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/HTMLparser.h>
#include <libxml/SAX2.h>
#include <libxml/entities.h>

static const char *XML_NS = "http://www.w3.org/XML/1998/namespace";
static const char *XHTML_NS = "http://www.w3.org/1999/xhtml";
static const char *EPUB_NS = "http://www.idpf.org/2007/ops";
static const char *XLINK_NS = "http://www.w3.org/1999/xlink";

typedef struct state {
    uint8_t *buf;
    size_t len, cap;
    uint64_t limit;
    uint64_t amplification_limit; /* bound on output relative to input: entity expansion */
    uint32_t depth, max_depth;
    int failed;                 /* 1 once a limit stopped the parser */
    char message[256];
    xmlParserCtxtPtr ctxt;
} state;

static void fail(state *s, const char *message) {
    if (s->failed) return;
    s->failed = 1;
    snprintf(s->message, sizeof s->message, "%s", message);
    xmlStopParser(s->ctxt);
}

static int reserve(state *s, size_t extra) {
    if (s->failed) return 0;
    if (s->len + extra > s->limit) { fail(s, "document text exceeds the size limit"); return 0; }
    if (s->len + extra > s->amplification_limit) {
        fail(s, "entity expansion exceeds the limit (the text grew far beyond the document's size)");
        return 0;
    }
    if (s->len + extra <= s->cap) return 1;
    size_t cap = s->cap ? s->cap : 4096;
    while (cap < s->len + extra) cap *= 2;
    uint8_t *grown = realloc(s->buf, cap);
    if (!grown) { fail(s, "out of memory"); return 0; }
    s->buf = grown; s->cap = cap;
    return 1;
}

static void put_u32(state *s, uint32_t v) {
    if (!reserve(s, 4)) return;
    s->buf[s->len++] = v & 0xff; s->buf[s->len++] = (v >> 8) & 0xff;
    s->buf[s->len++] = (v >> 16) & 0xff; s->buf[s->len++] = (v >> 24) & 0xff;
}

static void put_bytes(state *s, const void *p, size_t n) {
    put_u32(s, (uint32_t)n);
    if (n == 0 || !reserve(s, n)) return;
    memcpy(s->buf + s->len, p, n); s->len += n;
}

static void put_str(state *s, const xmlChar *str) {
    put_bytes(s, str, str ? strlen((const char *)str) : 0);
}

static void put_tag(state *s, uint8_t tag) {
    if (!reserve(s, 1)) return;
    s->buf[s->len++] = tag;
}

static int enter(state *s) {
    if (++s->depth > s->max_depth) {
        char m[96]; snprintf(m, sizeof m, "elements nested deeper than the limit of %u", s->max_depth);
        fail(s, m);
        return 0;
    }
    return 1;
}

/* ---- XML (SAX2 with namespaces) ---- */

static void xml_start(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri,
                      int nb_namespaces, const xmlChar **namespaces, int nb_attributes, int nb_defaulted,
                      const xmlChar **attributes) {
    (void)prefix; (void)nb_namespaces; (void)namespaces; (void)nb_defaulted;
    state *s = ((xmlParserCtxtPtr)ctx)->_private;
    if (!enter(s)) return;
    put_tag(s, QX_START); put_str(s, localname); put_str(s, uri);
    put_u32(s, (uint32_t)nb_attributes);
    for (int i = 0; i < nb_attributes; i++) {
        const xmlChar **a = attributes + i * 5; /* localname, prefix, URI, value, end */
        put_str(s, a[0]); put_str(s, a[2]);
        put_bytes(s, a[3], (size_t)(a[4] - a[3]));
    }
}

static void xml_end(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri) {
    (void)localname; (void)prefix; (void)uri;
    state *s = ((xmlParserCtxtPtr)ctx)->_private;
    s->depth--;
    put_tag(s, QX_END);
}

static void text(void *ctx, const xmlChar *ch, int len) {
    state *s = ((xmlParserCtxtPtr)ctx)->_private;
    put_tag(s, QX_TEXT); put_bytes(s, ch, (size_t)len);
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

static pthread_once_t loader_once = PTHREAD_ONCE_INIT;
static void install_loader(void) { xmlSetExternalEntityLoader(refuse_external); }

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
    if (!enter(s)) return;
    put_tag(s, QX_START); put_str(s, name); put_str(s, (const xmlChar *)XHTML_NS);
    uint32_t n = 0;
    if (atts) while (atts[2 * n]) n++;
    put_u32(s, n);
    for (uint32_t i = 0; i < n; i++) {
        const char *local, *ns;
        split_attr_name(atts[2 * i], &local, &ns);
        put_str(s, (const xmlChar *)local); put_str(s, (const xmlChar *)ns);
        put_str(s, atts[2 * i + 1]);
    }
}

static void html_end(void *ctx, const xmlChar *name) {
    (void)name;
    state *s = ((xmlParserCtxtPtr)ctx)->_private;
    s->depth--;
    put_tag(s, QX_END);
}

static void copy_error(xmlParserCtxtPtr ctxt, qx_result *out) {
    xmlErrorPtr e = xmlCtxtGetLastError(ctxt);
    if (e && e->code == XML_ERR_ENTITY_LOOP) {
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

void qx_parse(const char *bytes, size_t length, int html, uint32_t max_depth, uint64_t max_events_bytes,
              qx_result *out) {
    pthread_once(&loader_once, install_loader);
    memset(out, 0, sizeof *out);
    state s;
    memset(&s, 0, sizeof s);
    s.limit = max_events_bytes; s.max_depth = max_depth;
    /* Events take at most ~12 bytes per input byte without entities; allow 32x, and never less than 64 MiB. */
    s.amplification_limit = (uint64_t)length * 32 > ((uint64_t)64 << 20) ? (uint64_t)length * 32 : ((uint64_t)64 << 20);
    if (length > INT32_MAX) { snprintf(out->message, sizeof out->message, "document larger than 2 GiB"); return; }

    xmlParserCtxtPtr ctxt = html ? (xmlParserCtxtPtr)htmlCreateMemoryParserCtxt(bytes, (int)length)
                                 : xmlCreateMemoryParserCtxt(bytes, (int)length);
    if (!ctxt) { snprintf(out->message, sizeof out->message, "cannot create a parser"); return; }
    s.ctxt = ctxt;

    xmlSAXHandler *h = xmlMalloc(sizeof *h);
    if (!h) { xmlFreeParserCtxt(ctxt); snprintf(out->message, sizeof out->message, "out of memory"); return; }
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
        xmlCtxtUseOptions(ctxt, XML_PARSE_NONET | XML_PARSE_NOENT | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
        xmlParseDocument(ctxt);
        out->ok = ctxt->wellFormed && !s.failed;
    }
    if (s.failed) snprintf(out->message, sizeof out->message, "%s", s.message);
    else if (!out->ok) copy_error(ctxt, out);

    if (ctxt->myDoc) { xmlFreeDoc(ctxt->myDoc); ctxt->myDoc = NULL; }
    if (html) htmlFreeParserCtxt(ctxt); else xmlFreeParserCtxt(ctxt);

    if (out->ok) { out->events = s.buf; out->length = s.len; }
    else free(s.buf);
}

void qx_free(qx_result *result) {
    free(result->events);
    result->events = NULL; result->length = 0;
}
