/*{
    "DESCRIPTION": "The sound's spectrum as bars, low notes on the left, over a glow that swells with the loudness.",
    "ISFVSN": "2",
    "INPUTS": [
        { "NAME": "spectrum", "TYPE": "audioFFT", "MAX": 64 },
        { "NAME": "gain", "TYPE": "float", "DEFAULT": 1.2, "MIN": 0.1, "MAX": 4.0, "LABEL": "Gain" },
        { "NAME": "barColour", "TYPE": "color", "DEFAULT": [0.3, 0.85, 1.0, 1.0], "LABEL": "Bar colour" }
    ]
}*/
void main() {
    vec2 uv = isf_FragNormCoord;
    // The low bins hold most of a chord: a quarter of the spectrum fills the width, and levels are square-rooted
    // so quiet partials still show.
    float level = sqrt(IMG_NORM_PIXEL(spectrum, vec2(uv.x * 0.25, 0.5)).r) * gain;
    float loudness = 0.0;
    for (int bin = 0; bin < 16; bin++) loudness += IMG_PIXEL(spectrum, vec2(float(bin) + 0.5, 0.5)).r;
    float bar = step(uv.y, level) * step(0.15, fract(uv.x * 16.0));
    vec3 glow = vec3(0.05, 0.02, 0.12) + vec3(0.25, 0.1, 0.4) * min(loudness, 2.0) * (1.0 - uv.y);
    gl_FragColor = vec4(mix(glow, barColour.rgb * (0.6 + 0.4 * uv.y), bar), 1.0);
}
