/* The floor Quire is measured against: inflate every XHTML entry of an EPUB with libzip and parse it with
   libxml2's SAX parser (no tree, no output). No paginator can do less work than this. Several books are read one
   after another in this one process: the sequential floor of a whole library, without a process start per book
   (quire batch is one process too). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zip.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>

static void on_text(void *ctx, const xmlChar *ch, int len) {
    (void)ch;
    *(size_t *)((xmlParserCtxtPtr)ctx)->_private += (size_t)len;
}

static int is_content(const char *name) {
    size_t n = strlen(name);
    return (n > 6 && strcmp(name + n - 6, ".xhtml") == 0) || (n > 5 && strcmp(name + n - 5, ".html") == 0)
        || (n > 4 && strcmp(name + n - 4, ".htm") == 0);
}

/* Inflates and SAX-parses the content documents of one book; returns 0, or 66 when it cannot be opened. */
static int read_book(const char *path, size_t *documents, size_t *characters) {
    int error = 0;
    zip_t *archive = zip_open(path, ZIP_RDONLY, &error);
    if (!archive) { fprintf(stderr, "floor: cannot open %s\n", path); return 66; }
    zip_int64_t count = zip_get_num_entries(archive, 0);
    for (zip_int64_t i = 0; i < count; i++) {
        const char *name = zip_get_name(archive, (zip_uint64_t)i, 0);
        if (!name || !is_content(name)) continue;
        zip_stat_t st;
        if (zip_stat_index(archive, (zip_uint64_t)i, 0, &st) != 0) continue;
        char *buffer = malloc(st.size + 1);
        zip_file_t *file = zip_fopen_index(archive, (zip_uint64_t)i, 0);
        zip_int64_t got = file ? zip_fread(file, buffer, st.size) : -1;
        if (file) zip_fclose(file);
        if (got >= 0) {
            xmlSAXHandler sax;
            memset(&sax, 0, sizeof sax);
            xmlSAXVersion(&sax, 2);
            sax.characters = on_text;
            xmlParserCtxtPtr ctxt = xmlCreateMemoryParserCtxt(buffer, (int)got);
            if (ctxt) {
                memcpy(ctxt->sax, &sax, sizeof sax);
                ctxt->_private = characters;
                xmlCtxtUseOptions(ctxt, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
                xmlParseDocument(ctxt);
                if (ctxt->myDoc) xmlFreeDoc(ctxt->myDoc);
                xmlFreeParserCtxt(ctxt);
                (*documents)++;
            }
        }
        free(buffer);
    }
    zip_close(archive);
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: floor BOOK.epub...\n"); return 64; }
    size_t characters = 0, documents = 0;
    int status = 0;
    for (int i = 1; i < argc; i++)
        if (read_book(argv[i], &documents, &characters) != 0) status = 66;
    printf("%d books, %zu documents, %zu text bytes\n", argc - 1, documents, characters);
    return status;
}
