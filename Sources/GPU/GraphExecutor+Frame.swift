import ShaderGraph
import ShaderLanguage

/// The frame: each bound step in plan order does its kind's work (`BoundStep.run`), and pooled images go back
/// to the pool as soon as their last reader has run.
extension GraphExecutor {
    /// Renders one frame and returns the output's target, valid until the next call.
    @discardableResult
    public func renderFrame(_ time: FrameTime) throws(GPUError) -> RenderTarget {
        startFrame(at: time)
        if timesSteps, stepTimer == nil { stepTimer = StepTimer(steps: steps.count) }
        let timer = timesSteps ? stepTimer : nil
        timer?.frameStarts()
        for (index, step) in steps.enumerated() {
            timer?.stepStarts(index)
            try step.work.run(at: index, in: &frame)
            if let timer, let milliseconds = timer.stepEnded(index) { stepMilliseconds[index] = milliseconds }
            for released in step.releases where steps[released].isPooled {
                if let target = frame.images[released] {
                    pool.release(target)
                    frame.images[released] = nil
                }
            }
        }
        stepTimesChanged = timer?.frameEnded(into: &stepMilliseconds) ?? false
        frame.uploadedKeyboard = frame.keyboard
        guard let output = frame.images[plan.output] else {
            throw GPUError("the output '\(composition.output)' produced no image")
        }
        return output
    }

    /// Sets the moment and the input the frame's steps see, takes back last frame's images and lets each step
    /// prepare for the frame.
    private func startFrame(at time: FrameTime) {
        // The left button went down since the last frame: pick nodes sample there, drags start there.
        frame.interaction = FrameContext.Interaction(pointer: pointer, keysHeld: keysHeld, press: pendingPress, release: pendingRelease)
        pendingPress = nil
        pendingRelease = nil
        frame.keyboard = keyboard
        frame.cameraWait = cameraWait
        let delta = frameInterval ?? previousTime.map { time.seconds > $0 ? time.seconds - $0 : 0 }.flatMap { $0 > 0 ? $0 : nil }
            ?? (time.index > 0 ? time.seconds / Double(time.index) : 1.0 / 60)
        previousTime = time.seconds
        // Working out the calendar date is not free; only ShaderToy and ISF passes read it.
        let date = readsFrameState ? dateOrigin.date(atFrameSeconds: time.seconds) : .zero
        // The pointer is in the output's pixels, whatever size the output node draws at.
        let shown = SIMD2<Float>(Float(outputSize.width), Float(outputSize.height))
        frame.state = FrameState(time: time, delta: delta, mouse: mouse, pointer: pointerPosition.map { $0 / shown }, date: date)
        // Last frame's kept images go back to the pool now that nobody shows them.
        for index in frame.images.indices {
            if let target = frame.images[index], steps[index].isPooled { pool.release(target) }
            frame.images[index] = nil
        }
        for step in steps { step.work.frameStarts() }
    }
}
