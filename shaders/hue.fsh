// Hue: rotates every colour about the grey axis of the RGB cube by `hue` degrees, so red turns to yellow
// then green as the angle grows, while greys and each colour's distance from grey are kept.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform mediump float hue;  // default: 90, range: -180...180, label: "Hue rotation (degrees)"

void main() {
    lowp vec4 colour = texture2D(inputImageTexture, textureCoordinate);
    mediump float angle = radians(hue);
    mediump float cosine = cos(angle);
    mediump float sine = sin(angle);
    // Rodrigues' rotation about the unit axis k = (1, 1, 1) / √3:
    //   v cos θ + (k × v) sin θ + k (k · v) (1 − cos θ)
    // where k × v = (b − g, r − b, g − r) / √3 and k (k · v) is the mean of the channels on every channel.
    mediump vec3 axisCross = vec3(colour.b - colour.g, colour.r - colour.b, colour.g - colour.r) * 0.57735027;
    mediump float mean = (colour.r + colour.g + colour.b) / 3.0;
    mediump vec3 rotated = colour.rgb * cosine + axisCross * sine + vec3(mean * (1.0 - cosine));
    // A saturated colour rotated between primaries can poke just outside the cube.
    gl_FragColor = vec4(clamp(rotated, 0.0, 1.0), colour.a);
}
