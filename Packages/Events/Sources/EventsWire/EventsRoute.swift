import Kernel

/// The path of the feed, once, for the server and clients.
public enum EventsRoute {
    /// `GET`, HTTP Basic (app id, secret), `?after=CURSOR&limit=N&wait=SECONDS`: `EventPageJSON`.
    public static let events = "/api/events"
    /// The feed with its method.
    public static let feed = WireRoute("GET", events)
    /// Every route of the feature.
    public static let routes = [feed]
}
