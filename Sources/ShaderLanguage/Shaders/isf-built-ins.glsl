// What the workbench sets for an ISF shader every frame (or, for PASSINDEX, every pass), in both stages. An
// ISF header may not name an input after any of these: ISFDialect reads the names from this file.
precision highp float;
precision highp int;
uniform float TIME;
uniform float TIMEDELTA;
uniform vec2 RENDERSIZE;
uniform int PASSINDEX;
uniform int FRAMEINDEX;
uniform vec4 DATE;
