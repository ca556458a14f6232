/*{
    "DESCRIPTION": "Gaussian blur of any radius in two passes, across and then down: each is a one-dimensional blur, so the cost grows with the radius rather than with its square. The standard deviation is half the radius.",
    "ISFVSN": "2",
    "CATEGORIES": ["Blur"],
    "INPUTS": [
        { "NAME": "inputImage", "TYPE": "image" },
        { "NAME": "radius", "TYPE": "float", "DEFAULT": 6.0, "MIN": 0.0, "MAX": 64.0, "LABEL": "Radius in pixels" }
    ],
    "PASSES": [
        { "TARGET": "across", "FLOAT": true },
        { }
    ]
}*/

// Pass 0 blurs the image across into `across`; pass 1 blurs `across` down into the output.
vec4 sourcePixel(vec2 coordinate) {
    return PASSINDEX == 0 ? IMG_NORM_PIXEL(inputImage, coordinate) : IMG_NORM_PIXEL(across, coordinate);
}

void main() {
    vec2 step = PASSINDEX == 0 ? vec2(1.0 / RENDERSIZE.x, 0.0) : vec2(0.0, 1.0 / RENDERSIZE.y);
    float sigma = max(radius * 0.5, 0.001);
    int reach = int(ceil(radius));
    vec4 sum = sourcePixel(isf_FragNormCoord);
    float total = 1.0;
    for (int offset = 1; offset <= reach; offset++) {
        float weight = exp(-float(offset * offset) / (2.0 * sigma * sigma));
        vec2 shift = step * float(offset);
        sum += (sourcePixel(isf_FragNormCoord + shift) + sourcePixel(isf_FragNormCoord - shift)) * weight;
        total += 2.0 * weight;
    }
    gl_FragColor = sum / total;
}
