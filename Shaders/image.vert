#version 330 core
// Images: one textured quad per draw.

// --- Inputs -------------------------------------------------------------------
layout(location = 0) in vec2 aCorner;   // unit quad corner, (0, 0) ... (1, 1)
layout(location = 1) in vec4 aRect;     // x, y, width, height; pixels, top-left origin
layout(location = 2) in vec4 aSource;   // u0, v0, u1, v1: the part of the texture shown
layout(location = 3) in float aAlpha;   // opacity

// --- Uniforms -----------------------------------------------------------------
uniform vec2 uViewport;                 // framebuffer size in pixels
uniform float uYDirection;              // -1: row 0 at the bottom (GL, windows); 1: at the top

// --- Outputs ------------------------------------------------------------------
out vec2 vTexture;
flat out float vAlpha;

void main() {
    vec2 position = aRect.xy + aCorner * aRect.zw;
    vTexture = mix(aSource.xy, aSource.zw, aCorner);
    vAlpha = aAlpha;
    vec2 ndc = position / uViewport * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, ndc.y * uYDirection, 0.0, 1.0);
}
