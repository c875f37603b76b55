import Storage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// File-system steps for files that must be private to their owner from the moment they exist.
enum PrivateFile {
    enum State {
        case missing
        case directory
        case file(size: Int, mode: mode_t)
    }

    static func state(of path: String) -> State {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        if (info.st_mode & S_IFMT) == S_IFDIR { return .directory }
        return .file(size: Int(info.st_size), mode: info.st_mode & 0o7777)
    }

    /// Creates the parent folders (0700) and an empty file with mode 0600, never wider, even briefly.
    static func create(_ path: String) throws(StorageError) {
        try createDirectories(parentOf(path))
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        if descriptor < 0, errno != EEXIST {
            throw StorageError(.cannotCreate, "Cannot create the database \(path): \(lastErrorText())")
        }
        if descriptor >= 0 { close(descriptor) }
    }

    /// Narrows an existing file to 0600: it holds password hashes and sessions.
    static func restrictMode(_ path: String, from mode: mode_t) {
        if mode & 0o077 != 0 { chmod(path, 0o600) }
    }

    /// The first bytes of the file, for recognising SQLite before SQLite touches it.
    static func header(of path: String, count: Int) throws(StorageError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw StorageError(.cannotOpen, "Cannot read the database \(path): \(lastErrorText())")
        }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, count) }
        return Array(bytes.prefix(max(got, 0)))
    }

    /// Writable by this process, and not marked read-only by its owner: a file without its owner's write bit is
    /// read-only for every user, root too (root passes `access`), so kith never writes a file someone protected.
    static func isWritable(_ path: String, mode: mode_t) -> Bool {
        access(path, W_OK) == 0 && mode & S_IWUSR != 0
    }

    static func parentOf(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func createDirectories(_ directory: String) throws(StorageError) {
        if case .directory = state(of: directory) { return }
        if case .file = state(of: directory) {
            throw StorageError(.cannotCreate, "Cannot create the database: \(directory) is a file, not a folder")
        }
        let parent = parentOf(directory)
        if parent != directory { try createDirectories(parent) }
        if mkdir(directory, 0o700) != 0, errno != EEXIST {
            throw StorageError(.cannotCreate, "Cannot create the folder \(directory): \(lastErrorText())")
        }
    }

    static func lastErrorText() -> String { String(cString: strerror(errno)) }
}
