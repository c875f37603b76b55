import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file a command writes for its user alone (an export): mode 0600 whether or not it existed, written whole or
/// not at all (a temporary file beside it, flushed, then renamed over it).
public enum PrivateOutputFile {
    /// Writes `data` to `path`; "Could not write PATH" when the folder is missing or not writable.
    public static func write(_ data: Data, to path: String) throws(ConsoleError) {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (folder.isEmpty ? "." : folder) + "/.\(name).\(UUID().uuidString).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .cannotWrite(path) }
        var ok = fchmod(descriptor, 0o600) == 0
        ok =
            ok
            && data.withUnsafeBytes { buffer -> Bool in
                var offset = 0
                while offset < buffer.count {
                    let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if written <= 0 { return false }
                    offset += written
                }
                return true
            }
        ok = ok && fsync(descriptor) == 0
        close(descriptor)
        guard ok, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw .cannotWrite(path)
        }
    }
}
