import Foundation

/// How human output shows a moment: `2025-01-01 09:30 UTC`. Kith stores times in UTC and shows them so, the same in
/// every command (JSON output keeps ISO 8601).
public enum HumanDate {
    public static func text(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }
}
