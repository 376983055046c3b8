#version 330 core
// Blurred rounded rectangles (shadows), one instance each: the local rectangle grown by three
// standard deviations and a one-pixel fringe, mapped to pixels by the instance's 2x3 matrix.

// --- Inputs -------------------------------------------------------------------
layout(location = 0) in vec2 aCorner;   // unit quad corner, (0, 0) ... (1, 1)
layout(location = 1) in vec4 aRect;     // x, y, width, height; local units
layout(location = 2) in vec2 aShape;    // corner radius, blur (standard deviation); local units
layout(location = 3) in vec4 aColor;    // premultiplied RGBA
layout(location = 4) in vec3 aMatrixX;  // a, c, tx: pixel x = a·x + c·y + tx
layout(location = 5) in vec3 aMatrixY;  // b, d, ty: pixel y = b·x + d·y + ty
layout(location = 6) in vec4 aScale;    // pixels per local unit along x and y, then their inverses

// --- Uniforms -----------------------------------------------------------------
uniform vec2 uViewport;                 // framebuffer size in pixels
uniform float uYDirection;              // -1: row 0 at the bottom (GL, windows); 1: at the top

// --- Outputs ------------------------------------------------------------------
out vec2 vLocal;                        // position from the rectangle's centre, local units
flat out vec2 vHalfSize;
flat out vec2 vShape;
flat out vec4 vColor;
flat out vec2 vScale;

void main() {
    vec2 reach = 3.0 * aShape.y + aScale.zw;
    vec2 local = aRect.xy - reach + aCorner * (aRect.zw + 2.0 * reach);
    vHalfSize = aRect.zw * 0.5;
    vLocal = local - (aRect.xy + vHalfSize);
    vShape = aShape;
    vColor = aColor;
    vScale = aScale.xy;
    vec2 position = vec2(dot(aMatrixX, vec3(local, 1.0)), dot(aMatrixY, vec3(local, 1.0)));
    vec2 ndc = position / uViewport * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, ndc.y * uYDirection, 0.0, 1.0);
}
