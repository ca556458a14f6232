// Soft light blend: a gentle version of hard light, as if a diffuse light of the second image's colour
// shone on the first. Second-image tones darker than mid grey darken the first and lighter ones lighten
// it, but black and white in the first image stay put. The curve is the one of the W3C compositing
// specification: a quadratic pull towards black, and towards white a root-like curve. How much of the
// blend shows is the second image's alpha times `intensity`; the first image's alpha is kept.
varying highp vec2 textureCoordinate;
varying highp vec2 textureCoordinate2;
uniform sampler2D inputImageTexture;
uniform sampler2D inputImageTexture2;
uniform lowp float intensity;   // default: 1, range: 0...1, label: "Intensity (0 = first image only)"

void main() {
    lowp vec4 base = texture2D(inputImageTexture, textureCoordinate);
    lowp vec4 overlay = texture2D(inputImageTexture2, textureCoordinate2);
    // Named as in the formula: b the backdrop (first image), s the source laid on it (second).
    mediump vec3 b = base.rgb;
    mediump vec3 s = overlay.rgb;
    // Darkening: b − (1 − 2s)·b·(1 − b), a parabola through black and white.
    mediump vec3 darkened = b - (vec3(1.0) - 2.0 * s) * b * (vec3(1.0) - b);
    // Lightening moves b towards a curve D(b): a cubic for deep shadows, where √b would rise too steeply,
    // and √b above a quarter; the two meet at b = 0.25 with the same value.
    mediump vec3 cubic = ((16.0 * b - 12.0) * b + 4.0) * b;
    mediump vec3 lifted = mix(cubic, sqrt(b), step(0.25, b));
    mediump vec3 lightened = b + (2.0 * s - vec3(1.0)) * (lifted - b);
    mediump vec3 blended = mix(darkened, lightened, step(0.5, s));
    gl_FragColor = vec4(mix(base.rgb, blended, overlay.a * intensity), base.a);
}
