import CGLES
import ShaderGraph
import ShaderLanguage

/// The frame: each bound step in plan order binds its inputs, sets its wired values and draws, and pooled
/// images go back to the pool as soon as their last reader has run.
extension GraphExecutor {
    /// Renders one frame and returns the output's target, valid until the next call.
    @discardableResult
    public func renderFrame(_ time: FrameTime) throws(GPUError) -> RenderTarget {
        // The left button went down since the last frame: pick nodes sample there, drags start there.
        let interaction = FrameValues.Interaction(pointer: pointer, keysHeld: keysHeld, press: pendingPress, release: pendingRelease)
        pendingPress = nil
        pendingRelease = nil
        let delta = frameInterval ?? previousTime.map { time.seconds > $0 ? time.seconds - $0 : 0 }.flatMap { $0 > 0 ? $0 : nil }
            ?? (time.index > 0 ? time.seconds / Double(time.index) : 1.0 / 60)
        previousTime = time.seconds
        // Working out the calendar date is not free; only ShaderToy and ISF passes read it.
        let date = readsFrameState ? dateOrigin.date(atFrameSeconds: time.seconds) : .zero
        let outputSize = SIMD2<Float>(Float(renderSize.width), Float(renderSize.height))
        frameState = FrameState(time: time, delta: delta, mouse: mouse, pointer: pointerPosition.map { $0 / outputSize }, date: date)
        // Last frame's kept images go back to the pool now that nobody shows them.
        for index in images.indices {
            if let target = images[index], steps[index].isPooled { pool.release(target) }
            images[index] = nil
        }
        // What each pass that keeps its frames drew last frame becomes its previous frame now, for the whole
        // frame: a pass reading it sees the same image whether it draws before that pass or after it.
        for step in steps {
            if case .shader(let pass) = step.work, !pass.drawsInPlace { pass.feedback?.advance() }
        }
        if timesSteps, stepTimer == nil { stepTimer = StepTimer(steps: steps.count) }
        let timer = timesSteps ? stepTimer : nil
        timer?.frameStarts()
        for (index, step) in steps.enumerated() {
            timer?.stepStarts(index)
            switch step.work {
            case .source(let target):
                images[index] = target
            case .keyboard(let target):
                if keyboard != uploadedKeyboard { target.upload(keyboard.image) }
                images[index] = target
            case .pattern(let program, let timeLocation, let descriptor):
                let target = try pool.acquire(descriptor)
                target.bindForDrawing()
                glUseProgram(program.name)
                glUniform1f(timeLocation, Float(time.seconds))
                quad.draw()
                images[index] = target
            case .live(let live):
                images[index] = try show(live, at: index, time: time)
            case .sound:
                break
            case .sequence(let player):
                do {
                    images[index] = try player.image(forFrame: time.index)
                } catch {
                    throw GPUError(error.diagnostics.map(\.message).joined(separator: "; "))
                }
            case .shader(let pass):
                images[index] = try draw(pass, watched: index == watchedStep)
            default:
                if let held = values.compute(step.work, at: index, seconds: time.seconds, images: images, interaction: interaction) {
                    resources.hold(held, for: plan.steps[index].node.name)
                }
            }
            if let timer, let milliseconds = timer.stepEnded(index) { stepMilliseconds[index] = milliseconds }
            for released in step.releases where steps[released].isPooled {
                if let target = images[released] {
                    pool.release(target)
                    images[released] = nil
                }
            }
        }
        timer?.frameEnded(into: &stepMilliseconds)
        uploadedKeyboard = keyboard
        guard let output = images[plan.output] else {
            throw GPUError("the output '\(composition.output)' produced no image")
        }
        return output
    }

    /// Draws a shader node: its ISF passes in turn, or one pass into its feedback buffer or a pooled target;
    /// a `watched` node's watches after each pass.
    private func draw(_ pass: ExecutableStep.Pass, watched: Bool) throws(GPUError) -> RenderTarget {
        reshapeInputs(of: pass)
        if let chain = pass.isfPasses {
            glUseProgram(pass.program.name)
            setInputsAndUniforms(of: pass)
            let afterPass: ((Int, PixelSize) throws(GPUError) -> Void)? = watched ? { index, size throws(GPUError) in
                try self.drawWatches(beside: pass, passIndex: index, passSize: size)
            } : nil
            return try chain.render(drawing: quad, pool: pool, bindInputs: { bindInputImages(of: pass) }, afterPass: afterPass)
        }
        let target = if let feedback = pass.feedback { pass.drawsInPlace ? feedback.previous : feedback.next } else { try pool.acquire(pass.target) }
        target.bindForDrawing()
        glUseProgram(pass.program.name)
        setInputsAndUniforms(of: pass)
        quad.draw()
        if watched { try drawWatches(beside: pass, passIndex: 0, passSize: target.size) }
        return target
    }

    /// The source's frame for this moment (a camera's newest, a movie's frame at the clock's time), else its
    /// last one, else the pattern (for an `auto` camera) or black.
    private func show(_ live: ExecutableStep.Live, at index: Int, time: FrameTime) throws(GPUError) -> RenderTarget {
        let moment = live.movie?.movieTime(at: time.seconds, duration: live.feed.source.duration) ?? time.seconds
        if live.movie != nil { sourceSeconds[index] = moment }
        try live.feed.update(at: moment, wait: cameraWait, failing: cameraWait != nil)
        if let latest = live.feed.latest { return latest }
        if let (program, timeLocation) = live.pattern {
            live.placeholder.bindForDrawing()
            glUseProgram(program.name)
            glUniform1f(timeLocation, Float(time.seconds))
            quad.draw()
        }
        return live.placeholder
    }

    /// Lays inputs of another shape onto the pass's shape, where their mapping says, and turns over those
    /// read flipped; before the pass binds its own target, since each reshaping is a draw of its own.
    private func reshapeInputs(of pass: ExecutableStep.Pass) {
        for input in pass.inputs {
            guard let reshaper = input.reshaper, let image = image(readBy: input) else { continue }
            reshaper.reshape(image, quad: quad)
        }
    }

    /// With the pass's program in use: binds each input to its unit (reshaped, fed back, or as its node made
    /// it) and sets the wired uniforms and the dialect's per-frame ones.
    func setInputsAndUniforms(of pass: ExecutableStep.Pass) {
        // Sound images are refilled before any input is bound: an upload binds its texture on the active unit.
        for input in pass.inputs { input.sound?.update(at: frameState.time.seconds) }
        bindInputImages(of: pass)
        for uniform in pass.wiredUniforms { write(uniform) }
        pass.frameUniforms?.set(frameState, sourceSeconds: sourceSeconds)
    }

    private func bindInputImages(of pass: ExecutableStep.Pass) {
        for input in pass.inputs {
            let image = input.sound?.target ?? input.reshaper?.target ?? image(readBy: input)
            image?.bind(toUnit: input.unit, filter: input.filter, wrap: input.wrap)
        }
        if let unit = pass.previousContentsUnit { pass.feedback?.previous.bind(toUnit: unit, filter: GL_NEAREST) }
    }

    /// The image an input reads as its node made it: this frame's, or the previous frame its pass keeps.
    private func image(readBy input: ExecutableStep.Input) -> RenderTarget? {
        guard input.isFeedback else { return images[input.step] }
        if case .shader(let source) = steps[input.step].work { return source.feedback?.previous }
        return nil
    }

    private func write(_ uniform: ExecutableStep.WiredUniform) {
        let source = values[uniform.source]
        let count: Int
        if uniform.components.isEmpty {
            count = source.count
            for index in 0..<count { wireScratch[index] = source[index] }
        } else {
            count = uniform.components.count
            for (index, component) in uniform.components.enumerated() { wireScratch[index] = source[component] }
        }
        wireScratch.withUnsafeBufferPointer { buffer in
            uniformWriter.set(uniform.location, type: uniform.type, count: uniform.count,
                              values: UnsafeBufferPointer(rebasing: buffer[0..<count]))
        }
    }
}
