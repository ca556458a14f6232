// A camera's or movie's frame converted to RGBA from its planes as they were uploaded, as the first member of
// a fused chain (FrameConversionMember): the pass that reads the frame converts it at its own pixel. Written
// in GLSL ES 1.00, as the GPUImage filters that read frames are; in a chain of 3.x passes, fusion writes it as
// 3.x (texture2D as texture, varying as in). FrameConversionMember names these uniforms and the coordinate.
varying highp vec2 textureCoordinate;
uniform sampler2D framePlane0;
uniform sampler2D framePlane1;
uniform sampler2D framePlane2;
// How the planes hold the frame (FrameConversionMember.Layout): 0 the first plane holds it already converted,
// 1 luma, Cb and Cr each a plane, 2 luma then Cb and Cr interleaved (NV12), 3 YUYV and 4 UYVY (packed 4:2:2,
// a pair of pixels to an RGBA texel).
uniform int frameLayout;
uniform highp mat3 frameMatrix;
uniform highp vec3 frameOffset;
// The frame's width in pixels, which tells a packed pair's halves apart.
uniform highp float frameWidth;
void main() {
    highp vec4 first = texture2D(framePlane0, textureCoordinate);
    if (frameLayout == 0) {
        gl_FragColor = first;
        return;
    }
    highp vec3 codes;
    if (frameLayout == 1) {
        codes = vec3(first.r, texture2D(framePlane1, textureCoordinate).r, texture2D(framePlane2, textureCoordinate).r);
    } else if (frameLayout == 2) {
        codes = vec3(first.r, texture2D(framePlane1, textureCoordinate).rg);
    } else {
        bool even = mod(floor(textureCoordinate.x * frameWidth), 2.0) < 0.5;
        codes = frameLayout == 3 ? vec3(even ? first.r : first.b, first.g, first.a)
                                  : vec3(even ? first.g : first.a, first.r, first.b);
    }
    gl_FragColor = vec4(clamp(frameMatrix * (codes - frameOffset), 0.0, 1.0), 1.0);
}
