#version 330 core
// A path filled with one colour or a gradient, by the coverage the CPU rasteriser computed.
// The gradient's offset is computed as CadenceDraw's Gradient.offset(x:y:) does, and looked up
// in its 256-entry ramp with linear filtering, as the CPU backend does.

// --- Inputs -------------------------------------------------------------------
in vec2 vMask;
in vec2 vPixel;
flat in vec4 vColor;                    // premultiplied
flat in vec4 vLine;                     // start.xy, end.xy
flat in vec4 vPaint;                    // kind (1 linear, 2 radial, 3 conic), focus.xy

// --- Uniforms -----------------------------------------------------------------
uniform sampler2D uMask;                // R8 coverage, row 0 = the mask's top row
uniform sampler2D uRamp;                // 256 x 1 premultiplied RGBA8, linear filtering

// --- Outputs ------------------------------------------------------------------
out vec4 fragColor;                     // premultiplied

float gradientOffset(vec2 p) {
    vec2 start = vLine.xy;
    vec2 end = vLine.zw;
    if (vPaint.x < 1.5) {
        vec2 d = end - start;
        float length2 = dot(d, d);
        return length2 > 0.0 ? dot(p - start, d) / length2 : 1.0;
    }
    if (vPaint.x > 2.5) {
        const float turn = 6.283185307179586;
        vec2 toPoint = p - start;
        if (dot(toPoint, toPoint) <= 0.0) return 0.0;
        float angle = atan(toPoint.y, toPoint.x) - atan(end.y - start.y, end.x - start.x);
        return (angle - floor(angle / turn) * turn) / turn;
    }
    float radius = length(end - start);
    if (radius <= 0.0) return 1.0;
    vec2 focus = vPaint.yz;
    vec2 toPoint = p - focus;
    float distance = length(toPoint);
    if (distance <= 0.0) return 0.0;
    vec2 direction = toPoint / distance;
    vec2 fromCentre = focus - start;
    float b = dot(direction, fromCentre);
    float c = dot(fromCentre, fromCentre) - radius * radius;
    float reach = -b + sqrt(max(b * b - c, 0.0));
    return reach > 0.0 ? distance / reach : 1.0;
}

void main() {
    float coverage = texture(uMask, vMask).r;
    if (vPaint.x < 0.5) {
        fragColor = vColor * coverage;
        return;
    }
    float t = clamp(gradientOffset(vPixel), 0.0, 1.0);
    vec4 color = texture(uRamp, vec2((t * 255.0 + 0.5) / 256.0, 0.5));
    fragColor = color * (vColor.a * coverage);
}
