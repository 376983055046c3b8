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
uniform vec2 uViewport;                 // framebuffer size in pixels
uniform float uYDirection;              // -1: row 0 at the bottom (GL, windows); 1: at the top

// --- Outputs ------------------------------------------------------------------
out vec4 fragColor;                     // premultiplied

float roundedBoxDistance(vec2 p, vec2 halfSize, float radius) {
    vec2 q = abs(p) - halfSize + radius;
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - radius;
}

void main() {
    vec4 color = texelFetch(uGroup, ivec2(gl_FragCoord.xy), 0) * vParams.y;
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
    fragColor = color;
}
