#ifndef KITH_CARGON2_SHIM_H
#define KITH_CARGON2_SHIM_H

#include <argon2.h>

#endif
