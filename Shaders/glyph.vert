#version 330 core
// Glyphs from the atlas, one instance each: a quad (pixel-aligned unless the run is transformed)
// and its place in the atlas, mapped to pixels by the run's 2x3 matrix.

// --- Inputs -------------------------------------------------------------------
layout(location = 0) in vec2 aCorner;   // unit quad corner, (0, 0) ... (1, 1)
layout(location = 1) in vec4 aRect;     // x, y, width, height; local units, top-left origin
layout(location = 2) in vec4 aAtlas;    // u0, v0, u1, v1 in the atlas page
layout(location = 3) in vec4 aColor;    // premultiplied RGBA
layout(location = 4) in vec3 aMatrixX;  // a, c, tx: pixel x = a·x + c·y + tx
layout(location = 5) in vec3 aMatrixY;  // b, d, ty: pixel y = b·x + d·y + ty

// --- Uniforms -----------------------------------------------------------------
uniform vec2 uViewport;                 // framebuffer size in pixels
uniform float uYDirection;              // -1: row 0 at the bottom (GL, windows); 1: at the top

// --- Outputs ------------------------------------------------------------------
out vec2 vAtlas;
flat out vec4 vColor;

void main() {
    vec2 local = aRect.xy + aCorner * aRect.zw;
    vAtlas = mix(aAtlas.xy, aAtlas.zw, aCorner);
    vColor = aColor;
    vec2 position = vec2(dot(aMatrixX, vec3(local, 1.0)), dot(aMatrixY, vec3(local, 1.0)));
    vec2 ndc = position / uViewport * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, ndc.y * uYDirection, 0.0, 1.0);
}
