import Headless
import ShaderGraph
import Testing

/// Every filter documents itself: a header comment saying what it does, and for each parameter a default
/// within its range and a label, which the catalogue page and live tuning show.
@Suite("Filter library metadata")
struct FilterMetadataTests {
    @Test("the library is found")
    func libraryIsFound() {
        #expect(!LibraryFilters.names.isEmpty, "no filters found in \(LibraryFilters.folder)")
    }

    @Test("each filter opens with a comment saying what it does", arguments: LibraryFilters.names)
    func headerComment(filter: String) throws {
        #expect(!(try LibraryFilters.entry(filter).description.isEmpty), "\(filter).fsh has no header comment")
    }

    @Test("each parameter has a default that fits its type and lies in its range, and a label", arguments: LibraryFilters.names)
    func parametersAreDescribed(filter: String) throws {
        let entry = try LibraryFilters.entry(filter)
        var gaps: Set<String> = []
        for parameter in entry.parameters {
            let name = "\(filter).\(parameter.name)"
            let annotation = parameter.annotation
            if annotation?.label?.isEmpty ?? true { gaps.insert("\(name): label") }
            // A switch needs no range: true and false are all it takes.
            if annotation?.minimum == nil && parameter.type.scalarKind != .bool { gaps.insert("\(name): range") }
            guard let value = annotation?.defaultValue else {
                gaps.insert("\(name): default")
                continue
            }
            let components = (parameter.type.componentCount ?? 0) * (parameter.arrayLength ?? 1)
            guard value.count == components else {
                Issue.record("\(name): the default has \(value.count) numbers, its type \(parameter.type) takes \(components)")
                continue
            }
            guard let minimum = annotation?.minimum, let maximum = annotation?.maximum else { continue }
            for (index, number) in value.enumerated() {
                // One bound stands for every component.
                let low = minimum.count == 1 ? minimum[0] : minimum[index]
                let high = maximum.count == 1 ? maximum[0] : maximum[index]
                #expect(low <= high, "\(name): the range \(low)...\(high) is empty")
                #expect((low...high).contains(number), "\(name): the default \(number) lies outside \(low)...\(high)")
            }
        }
        for gap in gaps.sorted() {
            Issue.record("\(gap) is missing: give it in the comment after the uniform, e.g. // default: 1, range: 0...1, label: \"Intensity\"")
        }
    }
}
