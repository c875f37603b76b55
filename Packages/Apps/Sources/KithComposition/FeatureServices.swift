/// The services a composition has built, each found by the protocol (or type) it was provided as.
///
/// Features are built in the order an app lists them, and each sees the services of the ones before it: FamilyCodes
/// finds Identity's `any IdentityService` here, Identity's `whoami` finds Circles' personas. A feature that needs
/// another one's service and does not find it works without it or says so at start; nothing is global.
public struct FeatureServices: Sendable {
    private var services: [ObjectIdentifier: any Sendable] = [:]

    public init() {}

    /// The service provided as `type`, or nil when no feature provided one.
    public subscript<Service>(_ type: Service.Type) -> Service? {
        services[ObjectIdentifier(type)] as? Service
    }

    /// Provides `service` as `type` (usually its protocol: `identity, as: (any IdentityService).self`), replacing
    /// what an earlier feature provided as that type.
    public mutating func provide<Service: Sendable>(_ service: Service, as type: Service.Type) {
        services[ObjectIdentifier(type)] = service
    }

    /// The service provided as `type`; a feature that cannot work without it fails the start with `error`.
    public func require<Service>(
        _ type: Service.Type, by feature: String
    ) throws(CompositionError) -> Service {
        guard let service = self[type] else {
            throw CompositionError("The feature \(feature) needs \(type), which no feature before it provides")
        }
        return service
    }
}

/// A composition that cannot start: features that clash or one that misses what it needs. Said at start, naming the
/// features, before anything is opened or served.
public struct CompositionError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
