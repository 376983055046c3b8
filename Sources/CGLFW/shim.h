#ifndef CADENCE_CGLFW_SHIM_H
#define CADENCE_CGLFW_SHIM_H
// GL comes from CGL; GLFW must not pull in its own GL header.
#define GLFW_INCLUDE_NONE 1
#include <GLFW/glfw3.h>
#endif
