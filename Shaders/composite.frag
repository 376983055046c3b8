#version 330 core
// A group's picture (same size and row order as the target) put over the target, faded by the
// group's opacity and, when masked, by the mask's rounded-rectangle coverage at this pixel and
// the mask paths' combined coverage (computed on the CPU, as MaskPath.coverage(of:clip:)).

// --- Inputs -------------------------------------------------------------------
flat in vec4 vMaskRect;
flat in vec4 vParams;                   // mask corner radius, group opacity, 1 when masked, 1 with mask paths
flat in vec3 vInverseX;
flat in vec3 vInverseY;
flat in vec2 vScale;
flat in vec4 vPathBox;                  // the coverage texture's pixel x, y, width, height
flat in vec2 vMatte;                    // matte mode (0 none … 4 luma inverted); 1 when its picture exists

// --- Uniforms -----------------------------------------------------------------
uniform sampler2D uGroup;               // RGBA8, premultiplied, one texel per framebuffer pixel
uniform sampler2D uPaths;               // R8, the mask paths' coverage over vPathBox, row 0 at the top
uniform sampler2D uMatte;               // RGBA8, premultiplied: the matte group's picture, as uGroup
uniform sampler2D uBackdrop;            // RGBA8, premultiplied: the target under the group (uBlend > 0)
uniform int uBlend;                     // BlendMode's index in its cases; 0 normal (source over by GL's blending)
uniform int uRampCount;                 // ColorRamp's colours (0: no colour map, else 1 ... 3)
uniform vec3 uRamp[3];                  // its colours, straight RGB, dark end first
uniform float uRampAmount;              // how much of the ramp's colour replaces the pixel's
uniform vec2 uViewport;                 // framebuffer size in pixels
uniform float uYDirection;              // -1: row 0 at the bottom (GL, windows); 1: at the top

// --- Outputs ------------------------------------------------------------------
out vec4 fragColor;                     // premultiplied

// --- Blend modes, as BlendMode.blend (W3C compositing) ---------------------------
float hardLight(float s, float b) { return s <= 0.5 ? b * 2.0 * s : b + (2.0 * s - 1.0) - b * (2.0 * s - 1.0); }
float softLight(float b, float s) {
    if (s <= 0.5) return b - (1.0 - 2.0 * s) * b * (1.0 - b);
    float d = b <= 0.25 ? ((16.0 * b - 12.0) * b + 4.0) * b : sqrt(b);
    return b + (2.0 * s - 1.0) * (d - b);
}
float dodge(float b, float s) { return b == 0.0 ? 0.0 : (s >= 1.0 ? 1.0 : min(1.0, b / (1.0 - s))); }
float burn(float b, float s) { return b >= 1.0 ? 1.0 : (s <= 0.0 ? 0.0 : 1.0 - min(1.0, (1.0 - b) / s)); }
float lum(vec3 c) { return dot(c, vec3(0.3, 0.59, 0.11)); }
vec3 clipColor(vec3 c) {
    float l = lum(c), n = min(c.r, min(c.g, c.b)), x = max(c.r, max(c.g, c.b));
    if (n < 0.0) c = l + (c - l) * l / (l - n);
    if (x > 1.0) c = l + (c - l) * (1.0 - l) / (x - l);
    return c;
}
vec3 setLum(vec3 c, float l) { return clipColor(c + (l - lum(c))); }
float sat(vec3 c) { return max(c.r, max(c.g, c.b)) - min(c.r, min(c.g, c.b)); }
vec3 setSat(vec3 c, float s) {
    float top = max(c.r, max(c.g, c.b)), bottom = min(c.r, min(c.g, c.b));
    return top > bottom ? (c - bottom) * s / (top - bottom) : vec3(0.0);
}
vec3 blendColors(int mode, vec3 b, vec3 s) {
    if (mode == 1) return b * s;
    if (mode == 2) return b + s - b * s;
    if (mode == 3) return vec3(hardLight(b.r, s.r), hardLight(b.g, s.g), hardLight(b.b, s.b));
    if (mode == 4) return min(b, s);
    if (mode == 5) return max(b, s);
    if (mode == 6) return vec3(dodge(b.r, s.r), dodge(b.g, s.g), dodge(b.b, s.b));
    if (mode == 7) return vec3(burn(b.r, s.r), burn(b.g, s.g), burn(b.b, s.b));
    if (mode == 8) return vec3(softLight(b.r, s.r), softLight(b.g, s.g), softLight(b.b, s.b));
    if (mode == 9) return vec3(hardLight(s.r, b.r), hardLight(s.g, b.g), hardLight(s.b, b.b));
    if (mode == 10) return abs(b - s);
    if (mode == 11) return b + s - 2.0 * b * s;
    if (mode == 12) return setLum(setSat(s, sat(b)), lum(b));
    if (mode == 13) return setLum(setSat(b, sat(s)), lum(b));
    if (mode == 14) return setLum(s, lum(b));
    if (mode == 15) return setLum(b, lum(s));
    if (mode == 16) return min(b + s, vec3(1.0));
    if (mode == 17) return step(vec3(1.0), b + s);
    return s;
}
vec4 compositeBlend(int mode, vec4 source, vec4 backdrop) {
    float alpha = source.a + backdrop.a * (1.0 - source.a);
    if (source.a <= 0.0 || backdrop.a <= 0.0) return vec4(source.rgb + backdrop.rgb * (1.0 - source.a), alpha);
    vec3 mixed = blendColors(mode, backdrop.rgb / backdrop.a, source.rgb / source.a);
    return vec4(source.rgb * (1.0 - backdrop.a) + backdrop.rgb * (1.0 - source.a) + mixed * source.a * backdrop.a, alpha);
}

// As ColorRamp.map: the straight colour mixed towards the ramp's at its Rec. 709 luminance.
vec4 mapThroughRamp(vec4 pixel) {
    if (pixel.a <= 0.0) return pixel;
    vec3 straight = min(pixel.rgb / pixel.a, vec3(1.0));
    float l = clamp(dot(straight, vec3(0.2126, 0.7152, 0.0722)), 0.0, 1.0);
    vec3 target = uRamp[0];
    if (uRampCount > 1) {
        float position = l * float(uRampCount - 1);
        int index = min(int(position), uRampCount - 2);
        target = mix(uRamp[index], uRamp[index + 1], position - float(index));
    }
    return vec4(mix(straight, target, uRampAmount) * pixel.a, pixel.a);
}

float roundedBoxDistance(vec2 p, vec2 halfSize, float radius) {
    vec2 q = abs(p) - halfSize + radius;
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - radius;
}

void main() {
    vec4 color = texelFetch(uGroup, ivec2(gl_FragCoord.xy), 0);
    if (uRampCount > 0) color = mapThroughRamp(color);
    color *= vParams.y;
    vec2 pixel = vec2(gl_FragCoord.x, uYDirection > 0.0 ? gl_FragCoord.y : uViewport.y - gl_FragCoord.y);
    if (vParams.w > 0.0) {
        ivec2 texel = ivec2(floor(pixel - vPathBox.xy));
        bool inside = texel.x >= 0 && texel.y >= 0 && texel.x < int(vPathBox.z) && texel.y < int(vPathBox.w);
        color *= inside ? texelFetch(uPaths, texel, 0).r : 0.0;
    }
    if (vMatte.x > 0.5) {
        // As Group.Matte.factor: alpha, or Rec. 709 luminance of the premultiplied colour.
        vec4 m = vMatte.y > 0.5 ? texelFetch(uMatte, ivec2(gl_FragCoord.xy), 0) : vec4(0.0);
        float luma = clamp(dot(m.rgb, vec3(0.2126, 0.7152, 0.0722)), 0.0, 1.0);
        float factor = vMatte.x < 1.5 ? m.a : vMatte.x < 2.5 ? 1.0 - m.a : vMatte.x < 3.5 ? luma : 1.0 - luma;
        color *= factor;
    }
    if (vParams.z > 0.0) {
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
    fragColor = uBlend > 0 ? compositeBlend(uBlend, color, texelFetch(uBackdrop, ivec2(gl_FragCoord.xy), 0)) : color;
}
