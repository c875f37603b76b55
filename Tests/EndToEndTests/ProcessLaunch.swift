import Foundation
import Synchronization

/// Starts test processes one at a time: Foundation's `Process.run()` on Linux is not safe to call from many threads
/// at once (a run of the whole suite crashed in it while 200 `kith` runs started together). Only the start is
/// serialized; the processes themselves still run at the same time.
enum ProcessLaunch {
    private static let starting = Mutex(())

    static func run(_ process: Process) throws {
        try starting.withLock { _ in try process.run() }
    }
}
