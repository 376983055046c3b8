#version 330 core
// Images stored premultiplied, faded by an opacity.

// --- Inputs -------------------------------------------------------------------
in vec2 vTexture;
flat in float vAlpha;

// --- Uniforms -----------------------------------------------------------------
uniform sampler2D uImage;               // RGBA8, premultiplied

// --- Outputs ------------------------------------------------------------------
out vec4 fragColor;                     // premultiplied

void main() {
    fragColor = texture(uImage, vTexture) * vAlpha;
}
