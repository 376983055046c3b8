#version 330 core
// A rounded rectangle's coverage blurred by a Gaussian, in closed form along x and with four
// samples along y (Evan Wallace, "Fast Rounded Rectangle Shadows"). Evaluated in local space
// stretched by the transform's axis scales, which is pixel space turned.

// --- Inputs -------------------------------------------------------------------
in vec2 vLocal;
flat in vec2 vHalfSize;
flat in vec2 vShape;                    // corner radius, blur (standard deviation); local units
flat in vec4 vColor;                    // premultiplied
flat in vec2 vScale;                    // pixels per local unit along x and y

// --- Outputs ------------------------------------------------------------------
out vec4 fragColor;                     // premultiplied

float gaussian(float x, float sigma) {
    const float pi = 3.141592653589793;
    return exp(-(x * x) / (2.0 * sigma * sigma)) / (sqrt(2.0 * pi) * sigma);
}

// An approximation of the error function, good to 5e-4.
vec2 erf(vec2 x) {
    vec2 s = sign(x);
    vec2 a = abs(x);
    x = 1.0 + (0.278393 + (0.230389 + 0.078108 * (a * a)) * a) * a;
    x *= x;
    return s - s / (x * x);
}

// The blurred coverage along x of the row `y` of the rounded box.
float shadowX(float x, float y, float sigma, float corner, vec2 halfSize) {
    float delta = min(halfSize.y - corner - abs(y), 0.0);
    float curved = halfSize.x - corner + sqrt(max(0.0, corner * corner - delta * delta));
    vec2 integral = 0.5 + 0.5 * erf((x + vec2(-curved, curved)) * (sqrt(0.5) / sigma));
    return integral.y - integral.x;
}

float shadow(vec2 point, vec2 halfSize, float sigma, float corner) {
    float low = point.y - halfSize.y;
    float high = point.y + halfSize.y;
    float start = clamp(-3.0 * sigma, low, high);
    float end = clamp(3.0 * sigma, low, high);
    float step = (end - start) / 4.0;
    float y = start + step * 0.5;
    float value = 0.0;
    for (int i = 0; i < 4; i++) {
        value += shadowX(point.x, point.y - y, sigma, corner, halfSize) * gaussian(y, sigma) * step;
        y += step;
    }
    return value;
}

void main() {
    float toPixels = min(vScale.x, vScale.y);
    // Below a quarter pixel the blur is an anti-aliased edge; the formula needs a sigma above 0.
    float sigma = max(vShape.y * toPixels, 0.25);
    float corner = clamp(vShape.x, 0.0, min(vHalfSize.x, vHalfSize.y)) * toPixels;
    float coverage = clamp(shadow(vLocal * vScale, vHalfSize * vScale, sigma, corner), 0.0, 1.0);
    fragColor = vColor * coverage;
}
