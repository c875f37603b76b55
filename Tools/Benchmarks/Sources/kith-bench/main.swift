import Foundation

// kith-bench --kith PATH [--runs N]: prints each benchmark's figures.
var arguments = CommandLine.arguments.dropFirst()
var kith = ""
var server = ""
var runs = 50
while let argument = arguments.popFirst() {
    switch argument {
    case "--kith": kith = arguments.popFirst() ?? ""
    case "--runs": runs = Int(arguments.popFirst() ?? "") ?? runs
    case "--server": server = arguments.popFirst() ?? ""
    default:
        FileHandle.standardError.write(Data("kith-bench: unknown argument \(argument)\n".utf8))
        exit(2)
    }
}
guard !kith.isEmpty else {
    FileHandle.standardError.write(Data("usage: kith-bench --kith PATH [--server PATH] [--runs N]\n".utf8))
    exit(2)
}
do {
    try StartupBenchmark.run(kith: kith, runs: runs)
    print()
    try await IdentityBenchmark.run(hashRuns: 20, switchRuns: 2000)
    print()
    try await FamilyCodesBenchmark.run(joins: 2000)
    print()
    try await CirclesBenchmark.run()
    if !server.isEmpty {
        print()
        try await ServerBenchmark.run(server: server, seconds: 5)
    }
} catch {
    FileHandle.standardError.write(Data("kith-bench: \(error)\n".utf8))
    exit(1)
}
