#version 330 core
// Glyph coverage from the single-channel atlas, tinting the premultiplied colour.

// --- Inputs -------------------------------------------------------------------
in vec2 vAtlas;
flat in vec4 vColor;                    // premultiplied

// --- Uniforms -----------------------------------------------------------------
uniform sampler2D uAtlas;               // R8 coverage

// --- Outputs ------------------------------------------------------------------
out vec4 fragColor;                     // premultiplied

void main() {
    fragColor = vColor * texture(uAtlas, vAtlas).r;
}
