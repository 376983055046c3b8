#version 330 core
// A picture (drawn flat into the group layer, its pixel (x, y) at the layer's texel (x, y) from
// the top) put over the target through a projective transform, as RasterPass.drawProjected: each
// pixel maps back into the picture, where n × n points spread over the pixel are sampled
// bilinearly (texels outside the picture are transparent) and averaged, n from how many picture
// pixels the pixel spans at its centre (ProjectedPicture.samples); a pixel whose centre lies
// behind the eye shows nothing, and so does a sample behind it.

// --- Inputs -------------------------------------------------------------------
flat in mat3 vInverse;                  // frame pixels to picture pixels, column form
flat in vec2 vSize;                     // the picture's size in whole pixels

// --- Uniforms -----------------------------------------------------------------
uniform sampler2D uPicture;             // RGBA8, premultiplied, the viewport-sized group layer
uniform vec2 uViewport;                 // framebuffer size in pixels
uniform float uYDirection;              // -1: row 0 at the bottom (GL, windows); 1: at the top

// --- Outputs ------------------------------------------------------------------
out vec4 fragColor;                     // premultiplied

vec4 texel(ivec2 at) {
    if (at.x < 0 || at.y < 0 || at.x >= int(vSize.x) || at.y >= int(vSize.y)) return vec4(0.0);
    int row = uYDirection > 0.0 ? at.y : int(uViewport.y) - 1 - at.y;
    return texelFetch(uPicture, ivec2(at.x, row), 0);
}

vec4 sampleAt(vec2 p) {
    vec2 f = p - 0.5;
    if (f.x <= -1.0 || f.y <= -1.0 || f.x >= vSize.x || f.y >= vSize.y) return vec4(0.0);
    vec2 base = floor(f);
    vec2 t = f - base;
    ivec2 i = ivec2(base);
    vec4 top = mix(texel(i), texel(i + ivec2(1, 0)), t.x);
    vec4 bottom = mix(texel(i + ivec2(0, 1)), texel(i + ivec2(1, 1)), t.x);
    return mix(top, bottom, t.y);
}

void main() {
    // The pixel's top-left corner, rows from the top.
    vec2 corner = vec2(floor(gl_FragCoord.x), uYDirection > 0.0 ? floor(gl_FragCoord.y) : uViewport.y - 1.0 - floor(gl_FragCoord.y));
    vec3 centre = vInverse * vec3(corner + 0.5, 1.0);
    // Behind the eye, nothing shows.
    if (centre.z <= 0.0) {
        fragColor = vec4(0.0);
        return;
    }
    // The Jacobian's columns of the map back into the picture.
    float w2 = centre.z * centre.z;
    vec2 dx = (vInverse[0].xy * centre.z - centre.xy * vInverse[0].z) / w2;
    vec2 dy = (vInverse[1].xy * centre.z - centre.xy * vInverse[1].z) / w2;
    float squared = max(dot(dx, dx), dot(dy, dy));
    int n = squared <= 4.0 ? 1 : squared <= 16.0 ? 2 : squared <= 36.0 ? 3 : 4;
    vec4 sum = vec4(0.0);
    for (int j = 0; j < n; ++j) {
        for (int i = 0; i < n; ++i) {
            vec3 q = vInverse * vec3(corner + (vec2(i, j) + 0.5) / float(n), 1.0);
            if (q.z <= 0.0) continue;
            sum += sampleAt(q.xy / q.z);
        }
    }
    fragColor = sum / float(n * n);
}
