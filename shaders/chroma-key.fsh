// Chroma key: makes pixels of the `keyColor` hue transparent, to lay the image over another with
// blend-normal. Colours are compared by chroma alone (the Cb and Cr of YCbCr, leaving out luma), so uneven
// lighting on a backdrop matters less than it would to a distance in RGB. Closer than `threshold` is fully
// transparent; the next `smoothing` of distance fades back to opaque. The output is not premultiplied.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform lowp vec3 keyColor;         // default: [0, 1, 0], range: 0...1, label: "Key colour"
uniform mediump float threshold;    // default: 0.4, range: 0...1, label: "Threshold (chroma distance keyed out)"
uniform mediump float smoothing;    // default: 0.1, range: 0...0.5, label: "Smoothing (width of the soft edge)"

// The blue-difference and red-difference rows of the BT.601 RGB to YCbCr matrix.
mediump vec2 chroma(mediump vec3 rgb) {
    return vec2(dot(rgb, vec3(-0.168736, -0.331264, 0.5)), dot(rgb, vec3(0.5, -0.418688, -0.081312)));
}

void main() {
    lowp vec4 colour = texture2D(inputImageTexture, textureCoordinate);
    mediump float distanceToKey = distance(chroma(colour.rgb), chroma(keyColor));
    // A small floor on the edge width keeps smoothstep's edges ordered when smoothing is 0.
    mediump float opacity = smoothstep(threshold, threshold + max(smoothing, 0.001), distanceToKey);
    gl_FragColor = vec4(colour.rgb, colour.a * opacity);
}
