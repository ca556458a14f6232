// Colour tracking view: the image with a dot on the tracked colour's centroid; no dot when nothing matches.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform highp vec3 centroid;      // default: [-1, -1, 0], range: [-1, -1, 0]...[1, 1, 1], label: "x, y and area of what is tracked"
uniform highp float aspect;       // default: 1.7778, range: 0.1...10, label: "Width ÷ height, to keep the dot round"
uniform lowp vec3 dotColor;       // default: [0.2, 1, 0.3], range: 0...1, label: "Dot colour"

void main() {
    lowp vec4 colour = texture2D(inputImageTexture, textureCoordinate);
    highp vec2 offset = (textureCoordinate - centroid.xy) * vec2(aspect, 1.0);
    lowp float onDot = centroid.z > 0.0 ? 1.0 - smoothstep(0.015, 0.02, length(offset)) : 0.0;
    gl_FragColor = vec4(mix(colour.rgb, dotColor, onDot), 1.0);
}
