#version 330 core
// A blur pass: one quad covering the viewport (the scissor limits it).

layout(location = 0) in vec2 aCorner;   // unit quad corner, (0, 0) ... (1, 1)
layout(location = 1) in float aUnused;  // one instance per pass

void main() {
    gl_Position = vec4(aCorner * 2.0 - 1.0, 0.0, 1.0);
}
