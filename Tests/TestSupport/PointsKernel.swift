/// A compute kernel whose buffer a test can check by arithmetic: element i of `Points` is (i, 2i, the frames
/// drawn so far, 1), the third counting in a persistent buffer; its image is blue.
public enum PointsKernel {
    public static let source = """
        #version 310 es
        layout(local_size_x = 8) in;
        layout(std430, binding = 0) buffer Points { vec4 points[]; };
        layout(rgba8, binding = 0) writeonly uniform highp image2D shown;
        void main() {
            uint i = gl_GlobalInvocationID.x;
            points[i] = vec4(float(i), 2.0 * float(i), points[i].z + 1.0, 1.0);
            imageStore(shown, ivec2(i, 0), vec4(0.0, 0.0, 1.0, 1.0));
        }
        """

    /// A composition of the kernel alone, in `points.comp` beside it, over 32 elements.
    public static let composition = """
        composition: 1
        size: [32, 1]
        nodes:
          cloud: { kind: compute, file: points.comp, dispatch: [4, 1, 1], buffers: { Points: { count: 32, type: vec4, persistent: true } } }
        output: cloud

        """
}
