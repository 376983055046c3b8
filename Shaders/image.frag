#version 330 core
// Images stored premultiplied, faded by an opacity; a transformed image's edges fall off across
// one pixel, by the distance to its rectangle taken in local space and converted to pixels.

// --- Inputs -------------------------------------------------------------------
in vec2 vTexture;
in vec2 vLocal;
flat in float vAlpha;
flat in vec2 vHalfSize;
flat in vec2 vScale;                    // pixels per local unit along x and y
flat in float vSmooth;

// --- Uniforms -----------------------------------------------------------------
uniform sampler2D uImage;               // RGBA8, premultiplied

// --- Outputs ------------------------------------------------------------------
out vec4 fragColor;                     // premultiplied

void main() {
    fragColor = texture(uImage, vTexture) * vAlpha;
#ifdef TRANSFORMED
    if (vSmooth > 0.0) {
        // Distance to the rectangle, stretched by the scale across the nearest edge.
        vec2 q = abs(vLocal) - vHalfSize;
        vec2 direction = min(q.x, q.y) > 0.0 ? normalize(q) : (q.x > q.y ? vec2(1.0, 0.0) : vec2(0.0, 1.0));
        float distance = (length(max(q, 0.0)) + min(max(q.x, q.y), 0.0)) * length(direction * vScale);
        fragColor *= clamp(0.5 - distance, 0.0, 1.0);
    }
#endif
}
