import Synchronization

#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
#endif

/// Somewhere text goes: standard output, standard error, or a buffer in tests.
public protocol TextSink: Sendable {
    func write(_ text: String)
}

/// Writes straight to a file descriptor, unbuffered, so output and errors interleave as they happen.
public struct FileDescriptorSink: TextSink {
    public static let standardOutput = FileDescriptorSink(descriptor: 1)
    public static let standardError = FileDescriptorSink(descriptor: 2)

    let descriptor: Int32

    public func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }
}

/// Collects what is written, for tests and transcripts.
public final class CapturedText: TextSink {
    private let storage = Mutex("")

    public init() {}

    public func write(_ text: String) { storage.withLock { $0 += text } }

    public var text: String { storage.withLock { $0 } }

    /// Returns what was collected and starts again empty.
    public func take() -> String {
        storage.withLock { value in
            defer { value = "" }; return value
        }
    }
}
