#version 330 core
// Anti-aliased rounded rectangles by signed distance: coverage falls from 1 to 0 across one pixel
// at the edge, so pixels are the same on every rasteriser and no MSAA is needed. The distance is
// taken in local space and converted to pixels by the transform's axis scales, so rotated and
// scaled edges stay one pixel soft.

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

// The distance in pixels from the shape's edge. Untransformed shapes (compiled without
// TRANSFORMED) measure it directly. Under a uniform scale, the distance in scaled local space is
// the pixel distance. Under a non-uniform one, the local distance is stretched by the scale along
// the direction it is measured in, so corners stay elliptical as the transform makes them and
// every edge stays one pixel soft.
float pixelDistance(vec2 p, vec2 halfSize, float radius) {
#ifdef TRANSFORMED
    if (vScale.x == vScale.y) {
        return roundedBoxDistance(p * vScale, halfSize * vScale, radius * vScale.x);
    }
    vec2 q = abs(p) - halfSize + radius;
    vec2 direction = min(q.x, q.y) > 0.0 ? normalize(q) : (q.x > q.y ? vec2(1.0, 0.0) : vec2(0.0, 1.0));
    return roundedBoxDistance(p, halfSize, radius) * length(direction * vScale);
#else
    return roundedBoxDistance(p, halfSize, radius);
#endif
}

void main() {
    float radius = clamp(vShape.x, 0.0, min(vHalfSize.x, vHalfSize.y));
    float outer = clamp(0.5 - pixelDistance(vLocal, vHalfSize, radius), 0.0, 1.0);
    float inner = outer;
    float strokeWidth = vShape.y;
    if (strokeWidth > 0.0) {
        vec2 innerHalfSize = max(vHalfSize - strokeWidth, vec2(0.0));
        float innerRadius = max(radius - strokeWidth, 0.0);
        float innerCoverage = clamp(0.5 - pixelDistance(vLocal, innerHalfSize, innerRadius), 0.0, 1.0);
        inner = min(innerCoverage, outer);
    }
    fragColor = vFill * inner + vStroke * (outer - inner);
}
