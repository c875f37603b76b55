import Foundation
import KithCLI

exit(KithApp.runProcess(environment: ProcessInfo.processInfo.environment))
