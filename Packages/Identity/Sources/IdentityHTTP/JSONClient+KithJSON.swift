import Foundation
import IdentityWire
import Networking

extension JSONClient {
    /// A client that writes and reads Kith's JSON (`KithJSON`), as every Kith HTTP service's does.
    public init(client: any HTTPClient, baseURL: URL) {
        self.init(client: client, baseURL: baseURL, encoder: KithJSON.encoder(), decoder: KithJSON.decoder())
    }
}

// MARK: - Until Circles' tests name KithJSON

extension JSONClient {
    /// `KithJSON.encoder()`, by the name JSONClient's own coding had before it was injected.
    public static func makeEncoder() -> JSONEncoder { KithJSON.encoder() }

    /// `KithJSON.decoder()`, by the name JSONClient's own coding had before it was injected.
    public static func makeDecoder() -> JSONDecoder { KithJSON.decoder() }
}
