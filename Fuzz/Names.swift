import Identity

/// Validates any input as a person, household and member name: an accepted name is within its limits (graphemes
/// and bytes), and validating it again gives it back unchanged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNames(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    for validator in [NameValidator.personName, .householdName, .memberName] {
        guard let name = try? validator.validate(input) else { continue }
        guard !name.isEmpty, name.count <= validator.maxLength, name.utf8.count <= 4 * name.count,
            (try? validator.validate(name)) == name
        else { fatalError("\(validator.rules) accepted \(input.debugDescription) as \(name.debugDescription)") }
    }
    return 0
}
