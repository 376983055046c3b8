#version 330 core
// Anti-aliased line segments by signed distance to the segment (round caps), taken in local space
// stretched by the transform's axis scales, so the edge stays one pixel soft at any scale.

// --- Inputs -------------------------------------------------------------------
in vec2 vLocal;
flat in vec4 vEnds;
flat in float vHalfWidth;
flat in vec4 vColor;                    // premultiplied
flat in vec2 vScale;                    // pixels per local unit along x and y

// --- Outputs ------------------------------------------------------------------
out vec4 fragColor;                     // premultiplied

void main() {
    vec2 pa = (vLocal - vEnds.xy) * vScale;
    vec2 ba = (vEnds.zw - vEnds.xy) * vScale;
    float h = clamp(dot(pa, ba) / max(dot(ba, ba), 1e-12), 0.0, 1.0);
    float distance = length(pa - ba * h) - vHalfWidth * min(vScale.x, vScale.y);
    fragColor = vColor * clamp(0.5 - distance, 0.0, 1.0);
}
