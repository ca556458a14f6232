// Normal blend: lays the second image over the first by the second image's alpha (Porter and Duff's
// "source over"), as a layer sits over the one beneath it; `intensity` scales the second image's opacity.
// Both images are taken as not premultiplied, and so is the result: where both are partly transparent the
// result's alpha adds up accordingly. Feed it chroma-key's output as the second image to composite a keyed
// shot over a background.
varying highp vec2 textureCoordinate;
varying highp vec2 textureCoordinate2;
uniform sampler2D inputImageTexture;
uniform sampler2D inputImageTexture2;
uniform lowp float intensity;   // default: 1, range: 0...1, label: "Opacity of the second image"

void main() {
    lowp vec4 base = texture2D(inputImageTexture, textureCoordinate);
    lowp vec4 overlay = texture2D(inputImageTexture2, textureCoordinate2);
    mediump float overlayAlpha = overlay.a * intensity;
    // What shows of the base is what the overlay leaves uncovered.
    mediump float baseAlpha = base.a * (1.0 - overlayAlpha);
    mediump float alpha = overlayAlpha + baseAlpha;
    // Premultiplied colours add; dividing by the total alpha returns to a straight colour. Where both are
    // fully transparent there is no colour to speak of: leave transparent black rather than divide by zero.
    mediump vec3 premultiplied = overlay.rgb * overlayAlpha + base.rgb * baseAlpha;
    gl_FragColor = alpha > 0.0 ? vec4(premultiplied / alpha, alpha) : vec4(0.0);
}
