#version 330 core
// Anti-aliased rounded rectangles by signed distance: coverage falls from 1 to 0 across one pixel
// at the edge, so pixels are the same on every rasteriser and no MSAA is needed.

// --- Inputs -------------------------------------------------------------------
in vec2 vLocal;
flat in vec2 vHalfSize;
flat in vec2 vShape;                    // corner radius, stroke width (inside the edge)
flat in vec4 vFill;                     // premultiplied
flat in vec4 vStroke;                   // premultiplied

// --- Outputs ------------------------------------------------------------------
out vec4 fragColor;                     // premultiplied, blended with ONE, ONE_MINUS_SRC_ALPHA

float roundedBoxDistance(vec2 p, vec2 halfSize, float radius) {
    vec2 q = abs(p) - halfSize + radius;
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - radius;
}

void main() {
    float radius = clamp(vShape.x, 0.0, min(vHalfSize.x, vHalfSize.y));
    float outer = clamp(0.5 - roundedBoxDistance(vLocal, vHalfSize, radius), 0.0, 1.0);
    float inner = outer;
    float strokeWidth = vShape.y;
    if (strokeWidth > 0.0) {
        vec2 innerHalfSize = max(vHalfSize - strokeWidth, vec2(0.0));
        float innerRadius = max(radius - strokeWidth, 0.0);
        float innerCoverage = clamp(0.5 - roundedBoxDistance(vLocal, innerHalfSize, innerRadius), 0.0, 1.0);
        inner = min(innerCoverage, outer);
    }
    fragColor = vFill * inner + vStroke * (outer - inner);
}
