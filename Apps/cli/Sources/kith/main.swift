import Foundation
import KithCLI
import KithProducts

do {
    exit(try KithApp.kith().runProcess(environment: ProcessInfo.processInfo.environment))
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
