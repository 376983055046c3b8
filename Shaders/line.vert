#version 330 core
// Line segments with round caps, one instance each: a quad around the segment grown by half the
// width and a one-pixel fringe.

// --- Inputs -------------------------------------------------------------------
layout(location = 0) in vec2 aCorner;   // unit quad corner, (0, 0) ... (1, 1)
layout(location = 1) in vec4 aEnds;     // x0, y0, x1, y1; pixels, top-left origin
layout(location = 2) in float aWidth;   // pixels
layout(location = 3) in vec4 aColor;    // premultiplied RGBA

// --- Uniforms -----------------------------------------------------------------
uniform vec2 uViewport;                 // framebuffer size in pixels
uniform float uYDirection;              // -1: row 0 at the bottom (GL, windows); 1: at the top

// --- Outputs ------------------------------------------------------------------
out vec2 vPosition;                     // pixels
flat out vec4 vEnds;
flat out float vHalfWidth;
flat out vec4 vColor;

void main() {
    vec2 start = aEnds.xy;
    vec2 end = aEnds.zw;
    float len = length(end - start);
    vec2 along = len > 0.0 ? (end - start) / len : vec2(1.0, 0.0);
    vec2 across = vec2(-along.y, along.x);
    float extent = aWidth * 0.5 + 1.0;
    vec2 position = start
        + along * (-extent + aCorner.x * (len + 2.0 * extent))
        + across * (-extent + aCorner.y * 2.0 * extent);
    vPosition = position;
    vEnds = aEnds;
    vHalfWidth = aWidth * 0.5;
    vColor = aColor;
    vec2 ndc = position / uViewport * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, ndc.y * uYDirection, 0.0, 1.0);
}
