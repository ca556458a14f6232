// White balance: corrects for the colour of the light a photo was taken under. `temperature` says how
// warm (low kelvin) or cool (high kelvin) that light was; each channel is divided by the light's colour
// relative to 6500 K daylight, so above 6500 the picture warms and below it cools. `tint` then shifts
// green against magenta. The light's colour is the black body on the Planckian locus, worked out in CIE
// xy from the cubic fit of Kim et al. and converted to linear sRGB.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform highp float temperature;    // default: 11000, range: 2000...20000, label: "Temperature (K, 6500 = unchanged)"
uniform mediump float tint;         // default: 0, range: -100...100, label: "Tint (negative = green, positive = magenta)"

// The temperature that leaves colours unchanged: sRGB's white is daylight at about 6500 K.
const highp float neutralTemperature = 6500.0;

// The colour of a black body at `kelvin` in linear sRGB, scaled so its Y (luminance) is 1.
highp vec3 blackBody(highp float kelvin) {
    // In units of 1000 K the fit's powers of 1/T stay small enough for any float precision.
    highp float u = 1000.0 / clamp(kelvin, 1667.0, 25000.0);
    highp float x = kelvin < 4000.0
        ? ((-0.2661239 * u - 0.2343589) * u + 0.8776956) * u + 0.179910
        : ((-3.0258469 * u + 2.1070379) * u + 0.2226347) * u + 0.240390;
    highp float y;
    if (kelvin < 2222.0) {
        y = ((-1.1063814 * x - 1.34811020) * x + 2.18555832) * x - 0.20219683;
    } else if (kelvin < 4000.0) {
        y = ((-0.9549476 * x - 1.37418593) * x + 2.09137015) * x - 0.16748867;
    } else {
        y = ((3.0817580 * x - 5.87338670) * x + 3.75112997) * x - 0.37001483;
    }
    highp vec3 xyz = vec3(x / y, 1.0, (1.0 - x - y) / y);
    // CIE XYZ to linear sRGB (D65), written column by column.
    const highp mat3 xyzToRGB = mat3(3.2406, -0.9689, 0.0557,
                                     -1.5372, 1.8758, -0.2040,
                                     -0.4986, 0.0415, 1.0570);
    return xyzToRGB * xyz;
}

// The Rec. 709 luma weights, to keep the overall brightness when the channel gains change.
const mediump vec3 luminanceWeights = vec3(0.2125, 0.7154, 0.0721);

void main() {
    lowp vec4 colour = texture2D(inputImageTexture, textureCoordinate);
    highp vec3 gain = blackBody(neutralTemperature) / max(blackBody(temperature), vec3(0.001));
    // Positive tint takes green away, which reads as magenta; ±100 is half a stop of green either way.
    gain.g *= exp2(-0.005 * tint);
    gain /= dot(gain, luminanceWeights);
    // Light mixes linearly, so the gains apply to linear values; 2.2 is close enough to sRGB's curve here.
    highp vec3 linearLight = pow(max(colour.rgb, vec3(0.0)), vec3(2.2));
    highp vec3 balanced = pow(clamp(linearLight * gain, 0.0, 1.0), vec3(1.0 / 2.2));
    gl_FragColor = vec4(balanced, colour.a);
}
