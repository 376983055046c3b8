#version 330 core
// Anti-aliased line segments by signed distance to the segment (round caps), taken in local space
// and converted to pixels by the transform's axis scales, so the edge stays one pixel soft at any
// scale.

// --- Inputs -------------------------------------------------------------------
in vec2 vLocal;
flat in vec4 vEnds;
flat in float vHalfWidth;
flat in vec4 vColor;                    // premultiplied
flat in vec2 vScale;                    // pixels per local unit along x and y

// --- Outputs ------------------------------------------------------------------
out vec4 fragColor;                     // premultiplied

void main() {
    vec2 pa = vLocal - vEnds.xy;
    vec2 ba = vEnds.zw - vEnds.xy;
    float distance;
#ifdef TRANSFORMED
    if (vScale.x == vScale.y) {
        // A uniform scale: scaled local space is pixel space turned.
        pa *= vScale;
        ba *= vScale;
        float h = clamp(dot(pa, ba) / max(dot(ba, ba), 1e-12), 0.0, 1.0);
        distance = length(pa - ba * h) - vHalfWidth * vScale.x;
    } else {
        // Non-uniform: the local distance, stretched by the scale along the direction it is
        // measured in.
        float h = clamp(dot(pa, ba) / max(dot(ba, ba), 1e-12), 0.0, 1.0);
        vec2 offset = pa - ba * h;
        float away = length(offset);
        vec2 direction = away > 0.0 ? offset / away : vec2(-ba.y, ba.x) / max(length(ba), 1e-12);
        distance = (away - vHalfWidth) * length(direction * vScale);
    }
#else
    // Untransformed: local space is pixel space.
    float h = clamp(dot(pa, ba) / max(dot(ba, ba), 1e-12), 0.0, 1.0);
    distance = length(pa - ba * h) - vHalfWidth;
#endif
    fragColor = vColor * clamp(0.5 - distance, 0.0, 1.0);
}
