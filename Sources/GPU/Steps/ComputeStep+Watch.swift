import CGLES
import ShaderGraph
import ShaderLanguage

/// Watches inside a compute node's kernels: each kernel with watches runs instrumented in its own place
/// (`WatchInstrumentation.computeSource`), every watch recording into two float images of the node's size, the
/// pixel (x, y) being the invocation (x, y). A second run beside the kernel would add its atomics and buffer
/// changes twice, so there is none.
extension ComputeStep {
    /// Watches `watches` from the next frame on, in place of those before; each that cannot be watched says why.
    /// A watch names its kernel by `file` (nil: the first).
    func watch(_ watches: [ShaderWatch], node: Node, writer: inout UniformWriter) -> [ShaderWatchPass] {
        watchedPasses = [:]
        var results: [ShaderWatchPass?] = Array(repeating: nil, count: watches.count)
        let byPass = Dictionary(grouping: watches.indices) { index in
            plan.passes.firstIndex { $0.file == (watches[index].file ?? plan.passes[0].file) } ?? -1
        }
        var free = freeImageUnits()
        for (passIndex, members) in byPass.sorted(by: { $0.key < $1.key }) {
            guard passIndex >= 0 else {
                for member in members {
                    results[member] = failed(watches[member], .error("watch: no kernel of node '\(node.name)' is \(watches[member].file ?? "")",
                                                                     at: node.location, code: .watch))
                }
                continue
            }
            let pass = plan.passes[passIndex]
            let wanted = members.map { watches[$0] }
            guard free.count >= 2 * wanted.count else {
                let problem = Diagnostic.error("watch: \(pass.file) leaves \(free.count) image unit\(free.count == 1 ? "" : "s") free, and each watch needs 2",
                                               at: SourceLocation(file: pass.source.path, line: wanted[0].line), code: .watch)
                for member in members { results[member] = failed(watches[member], problem) }
                continue
            }
            // Watches are built together, as one kernel runs them all; one whose expression does not compile is
            // told apart by building each alone, and the others are built without it.
            var problems: [Int: Diagnostic] = [:]
            let together = try? instrumented(pass, index: passIndex, watching: wanted, units: Array(free.prefix(2 * wanted.count)), writer: &writer)
            if together == nil {
                for (offset, watch) in wanted.enumerated() {
                    do throws(DiagnosticsError) {
                        _ = try instrumented(pass, index: passIndex, watching: [watch], units: Array(free.prefix(2)), writer: &writer)
                    } catch {
                        problems[offset] = error.diagnostics.first { $0.code == .watch } ?? reason(error, for: watch, in: pass)
                    }
                }
            }
            let kept = wanted.indices.filter { problems[$0] == nil }
            for (offset, problem) in problems { results[members[offset]] = failed(wanted[offset], problem) }
            guard !kept.isEmpty else { continue }
            let units = Array(free.prefix(2 * kept.count))
            free.removeFirst(units.count)
            do throws(DiagnosticsError) {
                // Built once more only when some were left out; all of them built together already.
                let running: Pass
                if let together { running = together } else {
                    running = try instrumented(pass, index: passIndex, watching: kept.map { wanted[$0] }, units: units, writer: &writer)
                }
                var targets: [WatchTargets] = []
                do throws(GPUError) {
                    for _ in kept { targets.append(try WatchTargets(size: size, storesImages: true)) }
                } catch {
                    throw DiagnosticsError([.error("watch: \(error.message)", at: SourceLocation(file: pass.source.path, line: wanted[0].line))])
                }
                watchedPasses[passIndex] = WatchedPass(pass: running, targets: targets,
                                                       units: stride(from: 0, to: units.count, by: 2).map { (units[$0], units[$0 + 1]) })
                for (target, offset) in kept.enumerated() {
                    results[members[offset]] = ShaderWatchPass(watch: wanted[offset], problem: nil, pass: nil, targets: [targets[target]], nodeSize: size)
                }
            } catch {
                for offset in kept { results[members[offset]] = failed(wanted[offset], error.diagnostics.first ?? reason(error, for: wanted[offset], in: pass)) }
            }
        }
        return results.compactMap { $0 }
    }

    /// Kernel `index` built with `watches` recorded on `units`, ready to run in its place.
    private func instrumented(_ pass: ComputeKernel.Pass, index: Int, watching watches: [ShaderWatch], units: [Int],
                              writer: inout UniformWriter) throws(DiagnosticsError) -> Pass {
        let text: String
        do throws(Diagnostic) {
            text = try WatchInstrumentation.computeSource(of: pass.source, watching: watches, units: units)
        } catch {
            throw DiagnosticsError([error])
        }
        return Self.prepare(try ComputeProgram(pass, text: text), pass: index, of: plan, groups: passes[index].groups, literals: tunedLiterals, writer: &writer)
    }

    /// What the driver said about the watch's own line (a source string of its own), else its first error.
    private func reason(_ error: DiagnosticsError, for watch: ShaderWatch, in pass: ComputeKernel.Pass) -> Diagnostic {
        let about = error.diagnostics.first { $0.location?.line == 0 && $0.severity == .error } ?? error.diagnostics.first { $0.severity == .error }
        return .error("watch: '\(watch.expression)' cannot be read after line \(watch.line): \(about?.message ?? "it does not compile")",
                      at: SourceLocation(file: pass.source.path, line: watch.line), code: .watch)
    }

    private func failed(_ watch: ShaderWatch, _ problem: Diagnostic) -> ShaderWatchPass {
        ShaderWatchPass(watch: watch, problem: problem, pass: nil, targets: [], nodeSize: size)
    }

    /// The image units none of the kernels uses, lowest first: a desktop kernel's reading takes only as many units
    /// as glslang's limits allow (8), whatever the device has.
    private func freeImageUnits() -> [Int] {
        let used = Set(plan.passes.flatMap { $0.interface.images.compactMap(\.binding) })
        return (0..<ComputeLimits.current.imageUnits).filter { !used.contains($0) }
    }
}
