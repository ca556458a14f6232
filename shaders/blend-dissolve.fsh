// Dissolve blend: a cross-fade from the first image to the second, alpha included: `mixturePercent` 0 shows
// only the first image, 1 only the second. Animate it for a dissolve between two shots.
varying highp vec2 textureCoordinate;
varying highp vec2 textureCoordinate2;
uniform sampler2D inputImageTexture;
uniform sampler2D inputImageTexture2;
uniform lowp float mixturePercent;  // default: 0.5, range: 0...1, label: "Mix (0 = first image, 1 = second)"

void main() {
    lowp vec4 first = texture2D(inputImageTexture, textureCoordinate);
    lowp vec4 second = texture2D(inputImageTexture2, textureCoordinate2);
    gl_FragColor = mix(first, second, mixturePercent);
}
