#ifndef CADENCE_CFONTCONFIG_SHIM_H
#define CADENCE_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#endif
