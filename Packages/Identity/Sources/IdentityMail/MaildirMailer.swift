import Foundation
import Mail

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Delivers into a Maildir (`--maildir DIR`, and `kith` without a mail server): each message one file, written in
/// `tmp/` and moved into `new/` when complete, as the format asks, readable only by its owner (0600 in 0700 folders).
/// `mutt -f DIR` reads it.
public struct MaildirMailer: Mailer {
    /// The Maildir (its `tmp`, `new` and `cur` are made when missing).
    public let folder: URL

    /// A mailer writing into `folder`.
    public init(folder: URL) {
        self.folder = folder
    }

    /// Writes `mail` as a new message; the answer names its file.
    public func deliver(_ mail: RenderedMail) async throws -> String {
        do {
            for sub in ["", "tmp", "new", "cur"] {
                try FileManager.default.createDirectory(
                    at: folder.appending(path: sub), withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
            }
            // Unique within the folder: the time, a random part and this host, as Maildir names go.
            let name = "\(Int(Date().timeIntervalSince1970)).\(UUID().uuidString.lowercased()).kith"
            let temporary = folder.appending(path: "tmp/\(name)")
            let final = folder.appending(path: "new/\(name)")
            try Self.writePrivate(Data(mail.text.utf8), to: temporary.path)
            guard rename(temporary.path, final.path) == 0 else {
                throw MailDeliveryError(isPermanent: false, reply: "could not move into \(final.path): errno \(errno)")
            }
            return final.path
        } catch let error as MailDeliveryError {
            throw error
        } catch {
            throw MailDeliveryError(isPermanent: false, reply: "could not write to \(folder.path): \(error)")
        }
    }

    /// Writes `data` to a new file created with mode 0600 (never readable by others, not even for a moment).
    private static func writePrivate(_ data: Data, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else {
            throw MailDeliveryError(isPermanent: false, reply: "could not create \(path): errno \(errno)")
        }
        defer { close(descriptor) }
        let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == data.count, fsync(descriptor) == 0 else {
            throw MailDeliveryError(isPermanent: false, reply: "could not write \(path): errno \(errno)")
        }
    }
}
