import Foundation
import KithCLI

let status = await KithApp.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment,
    terminal: .standard)
exit(status)
