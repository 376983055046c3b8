#ifndef CADENCE_CHARFBUZZ_SHIM_H
#define CADENCE_CHARFBUZZ_SHIM_H
#include <hb.h>
#include <hb-ft.h>
#endif
