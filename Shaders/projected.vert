#version 330 core
// A projected picture put over the frame: one quad covering the viewport (the scissor limits it
// to the picture's projected bounds).

// --- Inputs -------------------------------------------------------------------
layout(location = 0) in vec2 aCorner;   // unit quad corner, (0, 0) ... (1, 1)
layout(location = 1) in vec3 aInverse1; // the inverse transform's first row (m11, m12, m13)
layout(location = 2) in vec3 aInverse2; // its second row
layout(location = 3) in vec3 aInverse3; // its third row
layout(location = 4) in vec2 aSize;     // the picture's size in whole pixels

// --- Outputs ------------------------------------------------------------------
flat out mat3 vInverse;
flat out vec2 vSize;

void main() {
    // mat3 takes columns: with the rows above as its columns, vInverse * p is the row vector
    // p times the matrix, p · M.
    vInverse = mat3(aInverse1, aInverse2, aInverse3);
    vSize = aSize;
    gl_Position = vec4(aCorner * 2.0 - 1.0, 0.0, 1.0);
}
