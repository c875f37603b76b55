import Foundation
import IdentityWire
import Kernel
import Networking

extension JSONClient {
    /// A client that writes and reads Kith's JSON (`KithJSON`), as every Kith HTTP service's does.
    public init(client: any HTTPClient, baseURL: URL) {
        self.init(client: client, baseURL: baseURL, encoder: KithJSON.encoder(), decoder: KithJSON.decoder())
    }
}
