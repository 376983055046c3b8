#version 330 core
// Anti-aliased rounded rectangles by signed distance: coverage falls from 1 to 0 across one pixel
// at the edge, so pixels are the same on every rasteriser and no MSAA is needed. The distance is
// taken in local space stretched by the transform's axis scales, which is pixel space turned, so
// rotated and scaled edges stay one pixel soft.

// --- Inputs -------------------------------------------------------------------
in vec2 vLocal;
flat in vec2 vHalfSize;
flat in vec2 vShape;                    // corner radius, stroke width (inside the edge)
flat in vec4 vFill;                     // premultiplied
flat in vec4 vStroke;                   // premultiplied
flat in vec2 vScale;                    // pixels per local unit along x and y

// --- Outputs ------------------------------------------------------------------
out vec4 fragColor;                     // premultiplied, blended with ONE, ONE_MINUS_SRC_ALPHA

float roundedBoxDistance(vec2 p, vec2 halfSize, float radius) {
    vec2 q = abs(p) - halfSize + radius;
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - radius;
}

void main() {
    float toPixels = min(vScale.x, vScale.y);
    vec2 p = vLocal * vScale;
    float radius = clamp(vShape.x, 0.0, min(vHalfSize.x, vHalfSize.y));
    float outer = clamp(0.5 - roundedBoxDistance(p, vHalfSize * vScale, radius * toPixels), 0.0, 1.0);
    float inner = outer;
    float strokeWidth = vShape.y;
    if (strokeWidth > 0.0) {
        vec2 innerHalfSize = max(vHalfSize - strokeWidth, vec2(0.0)) * vScale;
        float innerRadius = max(radius - strokeWidth, 0.0) * toPixels;
        float innerCoverage = clamp(0.5 - roundedBoxDistance(p, innerHalfSize, innerRadius), 0.0, 1.0);
        inner = min(innerCoverage, outer);
    }
    fragColor = vFill * inner + vStroke * (outer - inner);
}
