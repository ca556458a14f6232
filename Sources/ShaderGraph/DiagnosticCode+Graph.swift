import ShaderLanguage

extension DiagnosticCode {
    static let graph = [unknownNode, notAnImage, unwiredInput, noSuchUniform, wrongWire, wrongNumbers, noPreviousFrame, notPublished,
                        cycle, outsideRange, unsetUniform]

    public static let unknownNode = DiagnosticCode(
        2002, "no node of that name",
        explanation: """
            A wire (`inputs:`, a uniform set to a node's value), `output:`, `live:` or `publish:` names a node the \
            composition does not have. Names are the keys under `nodes:`, exact in case; the message suggests the \
            closest.
            """,
        example: """
            nodes:
              photo: { kind: image, file: photo.jpg }
              warm: { kind: shader, file: warm.fsh, inputs: { inputImageTexture: foto } }
            # fixed:
              warm: { kind: shader, file: warm.fsh, inputs: { inputImageTexture: photo } }
            """)

    public static let notAnImage = DiagnosticCode(
        2003, "the output or live source is not an image",
        explanation: """
            `output:` is what the window shows and `render` writes, so it must be a node that makes an image (not \
            a value node such as `centroid`, not sound). `live:` names the source that `--input` replaces, so it \
            must be an image or pattern node; a composition with none has nothing to replace, and the input is \
            not used. A shader given to `--input` stands in as a generator, so it samples no image of its own.
            """,
        example: """
            output: where      # a centroid: two numbers, not a picture
            # fixed:
            output: marked     # the shader that draws the dot where the centroid is
            """)

    public static let unwiredInput = DiagnosticCode(
        2004, "a shader's image input has nothing wired to it",
        explanation: """
            The shader samples an image input that no wire feeds, so it would read black. Wire a node to it under \
            `inputs:` (the message names the input and what to write).
            """,
        example: """
            blur: { kind: shader, file: blur.fsh }
            # fixed:
            blur: { kind: shader, file: blur.fsh, inputs: { inputImageTexture: photo } }
            """)

    public static let noSuchUniform = DiagnosticCode(
        2005, "the shader has no such input, uniform or parameter",
        explanation: """
            A node sets a uniform, wires an image input, or publishes a parameter that its shader does not declare \
            (or declares but never uses, which GLSL compilers remove). The message lists the closest of the names \
            the shader has; a misspelling is the usual cause, a renamed uniform the next.
            """,
        example: """
            grade: { kind: shader, file: grade.fsh, uniforms: { exposre: 0.5 } }
            # fixed:
            grade: { kind: shader, file: grade.fsh, uniforms: { exposure: 0.5 } }
            """)

    public static let wrongWire = DiagnosticCode(
        2006, "a wire joins the wrong kinds of thing",
        explanation: """
            Images go into image inputs (`inputs:`), values (reductions, oscillators, arithmetic) into uniforms \
            (`uniforms:`), and sound into ISF audio inputs. A reduction measures an image. The message says what \
            each end is.
            """,
        example: """
            dot: { kind: shader, file: dot.fsh, inputs: { inputImageTexture: where } }   # 'where' is a centroid
            # fixed:
            dot: { kind: shader, file: dot.fsh, inputs: { inputImageTexture: camera }, uniforms: { centre: where } }
            """)

    public static let wrongNumbers = DiagnosticCode(
        2007, "a value of the wrong size or type for its uniform",
        explanation: """
            A literal or a wire gives a uniform a different number of components than its type holds (a vec3 \
            takes three), fractions to an int, or numbers to a bool; or a wire picks a component that its source \
            does not have (`.z` of a two-number centroid). Some types (samplers of other kinds, structs) cannot \
            be set from a composition at all.
            """,
        example: """
            grade: { kind: shader, file: grade.fsh, uniforms: { tint: [1, 0.8] } }   # tint is a vec3
            # fixed:
            grade: { kind: shader, file: grade.fsh, uniforms: { tint: [1, 0.8, 0.6] } }
            """)

    public static let noPreviousFrame = DiagnosticCode(
        2008, "a previous frame of a node that keeps none",
        explanation: """
            An input listed under `previous:` reads what the node it is wired to drew in the frame before, for \
            feedback (trails, simulations). Only a plain shader node keeps its last frame; sources, value nodes \
            and ISF shaders with PASSES or IMPORTED images do not. Read the previous frame of the shader itself, \
            which draws the camera and the trail together.
            """,
        example: """
            trail: { kind: shader, file: trail.fsh, inputs: { current: camera, before: camera }, previous: [before] }
            # fixed:
            trail: { kind: shader, file: trail.fsh, inputs: { current: camera, before: trail }, previous: [before] }
            """)

    public static let notPublished = DiagnosticCode(
        2009, "a parameter that is not published, or cannot be",
        explanation: """
            A wire reads a node's parameter as a value (`grade.exposure`), which it can only do when the parameter \
            is published; or `publish:` names a node that is neither a shader nor a compute node, whose uniforms \
            are the only things that can be published.
            """,
        example: """
            publish: []
            dot: { kind: shader, file: dot.fsh, uniforms: { size: grade.exposure } }
            # fixed:
            publish: [grade.exposure]
            """)

    public static let cycle = DiagnosticCode(
        2010, "the graph has a cycle",
        explanation: """
            Nodes are drawn in the order their wires give: each after the nodes it reads. A node that reads \
            itself, through any number of others, could never be drawn. To read what a node drew in the frame \
            before, for feedback, list the input under `previous:` instead.
            """,
        example: """
            trail: { kind: shader, file: trail.fsh, inputs: { current: camera, before: trail } }
            # fixed:
            trail: { kind: shader, file: trail.fsh, inputs: { current: camera, before: trail }, previous: [before] }
            """)

    public static let outsideRange = DiagnosticCode(
        2011, "a value outside the range its shader declares",
        explanation: """
            The shader declares a range for the parameter (`// range: 0...1`, ISF's MIN and MAX), and the \
            composition or `--set` gives a value outside it. The value is clamped into the range, with this \
            warning, as exported code clamps what an app sets: the shader's author said it does not work outside.
            """,
        example: """
            grade: { kind: shader, file: grade.fsh, uniforms: { exposure: 3 } }   # range: 0...2
            # fixed:
            grade: { kind: shader, file: grade.fsh, uniforms: { exposure: 2 } }
            """)

    public static let unsetUniform = DiagnosticCode(
        2012, "a uniform that nothing sets",
        explanation: """
            No host of the shader's dialect sets the uniform, the composition gives it no value, it is not \
            published and declares no default, so it stays 0, which often draws black. A name close to one \
            another host sets is named with the host (`iTime` is ShaderToy's), since the shader may have been \
            written for it. Give it a default, a value under `uniforms:`, or publish it.
            """,
        example: """
            uniform float amount;
            // fixed:
            uniform float amount; // default: 0.5, range: 0...1
            """)
}
