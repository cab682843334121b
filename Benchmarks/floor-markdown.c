/* The floor for Markdown: read the file and parse it with cmark-gfm and the GitHub extensions Quire attaches
   (table, strikethrough, autolink, tasklist; footnotes), then free the tree. No paginator can do less. */
#include <stdio.h>
#include <stdlib.h>
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: floor-markdown FILE.md\n"); return 64; }
    FILE *f = fopen(argv[1], "rb");
    if (!f) { fprintf(stderr, "floor-markdown: cannot open %s\n", argv[1]); return 66; }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buffer = malloc((size_t)size + 1);
    size_t got = fread(buffer, 1, (size_t)size, f);
    fclose(f);
    cmark_gfm_core_extensions_ensure_registered();
    cmark_parser *parser = cmark_parser_new(CMARK_OPT_FOOTNOTES | CMARK_OPT_VALIDATE_UTF8);
    const char *names[] = {"table", "strikethrough", "autolink", "tasklist"};
    for (int i = 0; i < 4; i++) {
        cmark_syntax_extension *ext = cmark_find_syntax_extension(names[i]);
        if (ext) cmark_parser_attach_syntax_extension(parser, ext);
    }
    cmark_parser_feed(parser, buffer, got);
    cmark_node *document = cmark_parser_finish(parser);
    size_t nodes = 0;
    cmark_iter *iter = cmark_iter_new(document);
    while (cmark_iter_next(iter) != CMARK_EVENT_DONE) nodes++;
    cmark_iter_free(iter);
    cmark_node_free(document);
    cmark_parser_free(parser);
    free(buffer);
    printf("%zu nodes\n", nodes);
    return 0;
}
