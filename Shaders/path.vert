#version 330 core
// A path's coverage mask, one quad at the mask's pixel rectangle.

// --- Inputs -------------------------------------------------------------------
layout(location = 0) in vec2 aCorner;   // unit quad corner, (0, 0) ... (1, 1)
layout(location = 1) in vec4 aRect;     // x, y, width, height; pixels, top-left origin
layout(location = 2) in vec4 aColor;    // premultiplied RGBA (a gradient: its opacity in alpha)
layout(location = 3) in vec4 aLine;     // a gradient's start and end, pixels
layout(location = 4) in vec4 aPaint;    // 0 one colour, 1 linear, 2 radial, 3 conic; the focus x, y
layout(location = 5) in vec3 aSpaceX;   // pixels to the gradient's space: (a, c, tx) …
layout(location = 6) in vec3 aSpaceY;   // … and (b, d, ty); the identity without a space

// --- Uniforms -----------------------------------------------------------------
uniform vec2 uViewport;                 // framebuffer size in pixels
uniform float uYDirection;              // -1: row 0 at the bottom (GL, windows); 1: at the top

// --- Outputs ------------------------------------------------------------------
out vec2 vMask;                         // 0 ... 1 across the mask, row 0 at the top
out vec2 vPixel;                        // the gradient's space (pixels, top-left origin, without one)
flat out vec4 vColor;
flat out vec4 vLine;
flat out vec4 vPaint;

void main() {
    vec2 position = aRect.xy + aCorner * aRect.zw;
    vMask = aCorner;
    // Affine, so mapping the corners and interpolating maps each fragment centre.
    vPixel = vec2(dot(aSpaceX, vec3(position, 1.0)), dot(aSpaceY, vec3(position, 1.0)));
    vColor = aColor;
    vLine = aLine;
    vPaint = aPaint;
    vec2 ndc = position / uViewport * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, ndc.y * uYDirection, 0.0, 1.0);
}
