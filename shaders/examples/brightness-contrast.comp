/*{
    "ISFVSN": "2.0",
    "MODE": "COMPUTE_SHADER",
    "DESCRIPTION": "Brightness and contrast as a compute shader in ossia score's format: each invocation loads its pixel, stretches it about mid grey and scales it.",
    "CATEGORIES": ["COLOR"],
    "RESOURCES": [
        { "NAME": "inputImage", "TYPE": "image", "ACCESS": "read_only", "FORMAT": "RGBA8" },
        { "NAME": "outputImage", "TYPE": "image", "ACCESS": "write_only", "FORMAT": "RGBA8",
          "WIDTH": "$WIDTH_inputImage", "HEIGHT": "$HEIGHT_inputImage" },
        { "NAME": "brightness", "TYPE": "float", "DEFAULT": 1.2, "MIN": 0.0, "MAX": 2.0, "LABEL": "Brightness" },
        { "NAME": "contrast", "TYPE": "float", "DEFAULT": 1.5, "MIN": 0.0, "MAX": 3.0, "LABEL": "Contrast" }
    ],
    "PASSES": [ { "LOCAL_SIZE": [16, 16, 1], "EXECUTION_MODEL": { "TYPE": "2D_IMAGE", "TARGET": "outputImage" } } ]
}*/
void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(pixel, imageSize(outputImage)))) return;
    vec4 colour = IMG_LOAD(inputImage, pixel);
    colour.rgb = clamp((colour.rgb - 0.5) * contrast + 0.5, 0.0, 1.0) * brightness;
    IMG_STORE(outputImage, pixel, colour);
}
