import Foundation
import KithCLI
import MovieNightCLI

do {
    exit(try KithApp.movienight().runProcess(environment: ProcessInfo.processInfo.environment))
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
