import Foundation
import KithServer
import MovieNightServer

do {
    exit(
        try await ServerApp.movienight().run(
            arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
