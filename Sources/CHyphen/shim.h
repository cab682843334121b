/* libhyphen (Hunspell's Hyphen, the library LibreOffice uses): TeX patterns from Debian's hyphen-* packages in
   /usr/share/hyphen. Its header needs only <stdio.h>, so Swift imports it directly (DESIGN.md §3). */
#include <hyphen.h>
