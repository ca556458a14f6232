// Rotate: turns the image by `angle` degrees anticlockwise about its centre. The turn is done in pixel
// proportions (from `texelWidth` and `texelHeight`) so the picture turns without shearing; where the
// output reaches beyond the turned image it is transparent black.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform highp float texelWidth;
uniform highp float texelHeight;
uniform mediump float angle;    // default: 20, range: -180...180, label: "Angle (degrees, anticlockwise)"

void main() {
    // Width over height: measure both axes in image heights, so the turn keeps right angles square.
    highp float aspect = texelHeight / texelWidth;
    highp vec2 position = (textureCoordinate - 0.5) * vec2(aspect, 1.0);
    // Whole turns are taken off first so that 360 gives exactly the original: sin and cos of a large angle
    // can be far enough off on some GL implementations to shift the picture by a pixel.
    highp float theta = radians(mod(angle + 180.0, 360.0) - 180.0);
    // y grows downwards, so a turn that looks anticlockwise is clockwise in these coordinates. Each output
    // pixel reads the point that turn carried onto it, found by turning back: anticlockwise here, which is
    // the textbook rotation matrix for θ (written column by column).
    highp mat2 unrotate = mat2(cos(theta), sin(theta), -sin(theta), cos(theta));
    highp vec2 source = (unrotate * position) / vec2(aspect, 1.0) + 0.5;
    bool inside = all(greaterThanEqual(source, vec2(0.0))) && all(lessThanEqual(source, vec2(1.0)));
    gl_FragColor = inside ? texture2D(inputImageTexture, source) : vec4(0.0);
}
