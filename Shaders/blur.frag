#version 330 core
// One pass of a separable Gaussian blur, as RasterPass.blurred: each pixel the weighted sum of
// the source texels along uDirection, up to uRadius away; texels outside uReadable read as
// transparent, or with uClamp as the nearest readable one. With uMix (the second pass of a
// backdrop blur), the result is mixed over uOriginal by a rounded rectangle's coverage, as
// RasterPass.blurBackdrop does.

// --- Uniforms -----------------------------------------------------------------
uniform sampler2D uSource;              // RGBA8, premultiplied, window texels
uniform sampler2D uOriginal;            // the backdrop before the blur (uMix)
uniform vec2 uDirection;                // (1, 0) or (0, 1)
uniform float uWeights[301];            // uWeights[k]: the texels k away, either way
uniform int uRadius;
uniform vec4 uReadable;                 // texels x0, y0, x1, y1 (window coordinates, ends excluded)
uniform int uClamp;
uniform int uMix;
uniform vec4 uShapeRect;                // the shape's x, y, width, height; local units
uniform float uShapeRadius;             // its corner radius
uniform vec3 uShapeInverseX;            // its inverse matrix: local x = a·x + c·y + tx of a pixel
uniform vec3 uShapeInverseY;
uniform vec2 uShapeScale;               // pixels per local unit along x and y
uniform vec2 uViewport;
uniform float uYDirection;              // -1: row 0 at the bottom (GL, windows); 1: at the top

out vec4 fragColor;                     // premultiplied

vec4 fetch(ivec2 p) {
    ivec2 low = ivec2(uReadable.xy), high = ivec2(uReadable.zw) - 1;
    if (p.x < low.x || p.y < low.y || p.x > high.x || p.y > high.y) {
        if (uClamp == 0) return vec4(0.0);
        p = clamp(p, low, high);
    }
    return texelFetch(uSource, p, 0);
}

float roundedBoxDistance(vec2 p, vec2 halfSize, float radius) {
    vec2 q = abs(p) - halfSize + radius;
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - radius;
}

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    ivec2 step = ivec2(uDirection);
    vec4 sum = fetch(p) * uWeights[0];
    for (int k = 1; k <= uRadius; ++k) {
        sum += (fetch(p + step * k) + fetch(p - step * k)) * uWeights[k];
    }
    if (uMix == 1) {
        vec2 pixel = vec2(gl_FragCoord.x, uYDirection > 0.0 ? gl_FragCoord.y : uViewport.y - gl_FragCoord.y);
        vec3 h = vec3(pixel, 1.0);
        vec2 local = vec2(dot(uShapeInverseX, h), dot(uShapeInverseY, h));
        vec2 halfSize = uShapeRect.zw * 0.5;
        float radius = clamp(uShapeRadius, 0.0, min(halfSize.x, halfSize.y));
        vec2 fromCentre = local - (uShapeRect.xy + halfSize);
        vec2 q = abs(fromCentre) - halfSize + radius;
        vec2 direction = min(q.x, q.y) > 0.0 ? normalize(q) : (q.x > q.y ? vec2(1.0, 0.0) : vec2(0.0, 1.0));
        float distance = roundedBoxDistance(fromCentre, halfSize, radius) * length(direction * uShapeScale);
        float coverage = clamp(0.5 - distance, 0.0, 1.0);
        fragColor = sum * coverage + texelFetch(uOriginal, p, 0) * (1.0 - coverage);
    } else {
        fragColor = sum;
    }
}
