#version 330 core
// A path's coverage mask, one quad at the mask's pixel rectangle.

// --- Inputs -------------------------------------------------------------------
layout(location = 0) in vec2 aCorner;   // unit quad corner, (0, 0) ... (1, 1)
layout(location = 1) in vec4 aRect;     // x, y, width, height; pixels, top-left origin
layout(location = 2) in vec4 aColor;    // premultiplied RGBA

// --- Uniforms -----------------------------------------------------------------
uniform vec2 uViewport;                 // framebuffer size in pixels
uniform float uYDirection;              // -1: row 0 at the bottom (GL, windows); 1: at the top

// --- Outputs ------------------------------------------------------------------
out vec2 vMask;                         // 0 ... 1 across the mask, row 0 at the top
flat out vec4 vColor;

void main() {
    vec2 position = aRect.xy + aCorner * aRect.zw;
    vMask = aCorner;
    vColor = aColor;
    vec2 ndc = position / uViewport * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, ndc.y * uYDirection, 0.0, 1.0);
}
