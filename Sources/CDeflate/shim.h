#ifndef CADENCE_CDEFLATE_SHIM_H
#define CADENCE_CDEFLATE_SHIM_H
#include <libdeflate.h>
#endif
