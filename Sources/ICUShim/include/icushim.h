#ifndef QUIRE_ICUSHIM_H
#define QUIRE_ICUSHIM_H
#include <stddef.h>
#include <stdint.h>
int32_t qi_version(void);
#endif
