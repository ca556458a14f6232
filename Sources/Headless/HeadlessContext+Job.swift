import GPU

extension HeadlessContext {
    /// A context for a headless job, or the job's failure saying it could not start.
    static func forJob() throws(RenderJob.Failure) -> HeadlessContext {
        do {
            return try HeadlessContext()
        } catch {
            throw .failed("cannot start headless rendering: \(error.message)")
        }
    }
}
