import KithCLI
import KithComposition
import KithProducts

/// `kith` as its main makes it: every Kith feature and the products CLI.md names.
let kithApp: KithApp = {
    // Kith's own features always compose: a failure here is a bug every test shows.
    try! KithApp.kith()
}()
