extension DiagnosticCode {
    package static let compute = [computeVersion, computeLocalSize, computeImage, computeBuffer, computeDispatch, computeBinding, bufferValue]

    public static let computeVersion = DiagnosticCode(
        2201, "a compute kernel needs GLSL ES 3.10 and a GLES 3.1 context",
        explanation: """
            Compute shaders came with OpenGL ES 3.1: a kernel opens with `#version 310 es` (or `320 es`), or with \
            desktop GLSL's `#version 430` or later, which is translated to GLSL ES 3.10. It runs only where the GL \
            context is OpenGL ES 3.1 or later; on a 3.0 context the node is refused at its file rather than drawn \
            wrong, and the message says which version the context has.
            """,
        example: """
            #version 300 es
            layout(local_size_x = 8, local_size_y = 8) in;
            // fixed:
            #version 310 es
            layout(local_size_x = 8, local_size_y = 8) in;
            """)

    public static let computeLocalSize = DiagnosticCode(
        2202, "a compute kernel's work group size is missing or over the device's limit",
        explanation: """
            A kernel declares how many invocations a work group has: `layout(local_size_x = X, local_size_y = Y, \
            local_size_z = Z) in;`. Each side must be 1 or more and within the device's \
            GL_MAX_COMPUTE_WORK_GROUP_SIZE, and X × Y × Z within GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS (OpenGL ES \
            3.1 guarantees 128 and 128, and llvmpipe allows 1024 and 1024); the message gives the device's numbers.
            """,
        example: """
            layout(local_size_x = 64, local_size_y = 64) in;    // 4096 invocations
            // fixed:
            layout(local_size_x = 16, local_size_y = 16) in;    // 256
            """)

    public static let computeImage = DiagnosticCode(
        2203, "an image a compute kernel declares does not match its node",
        explanation: """
            Each `image2D` uniform of a kernel is either an input (wired under `inputs:`, declared `readonly`) or \
            one of the node's targets, which the node makes in the format the image's layout qualifier names: \
            `rgba8`, `rgba16f` or `rgba32f`. An image without a format qualifier, with one the workbench cannot \
            make as a target, with one other than the node's `format:`, or an input declared `writeonly`, is \
            reported at the declaration.
            """,
        example: """
            layout(binding = 0) writeonly uniform highp image2D result;
            // fixed:
            layout(rgba8, binding = 0) writeonly uniform highp image2D result;
            """)

    public static let computeBuffer = DiagnosticCode(
        2204, "a storage buffer's size, type or contents are wrong",
        explanation: """
            A kernel's `buffer` blocks are made by its node as `buffers:` says: `count` elements of `type` (float, \
            int, uint, vec2–vec4, ivec2–ivec4, uvec2–uvec4 or mat4, laid out as std430 has them), optionally \
            `persistent: true` (kept from frame to frame) and `file:` (a JSON list of numbers, or raw bytes, that it \
            starts from; else zeros). A block whose last member is an array of no stated length needs a `count`; a \
            count of 0, a buffer over 64 MiB (or the device's GL_MAX_SHADER_STORAGE_BLOCK_SIZE, where that is less), \
            a `type` other than the array's own, a file of the wrong size, or a block the kernel does not declare \
            are each reported at the key.
            """,
        example: """
            buffers: { Bins: { count: 0 } }
            # fixed:
            buffers: { Bins: { count: 256, type: uint } }
            """)

    public static let computeDispatch = DiagnosticCode(
        2205, "a compute pass dispatches no work groups, or more than the device allows",
        explanation: """
            A pass runs `dispatch: [X, Y, Z]` work groups, or by default enough groups of its work group size to \
            cover its node's image. Each count must be 1 or more and within the device's \
            GL_MAX_COMPUTE_WORK_GROUP_COUNT (OpenGL ES 3.1 guarantees 65535 on each axis). A count or size written as \
            an expression must parse, read only the names it may ($WIDTH, $HEIGHT, an input's $WIDTH_name and \
            $HEIGHT_name, a uniform's $name set to a number, not wired) and, for a dispatch, come to 1 or more.
            """,
        example: """
            dispatch: [0, 1, 1]
            # fixed:
            dispatch: [1, 1, 1]
            """)

    public static let computeBinding = DiagnosticCode(
        2206, "an image or buffer of a compute kernel has no binding, or one past the device's units",
        explanation: """
            OpenGL ES 3.1 places a kernel's images and storage buffers only by their layout's `binding`, which \
            must be below the device's GL_MAX_IMAGE_UNITS (images; ES 3.1 guarantees 4) or \
            GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS (buffers; 4), and no two images or two buffers may share one.
            """,
        example: """
            layout(rgba8) writeonly uniform highp image2D result;
            // fixed:
            layout(rgba8, binding = 0) writeonly uniform highp image2D result;
            """)

    public static let bufferValue = DiagnosticCode(
        2207, "a buffer value names no buffer, or a range outside it",
        explanation: """
            A `buffer` value node reads numbers out of a compute node's storage buffer: `input:` names the compute \
            node, `buffer:` one of its blocks, `start:` the first element and `count:` how many (16 numbers at \
            most, counting every component). The compute node, the block and the range must exist.
            """,
        example: """
            total: { kind: buffer, input: histogram, buffer: Bins, start: 250, count: 10 }   # 256 bins
            # fixed:
            total: { kind: buffer, input: histogram, buffer: Bins, start: 250, count: 6 }
            """)
}
