#version 330 core
// Line segments with round caps, one instance each: a quad around the segment grown by half the
// width and a one-pixel fringe, in local space mapped to pixels by the instance's 2x3 matrix.

// --- Inputs -------------------------------------------------------------------
layout(location = 0) in vec2 aCorner;   // unit quad corner, (0, 0) ... (1, 1)
layout(location = 1) in vec4 aEnds;     // x0, y0, x1, y1; local units
layout(location = 2) in float aWidth;   // local units
layout(location = 3) in vec4 aColor;    // premultiplied RGBA
layout(location = 4) in vec3 aMatrixX;  // a, c, tx: pixel x = a·x + c·y + tx
layout(location = 5) in vec3 aMatrixY;  // b, d, ty: pixel y = b·x + d·y + ty
layout(location = 6) in vec4 aScale;    // pixels per local unit along x and y; local units per pixel (fringe); unused

// --- Uniforms -----------------------------------------------------------------
uniform vec2 uViewport;                 // framebuffer size in pixels
uniform float uYDirection;              // -1: row 0 at the bottom (GL, windows); 1: at the top

// --- Outputs ------------------------------------------------------------------
out vec2 vLocal;                        // local units
flat out vec4 vEnds;
flat out float vHalfWidth;
flat out vec4 vColor;
flat out vec2 vScale;

void main() {
    vec2 start = aEnds.xy;
    vec2 end = aEnds.zw;
    float len = length(end - start);
    vec2 along = len > 0.0 ? (end - start) / len : vec2(1.0, 0.0);
    vec2 across = vec2(-along.y, along.x);
    float extent = aWidth * 0.5 + aScale.z;
    vec2 local = start
        + along * (-extent + aCorner.x * (len + 2.0 * extent))
        + across * (-extent + aCorner.y * 2.0 * extent);
    vLocal = local;
    vEnds = aEnds;
    vHalfWidth = aWidth * 0.5;
    vColor = aColor;
    vScale = aScale.xy;
    vec2 position = vec2(dot(aMatrixX, vec3(local, 1.0)), dot(aMatrixY, vec3(local, 1.0)));
    vec2 ndc = position / uViewport * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, ndc.y * uYDirection, 0.0, 1.0);
}
