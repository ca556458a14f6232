/*{
	"DESCRIPTION": "Tints the image towards a colour and lifts or lowers its brightness",
	"CREDIT": "Shaderbench",
	"ISFVSN": "2",
	"CATEGORIES": ["Color Adjustment"],
	"INPUTS": [
		{ "NAME": "inputImage", "TYPE": "image" },
		{ "NAME": "tint", "TYPE": "color", "LABEL": "Tint", "DEFAULT": [1.0, 0.85, 0.6, 1.0] },
		{ "NAME": "amount", "TYPE": "float", "LABEL": "Amount", "DEFAULT": 0.5, "MIN": 0.0, "MAX": 1.0, "IDENTITY": 0.0 },
		{ "NAME": "brightness", "TYPE": "float", "LABEL": "Brightness", "DEFAULT": 0.0, "MIN": -1.0, "MAX": 1.0, "IDENTITY": 0.0 }
	]
}*/

void main() {
	vec4 color = IMG_THIS_PIXEL(inputImage);
	float luminance = dot(color.rgb, vec3(0.2126, 0.7152, 0.0722));
	vec3 tinted = mix(color.rgb, luminance * tint.rgb, amount);
	gl_FragColor = vec4(clamp(tinted + brightness, 0.0, 1.0), color.a);
}
