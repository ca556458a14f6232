/*{
	"DESCRIPTION": "Breaks the image into square tiles, each the colour of the pixel at its centre",
	"CREDIT": "Shaderbench",
	"ISFVSN": "2",
	"CATEGORIES": ["Stylize"],
	"INPUTS": [
		{ "NAME": "inputImage", "TYPE": "image" },
		{ "NAME": "tileSize", "TYPE": "float", "LABEL": "Tile size (pixels)", "DEFAULT": 16.0, "MIN": 1.0, "MAX": 128.0, "IDENTITY": 1.0 },
		{ "NAME": "edges", "TYPE": "long", "LABEL": "Edges", "VALUES": [0, 1, 2], "LABELS": ["None", "Dark", "Light"], "DEFAULT": 1 }
	]
}*/

void main() {
	vec2 size = IMG_SIZE(inputImage);
	vec2 pixel = isf_FragNormCoord * size;
	vec2 tile = floor(pixel / tileSize);
	vec2 centre = min((tile + 0.5) * tileSize, size - 0.5);
	vec4 color = IMG_PIXEL(inputImage, centre);
	// Tile edges one pixel wide, on the left and bottom of each tile.
	vec2 inTile = pixel - tile * tileSize;
	bool onEdge = tileSize >= 4.0 && (inTile.x < 1.0 || inTile.y < 1.0);
	if (onEdge && edges == 1) color.rgb *= 0.6;
	if (onEdge && edges == 2) color.rgb = mix(color.rgb, vec3(1.0), 0.4);
	gl_FragColor = color;
}
