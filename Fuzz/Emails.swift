import Identity

/// Validates any input as an email: an accepted one has one `@` and at most 254 characters, validates again to
/// itself, and its comparison key is stable.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEmails(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let key = EmailAddress.comparisonKey(input)
    guard EmailAddress.comparisonKey(key) == key else { fatalError("the key of \(input.debugDescription) moves") }
    guard let email = try? EmailAddress.validate(input) else { return 0 }
    guard email.count <= EmailAddress.maxLength,
        email.split(separator: "@", omittingEmptySubsequences: false).count == 2,
        (try? EmailAddress.validate(email)) == email
    else { fatalError("accepted \(input.debugDescription) as \(email.debugDescription)") }
    return 0
}
