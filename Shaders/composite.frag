#version 330 core
// A group's picture (same size and row order as the target) put over the target, faded by the
// group's opacity and, when masked, by the mask's rounded-rectangle coverage at this pixel.

// --- Inputs -------------------------------------------------------------------
flat in vec4 vMaskRect;
flat in vec4 vParams;                   // mask corner radius, group opacity, 1 when masked, unused
flat in vec3 vInverseX;
flat in vec3 vInverseY;
flat in vec2 vScale;

// --- Uniforms -----------------------------------------------------------------
uniform sampler2D uGroup;               // RGBA8, premultiplied, one texel per framebuffer pixel
uniform vec2 uViewport;                 // framebuffer size in pixels
uniform float uYDirection;              // -1: row 0 at the bottom (GL, windows); 1: at the top

// --- Outputs ------------------------------------------------------------------
out vec4 fragColor;                     // premultiplied

float roundedBoxDistance(vec2 p, vec2 halfSize, float radius) {
    vec2 q = abs(p) - halfSize + radius;
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - radius;
}

void main() {
    vec4 color = texelFetch(uGroup, ivec2(gl_FragCoord.xy), 0) * vParams.y;
    if (vParams.z > 0.0) {
        vec2 pixel = vec2(gl_FragCoord.x, uYDirection > 0.0 ? gl_FragCoord.y : uViewport.y - gl_FragCoord.y);
        vec3 p = vec3(pixel, 1.0);
        vec2 local = vec2(dot(vInverseX, p), dot(vInverseY, p));
        vec2 halfSize = vMaskRect.zw * 0.5;
        float radius = clamp(vParams.x, 0.0, min(halfSize.x, halfSize.y));
        vec2 fromCentre = local - (vMaskRect.xy + halfSize);
        // The local distance in pixels: stretched by the scale along the direction it is
        // measured in, as for rounded rectangles.
        vec2 q = abs(fromCentre) - halfSize + radius;
        vec2 direction = min(q.x, q.y) > 0.0 ? normalize(q) : (q.x > q.y ? vec2(1.0, 0.0) : vec2(0.0, 1.0));
        float distance = roundedBoxDistance(fromCentre, halfSize, radius) * length(direction * vScale);
        color *= clamp(0.5 - distance, 0.0, 1.0);
    }
    fragColor = color;
}
