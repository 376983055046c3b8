#ifndef CADENCE_CPNG_SHIM_H
#define CADENCE_CPNG_SHIM_H
#include <png.h>
#endif
