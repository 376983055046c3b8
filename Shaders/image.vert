#version 330 core
// Images: one textured quad per draw, in local space mapped to pixels by a 2x3 matrix. A
// transformed image's quad grows by a one-pixel fringe so its edges can be anti-aliased; an
// untransformed one lands on exactly the pixels it always did.

// --- Inputs -------------------------------------------------------------------
layout(location = 0) in vec2 aCorner;   // unit quad corner, (0, 0) ... (1, 1)
layout(location = 1) in vec4 aRect;     // x, y, width, height; local units, top-left origin
layout(location = 2) in vec4 aSource;   // u0, v0, u1, v1: the part of the texture shown
layout(location = 3) in float aAlpha;   // opacity
layout(location = 4) in vec3 aMatrixX;  // a, c, tx: pixel x = a·x + c·y + tx
layout(location = 5) in vec3 aMatrixY;  // b, d, ty: pixel y = b·x + d·y + ty
layout(location = 6) in vec4 aScale;    // pixels per local unit along x and y, then their inverses
layout(location = 7) in float aSmooth;  // 1: anti-alias the edges (transformed); 0: as drawn

// --- Uniforms -----------------------------------------------------------------
uniform vec2 uViewport;                 // framebuffer size in pixels
uniform float uYDirection;              // -1: row 0 at the bottom (GL, windows); 1: at the top

// --- Outputs ------------------------------------------------------------------
out vec2 vTexture;
out vec2 vLocal;                        // position from the rectangle's centre, local units
flat out float vAlpha;
flat out vec2 vHalfSize;
flat out vec2 vScale;
flat out float vSmooth;

void main() {
    vec2 local = aRect.xy + aCorner * aRect.zw;
    vTexture = mix(aSource.xy, aSource.zw, aCorner);
    if (aSmooth > 0.0) {
        vec2 fringe = aScale.zw;
        local = aRect.xy - fringe + aCorner * (aRect.zw + 2.0 * fringe);
        // The texture clamps at its edge; coverage fades the fringe out.
        vTexture = mix(aSource.xy, aSource.zw, (local - aRect.xy) / max(aRect.zw, vec2(1e-30)));
    }
    vHalfSize = aRect.zw * 0.5;
    vLocal = local - (aRect.xy + vHalfSize);
    vScale = aScale.xy;
    vSmooth = aSmooth;
    vAlpha = aAlpha;
    vec2 position = vec2(dot(aMatrixX, vec3(local, 1.0)), dot(aMatrixY, vec3(local, 1.0)));
    vec2 ndc = position / uViewport * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, ndc.y * uYDirection, 0.0, 1.0);
}
