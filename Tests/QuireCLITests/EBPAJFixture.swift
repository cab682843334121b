import Foundation
import TestSupport
import XCTest

/// A one-document book built like the EBPAJ (電書協) guide template: `class="vrtl"` on `<html>`, a linked
/// `book-style.css` that `@import`s `style-standard.css` (holding `standard`, the template's classes) and then
/// sets `html, .hltr { horizontal-tb }`, an rtl spine. `body` is the content of `<body>`.
func ebpajBook(_ test: XCTestCase, standard: String, body: String) throws -> URL {
    let folder = try temporaryFolder(test)
    func write(_ path: String, _ text: String) throws { try writeFile(path, text, in: folder) }
    try write("META-INF/container.xml", """
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>\
        <rootfile full-path="item/standard.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
        """)
    try write("item/standard.opf", """
        <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">\
        <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">x</dc:identifier>\
        <dc:title>縦書きの本</dc:title><dc:language>ja</dc:language></metadata>\
        <manifest><item id="p1" href="xhtml/p-001.xhtml" media-type="application/xhtml+xml"/>\
        <item id="css" href="style/book-style.css" media-type="text/css"/></manifest>\
        <spine page-progression-direction="rtl"><itemref idref="p1"/></spine></package>
        """)
    try write("item/style/book-style.css", """
        @charset "UTF-8";
        @import url("style-standard.css");
        html, .hltr { -epub-writing-mode: horizontal-tb; writing-mode: horizontal-tb; }
        """)
    try write("item/style/style-standard.css", standard)
    try write("item/xhtml/p-001.xhtml", """
        <?xml version="1.0" encoding="UTF-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml" class="vrtl" xml:lang="ja"><head><title>一</title>\
        <link rel="stylesheet" type="text/css" href="../style/book-style.css"/></head><body>\(body)</body></html>
        """)
    return folder
}
