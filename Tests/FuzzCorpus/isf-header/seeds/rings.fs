/*{
	"DESCRIPTION": "Concentric rings spreading from a point, in two colours",
	"CREDIT": "Shaderbench",
	"ISFVSN": "2",
	"CATEGORIES": ["Generator"],
	"INPUTS": [
		{ "NAME": "centre", "TYPE": "point2D", "LABEL": "Centre", "DEFAULT": [0.5, 0.5], "MIN": [0.0, 0.0], "MAX": [1.0, 1.0] },
		{ "NAME": "rings", "TYPE": "float", "LABEL": "Rings", "DEFAULT": 8.0, "MIN": 1.0, "MAX": 40.0 },
		{ "NAME": "speed", "TYPE": "float", "LABEL": "Speed (rings per second)", "DEFAULT": 0.5, "MIN": -4.0, "MAX": 4.0 },
		{ "NAME": "inner", "TYPE": "color", "LABEL": "Colour", "DEFAULT": [1.0, 0.55, 0.1, 1.0] },
		{ "NAME": "outer", "TYPE": "color", "LABEL": "Background", "DEFAULT": [0.05, 0.05, 0.2, 1.0] },
		{ "NAME": "sharp", "TYPE": "bool", "LABEL": "Hard edges", "DEFAULT": false }
	]
}*/

void main() {
	// Distances in units of the image's height, so rings stay round at any aspect ratio.
	vec2 position = (isf_FragNormCoord - centre) * vec2(RENDERSIZE.x / RENDERSIZE.y, 1.0);
	float wave = 0.5 + 0.5 * cos(6.2831853 * (length(position) * rings - TIME * speed));
	if (sharp) wave = step(0.5, wave);
	gl_FragColor = mix(outer, inner, wave);
}
