/* Never imported by Swift: libxml2's headers pull in ICU's (DESIGN.md §3). XMLShim includes them. */
#include <libxml/parser.h>
#include <libxml/HTMLparser.h>
