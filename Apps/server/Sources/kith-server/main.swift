import Foundation
import KithServer

exit(
    await ServerCommand.run(
        arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
