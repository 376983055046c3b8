#version 330 core
// A path filled with one colour, by the coverage the CPU rasteriser computed.

// --- Inputs -------------------------------------------------------------------
in vec2 vMask;
flat in vec4 vColor;                    // premultiplied

// --- Uniforms -----------------------------------------------------------------
uniform sampler2D uMask;                // R8 coverage, row 0 = the mask's top row

// --- Outputs ------------------------------------------------------------------
out vec4 fragColor;                     // premultiplied

void main() {
    fragColor = vColor * texture(uMask, vMask).r;
}
