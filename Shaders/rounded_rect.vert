#version 330 core
// Rounded rectangles, one instance each: a unit quad grown by a one-pixel fringe.

// --- Inputs -------------------------------------------------------------------
layout(location = 0) in vec2 aCorner;   // unit quad corner, (0, 0) ... (1, 1)
layout(location = 1) in vec4 aRect;     // x, y, width, height; pixels, top-left origin
layout(location = 2) in vec2 aShape;    // corner radius, stroke width; pixels
layout(location = 3) in vec4 aFill;     // premultiplied RGBA
layout(location = 4) in vec4 aStroke;   // premultiplied RGBA

// --- Uniforms -----------------------------------------------------------------
uniform vec2 uViewport;                 // framebuffer size in pixels
uniform float uYDirection;              // -1: row 0 at the bottom (GL, windows); 1: at the top

// --- Outputs ------------------------------------------------------------------
out vec2 vLocal;                        // position from the rectangle's centre, pixels
flat out vec2 vHalfSize;
flat out vec2 vShape;
flat out vec4 vFill;
flat out vec4 vStroke;

void main() {
    vec2 position = aRect.xy - 1.0 + aCorner * (aRect.zw + 2.0);
    vHalfSize = aRect.zw * 0.5;
    vLocal = position - (aRect.xy + vHalfSize);
    vShape = aShape;
    vFill = aFill;
    vStroke = aStroke;
    vec2 ndc = position / uViewport * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, ndc.y * uYDirection, 0.0, 1.0);
}
