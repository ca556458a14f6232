extension DiagnosticCode {
    package static let geometry = [drawMesh, drawCamera, drawStage, drawDepth, modelReading]

    public static let drawMesh = DiagnosticCode(
        2301, "a draw node's mesh is not one it can draw",
        explanation: """
            A draw node names its mesh with `mesh:`: one of the built-in meshes (`plane`, `cube`, `sphere`, \
            `points`), or a model file assimp reads (OBJ, PLY, STL, glTF, FBX, …). A model file assimp cannot read, \
            one it stops on (a damaged file that crashes it, runs it out of its 4 GiB or keeps it reading past \
            `SHADERBENCH_IMPORT_SECONDS`), one with no faces, lines or points, or one over 16,777,216 vertices or \
            10,485,760 triangles is refused at the key with the reason. Its vertex stage reads the mesh's attributes by glslViewer's names: `a_position`, and \
            `a_normal`, `a_texcoord` and `a_color` where the mesh has them; a vertex shader that reads an \
            attribute the mesh does not have is refused at the attribute, with the ones the mesh has.
            """,
        example: """
            mesh: teapot
            // fixed:
            mesh: sphere
            """)

    public static let drawCamera = DiagnosticCode(
        2302, "a draw node's camera cannot look anywhere",
        explanation: """
            The camera looks from `position` at `target` with `up` above it, `fov` degrees from the bottom of the \
            picture to its top, and draws what lies between `near` and `far`. A position equal to the target, an \
            up along the way it looks, a field of view of 0 or 180 degrees or more, or a near plane at or behind \
            the camera or beyond the far plane leaves no picture, and is refused at the camera.
            """,
        example: """
            camera: { position: [0, 0, 3], target: [0, 0, 3] }
            // fixed:
            camera: { position: [0, 0, 3], target: [0, 0, 0] }
            """)

    public static let drawStage = DiagnosticCode(
        2303, "a draw node's vertex and fragment stages do not fit together",
        explanation: """
            Both stages of a draw node are compiled as one program: they must be the same GLSL ES version \
            (`#version 300 es` in both, or neither), and the vertex stage must write `gl_Position`, which places \
            each vertex on the picture. A stage the node does not name is the workbench's, written in the \
            version of the other.
            """,
        example: """
            void main() { v_normal = a_normal; }
            // fixed:
            void main() { v_normal = a_normal; gl_Position = u_modelViewProjectionMatrix * a_position; }
            """)

    public static let drawDepth = DiagnosticCode(
        2304, "a depth node does not read a draw node that keeps depth",
        explanation: """
            A depth node (`kind: depth`) shows the depth buffer of the draw node its `input` names, after it drew: \
            0 at the camera's near plane to 1 at its far plane. Its input must be a draw node, named alone, and one \
            that draws with depth (`depth: true`, the default): without the depth test nothing is written to the \
            buffer.
            """,
        example: """
            fog: { kind: depth, input: photo }
            // fixed:
            fog: { kind: depth, input: scene }
            """)

    public static let modelReading = DiagnosticCode(
        2305, "a model file is still being read",
        explanation: """
            The window never waits for a model file: one it has not read yet (or that changed) is imported on a \
            thread of its own while the window goes on drawing its last good picture, and the composition loads \
            again by itself once the model is in. Until then this is shown at the `mesh:` key. `render`, `check` \
            and the other commands wait for the model instead, and never say this.
            """,
        example: """
            mesh: scan.glb    # 300 MB: the window says this until assimp has read it
            // fixed: nothing to fix; the picture follows once it is in
            """)
}
