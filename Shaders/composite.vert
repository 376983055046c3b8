#version 330 core
// A finished group put over the frame: one quad covering the viewport (the scissor limits it).

// --- Inputs -------------------------------------------------------------------
layout(location = 0) in vec2 aCorner;   // unit quad corner, (0, 0) ... (1, 1)
layout(location = 1) in vec4 aMaskRect; // the mask's x, y, width, height; local units
layout(location = 2) in vec4 aParams;   // mask corner radius, group opacity, 1 when masked, 1 with mask paths
layout(location = 3) in vec3 aInverseX; // the mask's inverse matrix: local x = a·x + c·y + tx of a pixel
layout(location = 4) in vec3 aInverseY; // local y = b·x + d·y + ty
layout(location = 5) in vec2 aScale;    // the mask's pixels per local unit along x and y
layout(location = 6) in vec4 aPathBox;  // the mask paths' coverage: its pixel x, y, width, height
layout(location = 7) in vec2 aMatte;    // 0 no matte, 1 alpha, 2 alpha inverted, 3 luma, 4 luma inverted; 1 when its picture exists

// --- Outputs ------------------------------------------------------------------
flat out vec4 vMaskRect;
flat out vec4 vParams;
flat out vec3 vInverseX;
flat out vec3 vInverseY;
flat out vec2 vScale;
flat out vec4 vPathBox;
flat out vec2 vMatte;

void main() {
    vMaskRect = aMaskRect;
    vParams = aParams;
    vInverseX = aInverseX;
    vInverseY = aInverseY;
    vScale = aScale;
    vPathBox = aPathBox;
    vMatte = aMatte;
    gl_Position = vec4(aCorner * 2.0 - 1.0, 0.0, 1.0);
}
