import Foundation
import KithServer
import MovieNightServer

do {
    exit(
        await try ServerApp.movienight().run(
            arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
