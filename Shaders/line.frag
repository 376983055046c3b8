#version 330 core
// Anti-aliased line segments by signed distance to the segment (round caps).

// --- Inputs -------------------------------------------------------------------
in vec2 vPosition;
flat in vec4 vEnds;
flat in float vHalfWidth;
flat in vec4 vColor;                    // premultiplied

// --- Outputs ------------------------------------------------------------------
out vec4 fragColor;                     // premultiplied

void main() {
    vec2 pa = vPosition - vEnds.xy;
    vec2 ba = vEnds.zw - vEnds.xy;
    float h = clamp(dot(pa, ba) / max(dot(ba, ba), 1e-12), 0.0, 1.0);
    float distance = length(pa - ba * h) - vHalfWidth;
    fragColor = vColor * clamp(0.5 - distance, 0.0, 1.0);
}
