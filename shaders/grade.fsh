// A colour grade that shows every kind of uniform a composition can set: blends a second image in with
// weights that pulse over time, applies a colour matrix and a tint, and can be switched off.
varying highp vec2 textureCoordinate;
varying highp vec2 textureCoordinate2;
uniform sampler2D inputImageTexture;
uniform sampler2D inputImageTexture2;
uniform lowp vec3 tint;             // default: [1, 1, 1], range: 0...2, label: "Tint"
uniform highp float phase;          // default: 0, range: 0...60, label: "Seconds: the blend pulses once every two"
uniform mediump float weights[3];   // default: [1, 0, 0], range: 0...1, label: "First image, second, their product"
uniform mediump mat3 colourMatrix;  // default: [1, 0, 0, 0, 1, 0, 0, 0, 1], range: -2...2, label: "Colour matrix"
uniform bool enabled;               // default: true, label: "Grade on"

void main() {
    lowp vec4 first = texture2D(inputImageTexture, textureCoordinate);
    lowp vec4 second = texture2D(inputImageTexture2, textureCoordinate2);
    if (!enabled) {
        gl_FragColor = first;
        return;
    }
    mediump float pulse = 0.5 + 0.5 * sin(phase * 3.14159265);
    mediump vec3 blended = first.rgb * weights[0] + second.rgb * weights[1] * pulse + first.rgb * second.rgb * weights[2];
    gl_FragColor = vec4(clamp(colourMatrix * blended * tint * 1.6, 0.0, 1.0), first.a);
}
