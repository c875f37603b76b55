import FamilyCodes

/// Normalizes any input as a family code: what comes out is a valid code, and normalizing it again changes nothing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFamilyCode(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    _ = FamilyCodeFormat.isValid(input)
    guard let code = FamilyCodeFormat.normalize(input) else { return 0 }
    guard FamilyCodeFormat.isValid(code), FamilyCodeFormat.normalize(code) == code,
        code.utf8.count == FamilyCodeFormat.prefix.utf8.count + FamilyCodeFormat.length
    else { fatalError("normalize gave \(code.debugDescription) for \(input.debugDescription)") }
    return 0
}
