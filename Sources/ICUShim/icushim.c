#include "icushim.h"
#include <unicode/uversion.h>
int32_t qi_version(void) { UVersionInfo v; u_getVersion(v); return v[0]; }
