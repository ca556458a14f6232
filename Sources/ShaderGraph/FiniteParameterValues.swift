/// NaN and the infinities are refused wherever a parameter's value comes from outside the composition (OSC,
/// MIDI, `--set`, the panel's text fields, an app through the exports): no shader draws anything with one, and
/// once written into a composition the file would no longer load.
public enum FiniteParameterValues {
    /// Nil when every number is finite; else what to say, naming the first that is not (`nan`, `inf`).
    public static func problem(in numbers: [Float]) -> String? {
        guard let refused = numbers.first(where: { !$0.isFinite }) else { return nil }
        return "\(refused) is not a number a parameter can take (only finite numbers are)"
    }
}
