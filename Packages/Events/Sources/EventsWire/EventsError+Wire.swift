import Events
import Foundation
import Kernel

/// The feed's refusals on the wire: 400 for what the request spells wrong, 410 `events.cursor_expired` for a cursor
/// whose events are no longer all kept (the app starts again without `after`).
extension EventsError: WireCodedError {
    public var wire: WireErrorCase {
        switch self {
        case .malformedCursor(let text):
            WireErrorCase("events.malformed_cursor", status: 400, details: .init(name: text))
        case .cursorExpired(let retention):
            WireErrorCase("events.cursor_expired", status: 410, details: .init(name: String(Int(retention))))
        case .limitOutOfRange(let limit):
            WireErrorCase("events.limit_out_of_range", status: 400, details: .init(name: String(limit)))
        case .waitOutOfRange(let wait):
            WireErrorCase("events.wait_out_of_range", status: 400, details: .init(name: String(wait)))
        }
    }

    public init?(wireCode code: String, details: WireErrorDetails) {
        if let error = Self.made(code, from: details.name, by: [{ .malformedCursor($0) }]) {
            self = error
        } else if let error = Self.made(
            code, from: details.name.flatMap { Int($0) },
            by: [{ .cursorExpired(retention: TimeInterval($0)) }, { .limitOutOfRange($0) }, { .waitOutOfRange($0) }])
        {
            self = error
        } else {
            return nil
        }
    }
}
