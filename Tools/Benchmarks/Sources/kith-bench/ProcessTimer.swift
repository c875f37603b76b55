import Foundation

/// Times whole program runs: spawn, run to exit, wait. Output goes to /dev/null.
enum ProcessTimer {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Wall-clock seconds of one run of `arguments` (the first is the program's path).
    static func time(_ arguments: [String]) throws -> Double {
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)

        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        guard spawned == 0 else { throw Failure(description: "cannot run \(arguments[0]): \(spawned)") }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard status == 0 else { throw Failure(description: "\(arguments.joined(separator: " ")) failed: \(status)") }
        return elapsed
    }

    /// The median of `runs` timed runs, after `warmup` untimed ones.
    static func median(_ arguments: [String], runs: Int, warmup: Int = 3) throws -> Double {
        for _ in 0..<warmup { _ = try time(arguments) }
        let times = try (0..<runs).map { _ in try time(arguments) }.sorted()
        return times[times.count / 2]
    }

    /// The median of each command's `runs` timed runs, taken in turns (one run of each, then again), so that a
    /// change in the machine's load during the measurement weighs on every command alike.
    static func medians(_ commands: [[String]], runs: Int, warmup: Int = 3) throws -> [Double] {
        for _ in 0..<warmup { for arguments in commands { _ = try time(arguments) } }
        var times = Array(repeating: [Double](), count: commands.count)
        for _ in 0..<runs {
            for (index, arguments) in commands.enumerated() { times[index].append(try time(arguments)) }
        }
        return times.map { $0.sorted()[runs / 2] }
    }
}
