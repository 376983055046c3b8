#ifndef CADENCE_CFREETYPE_SHIM_H
#define CADENCE_CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#endif
