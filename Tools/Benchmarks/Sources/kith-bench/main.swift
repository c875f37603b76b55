import Foundation

// kith-bench --kith PATH [--server PATH] [--runs N] [--seconds N] [--only NAME]: prints each benchmark's figures.
// --seconds: how long each of the server's wrk runs lasts (5 by default).
// NAME is one of startup, completion, identity, family, circles, durability, server, writes, mail, leaving, tokens (to rerun
// one while working on it; writes is the server's look while others write, alone; mail is sign-up's throughput with
// mail off and on; leaving is an account's export and deletion; tokens is the token exchange and access checks;
// events is a write with and without its event, and the feed's paging; webhooks is webhook delivery's latency from
// commit at 200 changes/s).
var arguments = CommandLine.arguments.dropFirst()
var kith = ""
var server = ""
var runs = 50
var seconds = 5
var only: String?
while let argument = arguments.popFirst() {
    switch argument {
    case "--kith": kith = arguments.popFirst() ?? ""
    case "--runs": runs = Int(arguments.popFirst() ?? "") ?? runs
    case "--server": server = arguments.popFirst() ?? ""
    case "--seconds": seconds = Int(arguments.popFirst() ?? "") ?? seconds
    case "--only": only = arguments.popFirst()
    default:
        FileHandle.standardError.write(Data("kith-bench: unknown argument \(argument)\n".utf8))
        exit(2)
    }
}
let names = [
    "startup", "completion", "identity", "family", "circles", "durability", "server", "writes", "mail", "leaving",
    "replicas", "tokens", "events", "webhooks",
]
guard !kith.isEmpty, only.map(names.contains) ?? true else {
    FileHandle.standardError.write(
        Data(
            "usage: kith-bench --kith PATH [--server PATH] [--runs N] [--seconds N] [--only \(names.joined(separator: "|"))]\n"
                .utf8)
    )
    exit(2)
}

let chosen = only
/// Whether the benchmark called `name` runs in this invocation.
func selected(_ name: String) -> Bool { chosen == nil || chosen == name }

do {
    var first = true
    func separate() {
        if !first { print() }
        first = false
    }
    if selected("startup") {
        separate()
        try StartupBenchmark.run(kith: kith, runs: runs)
    }
    if selected("completion") {
        separate()
        try CompletionBenchmark.run(kith: kith, runs: runs)
    }
    if selected("identity") {
        separate()
        try await IdentityBenchmark.run(hashRuns: 20, switchRuns: 2000)
    }
    if selected("family") {
        separate()
        try await FamilyCodesBenchmark.run(joins: 2000)
    }
    if selected("circles") {
        separate()
        try await CirclesBenchmark.run()
    }
    if selected("durability") {
        separate()
        try await DurabilityBenchmark.run(commits: 500)
    }
    if selected("events") {
        separate()
        try await EventsBenchmark.run()
    }
    if selected("leaving") {
        separate()
        try await LeavingBenchmark.run(accounts: 5)
    }
    if selected("server"), !server.isEmpty {
        separate()
        try await ServerBenchmark.run(server: server, seconds: seconds)
    }
    if selected("tokens"), !server.isEmpty {
        separate()
        try await TokensBenchmark.run(server: server, seconds: seconds)
    }
    if selected("webhooks"), !server.isEmpty {
        separate()
        try await WebhooksBenchmark.run(server: server)
    }
    if selected("mail"), !server.isEmpty {
        separate()
        try await MailBenchmark.run(server: server)
    }
    if chosen == "replicas", !server.isEmpty {
        // Needs the standby Tools/bench starts with its cluster (so only when named).
        try await ReplicaBenchmark.run(server: server, seconds: seconds)
    }
    if chosen == "writes", !server.isEmpty {
        // Part of `server` (so only when named).
        try await ServerBenchmark.lookUnderWrites(server: server, seconds: seconds)
    }
} catch {
    FileHandle.standardError.write(Data("kith-bench: \(error)\n".utf8))
    exit(1)
}
