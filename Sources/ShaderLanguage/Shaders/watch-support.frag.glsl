// What an instrumented shader records for a watched expression: its value the last time the watched line ran
// for this pixel, its type, and how many times the line ran. One overload a type, so the expression's type
// picks the one that records it; every name starts with shaderbenchWatch, out of the user's way.
highp vec4 shaderbenchWatchValue = vec4(0.0);
highp float shaderbenchWatchKind = 0.0;
highp float shaderbenchWatchHits = 0.0;

void shaderbenchWatchSet(highp vec4 value, highp float kind) {
    shaderbenchWatchValue = value;
    shaderbenchWatchKind = kind;
    shaderbenchWatchHits += 1.0;
}

void shaderbenchWatch(highp float v) { shaderbenchWatchSet(vec4(v, 0.0, 0.0, 0.0), 1.0); }
void shaderbenchWatch(highp vec2 v) { shaderbenchWatchSet(vec4(v, 0.0, 0.0), 2.0); }
void shaderbenchWatch(highp vec3 v) { shaderbenchWatchSet(vec4(v, 0.0), 3.0); }
void shaderbenchWatch(highp vec4 v) { shaderbenchWatchSet(v, 4.0); }
void shaderbenchWatch(highp int v) { shaderbenchWatchSet(vec4(float(v), 0.0, 0.0, 0.0), 5.0); }
void shaderbenchWatch(highp ivec2 v) { shaderbenchWatchSet(vec4(vec2(v), 0.0, 0.0), 6.0); }
void shaderbenchWatch(highp ivec3 v) { shaderbenchWatchSet(vec4(vec3(v), 0.0), 7.0); }
void shaderbenchWatch(highp ivec4 v) { shaderbenchWatchSet(vec4(v), 8.0); }
void shaderbenchWatch(bool v) { shaderbenchWatchSet(vec4(v ? 1.0 : 0.0, 0.0, 0.0, 0.0), 9.0); }
void shaderbenchWatch(bvec2 v) { shaderbenchWatchSet(vec4(vec2(v), 0.0, 0.0), 10.0); }
void shaderbenchWatch(bvec3 v) { shaderbenchWatchSet(vec4(vec3(v), 0.0), 11.0); }
void shaderbenchWatch(bvec4 v) { shaderbenchWatchSet(vec4(v), 12.0); }
