import Foundation

/// A new empty folder under the temporary directory, named `prefix` then a UUID: one suite instance's own files.
func makeTemporaryFolder(_ prefix: String) -> String {
    let path = NSTemporaryDirectory() + prefix + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
