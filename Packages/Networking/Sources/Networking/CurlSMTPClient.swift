import CCurl
import Dispatch
import Foundation

/// A mail server's reply: its three-digit code and the text after it.
public struct SMTPReply: Sendable, Equatable, CustomStringConvertible {
    /// 250 for a message taken, 4xx for "try again later", 5xx for a refusal.
    public let code: Int
    /// The reply's text after the code (the lines of a multi-line reply joined with spaces).
    public let text: String

    public init(code: Int, text: String) {
        self.code = code
        self.text = text
    }

    public var description: String { text.isEmpty ? "\(code)" : "\(code) \(text)" }
}

/// Delivers mail through libcurl's SMTP: MAIL FROM, RCPT TO and DATA, over `smtp://` with STARTTLS
/// when the server offers it, or over `smtps://`.
///
/// Each message gets a new connection (QUIT when it is done): mail is rare and a connection kept
/// between messages would be dropped by the server anyway. The blocking `curl_easy_perform` runs on the
/// client's serial dispatch queue, never on Swift's cooperative pool, so one client sends one message
/// at a time, in order. TLS verification is always on. Nothing of the message or the credentials is
/// logged or kept; only the server's replies are read.
public final class CurlSMTPClient: Sendable {
    public let configuration: SMTPConfiguration
    private let queue: DispatchQueue

    /// A client for the server `configuration` names.
    public init(configuration: SMTPConfiguration) {
        _ = CurlHTTPClient.globalInit
        self.configuration = configuration
        self.queue = DispatchQueue(label: "kith.networking.smtp", qos: .utility)
    }

    /// Sends `message` (the whole RFC 5322 text, CRLF line endings, ending with CRLF) from `from` to
    /// `recipients`, and returns the server's reply to it (250 ...).
    ///
    /// Throws `NetworkingError`: `.smtpRefused` for a 5xx reply (`isPermanent`), `.smtpDeferred` for a
    /// 4xx reply, `.offline` or `.timeout` when the server could not be reached or did not answer in
    /// time, `.tls` when the TLS handshake or the certificate check failed, `.invalidRequest` for an
    /// address libcurl cannot send; `CancellationError` when the task is cancelled.
    public func send(_ message: Data, from: String, to recipients: [String]) async throws -> SMTPReply {
        try SMTPTransfer.check(from: from, recipients: recipients)
        let cancellation = CancellationFlag()
        return try await withTaskCancellationHandler {
            try Task.checkCancellation()
            return try await withCheckedThrowingContinuation { continuation in
                queue.async { [configuration] in
                    continuation.resume(
                        with: Result {
                            try SMTPTransfer(message: message, cancellation: cancellation)
                                .perform(configuration: configuration, from: from, recipients: recipients)
                        })
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
    }
}

// MARK: - One delivery

/// One message's transfer: the bytes the read callback hands libcurl and the replies the debug
/// callback reads. Used on one thread only, during `perform`.
final class SMTPTransfer {
    private let message: Data
    private var offset: Int
    let cancellation: CancellationFlag
    /// The lines of the latest reply, and whether its last line (`250 ...`, not `250-...`) has come.
    private var replyCode = 0
    private var replyLines: [String] = []
    private var replyComplete = true
    /// Set once QUIT goes out: its 221 says nothing about the message, so the reply before it is kept.
    private var quitting = false

    init(message: Data, cancellation: CancellationFlag) {
        self.message = message
        self.offset = message.startIndex
        self.cancellation = cancellation
    }

    /// The latest reply the server sent, if any.
    var lastReply: SMTPReply? {
        replyCode == 0 ? nil : SMTPReply(code: replyCode, text: replyLines.joined(separator: " "))
    }

    static func of(_ userdata: UnsafeMutableRawPointer?) -> SMTPTransfer? {
        userdata.map { Unmanaged<SMTPTransfer>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Addresses go into SMTP commands as they are, so a line break in one would add a command.
    static func check(from: String, recipients: [String]) throws(NetworkingError) {
        func invalid(_ sentence: String) -> NetworkingError {
            NetworkingError(.invalidRequest, message: sentence, detail: sentence)
        }
        guard !recipients.isEmpty else { throw invalid("A message needs at least one recipient.") }
        for address in [from] + recipients where address.utf8.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 }) {
            throw invalid("A mail address cannot contain a line break.")
        }
        for address in recipients where address.trimmingCharacters(in: .whitespaces).isEmpty {
            throw invalid("A recipient's address is empty.")
        }
    }

    // MARK: - Perform

    func perform(configuration: SMTPConfiguration, from: String, recipients: [String]) throws -> SMTPReply {
        if cancellation.isCancelled { throw CancellationError() }
        guard let handle = kith_curl_easy_init() else {
            throw NetworkingError(
                .invalidRequest,
                detail: kith_curl_available() == 0
                    ? "libcurl (the libcurl4 package) is not installed" : "curl_easy_init failed")
        }
        var list: UnsafeMutablePointer<curl_slist>?
        for recipient in recipients { list = kith_curl_slist_append(list, recipient) }
        // libcurl may write its error text until cleanup, so the buffer lives until then.
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)

        return try withExtendedLifetime(self) {
            defer {
                // Cleanup sends QUIT and reads its 221: no more replies for this transfer, which ends here.
                _ = kith_curl_setopt_long(handle, CURLOPT_VERBOSE, 0)
                kith_curl_easy_cleanup(handle)
                kith_curl_slist_free_all(list)
                errorBuffer.deallocate()
            }
            try configure(handle, configuration: configuration, from: from, recipients: list)
            try curlOption(kith_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer), "error buffer")
            let code = kith_curl_easy_perform(handle)
            var responseCode = 0
            _ = kith_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &responseCode)
            let reply = lastReply ?? (responseCode > 0 ? SMTPReply(code: responseCode, text: "") : nil)
            if code == CURLE_OK, let reply, (200..<300).contains(reply.code) { return reply }
            throw error(for: code, reply: reply, libcurlText: String(cString: errorBuffer))
        }
    }

    private func configure(
        _ handle: UnsafeMutableRawPointer,
        configuration: SMTPConfiguration,
        from: String,
        recipients: UnsafeMutablePointer<curl_slist>?
    ) throws {
        let strings: [(CURLoption, String?, String)] = [
            (CURLOPT_URL, configuration.url.absoluteString, "URL"), (CURLOPT_PROTOCOLS_STR, "smtp,smtps", "protocols"),
            (CURLOPT_MAIL_FROM, from, "sender"), (CURLOPT_CAINFO, configuration.caBundlePath, "CA bundle"),
            (CURLOPT_USERNAME, configuration.username, "user"), (CURLOPT_PASSWORD, configuration.password, "password"),
        ]
        for case (let option, let value?, let what) in strings {
            try curlOption(kith_curl_setopt_string(handle, option, value), what)
        }
        let timeout = CurlEngine.milliseconds(configuration.timeout)
        let longs: [(CURLoption, Int, String)] = [
            // Signals are not thread-safe; without this libcurl uses SIGALRM for DNS timeouts.
            (CURLOPT_NOSIGNAL, 1, "nosignal"),
            (CURLOPT_CONNECTTIMEOUT_MS, CurlEngine.milliseconds(configuration.connectTimeout), "connect timeout"),
            (CURLOPT_TIMEOUT_MS, timeout, "timeout"),
            // Bounds the wait for each reply, and for QUIT's during cleanup, which the total timeout
            // does not cover (libcurl's default is 120 s).
            (CURLOPT_SERVER_RESPONSE_TIMEOUT, (timeout + 999) / 1000, "response timeout"),
            // smtp://: STARTTLS when the server offers it; smtps:// is TLS from the start anyway.
            (CURLOPT_USE_SSL, Int(CURLUSESSL_TRY.rawValue), "STARTTLS"),
            (CURLOPT_SSL_VERIFYPEER, 1, "verify peer"), (CURLOPT_SSL_VERIFYHOST, 2, "verify host"),
            (CURLOPT_UPLOAD, 1, "upload"),
            // The debug callback is how the server's replies are read; it is only called when verbose.
            (CURLOPT_VERBOSE, 1, "verbose"),
        ]
        for (option, value, what) in longs { try curlOption(kith_curl_setopt_long(handle, option, value), what) }
        // The size lets libcurl send SIZE= when the server announces a limit, so a large message is refused up front.
        try curlOption(
            kith_curl_setopt_off_t(handle, CURLOPT_INFILESIZE_LARGE, curl_off_t(message.count)), "message size")
        try curlOption(kith_curl_setopt_slist(handle, CURLOPT_MAIL_RCPT, recipients), "recipients")

        let context = Unmanaged.passUnretained(self).toOpaque()
        try curlOption(kith_curl_setopt_pointer(handle, CURLOPT_READDATA, context), "read data")
        try curlOption(
            kith_curl_setopt_read_callback(handle, CURLOPT_READFUNCTION) { buffer, size, count, userdata in
                guard let transfer = SMTPTransfer.of(userdata), let buffer else { return Int(CURL_READFUNC_ABORT) }
                if transfer.cancellation.isCancelled { return Int(CURL_READFUNC_ABORT) }
                return transfer.read(into: buffer, capacity: size * count)
            }, "read function")
        try curlOption(kith_curl_setopt_pointer(handle, CURLOPT_DEBUGDATA, context), "debug data")
        try curlOption(
            kith_curl_setopt_debug_callback(handle, CURLOPT_DEBUGFUNCTION) { _, type, data, size, userdata in
                // The server's replies; of what is sent (commands, AUTH's credentials, the message) only
                // whether a command is QUIT, which libcurl sends itself after a refused MAIL or RCPT.
                guard let transfer = SMTPTransfer.of(userdata), let data else { return 0 }
                let bytes = UnsafeRawBufferPointer(start: data, count: size)
                if type == CURLINFO_HEADER_OUT, bytes.starts(with: "QUIT".utf8) {
                    transfer.quitting = true
                } else if type == CURLINFO_HEADER_IN, !transfer.quitting {
                    transfer.replyLines(String(decoding: bytes, as: UTF8.self))
                }
                return 0
            }, "debug function")
        try cancellation.abortsTransfer(on: handle)
    }

    // MARK: - Callbacks

    /// Copies the next bytes of the message into libcurl's buffer (which does the dot-stuffing).
    private func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        let length = min(capacity, message.endIndex - offset)
        guard length > 0 else { return 0 }
        message.copyBytes(
            to: UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: UInt8.self), from: offset..<(offset + length))
        offset += length
        return length
    }

    /// Reply lines from the server (`250-first`, `250 last`); a line after a complete reply starts a new one.
    func replyLines(_ raw: String) {
        for line in raw.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            let characters = Array(line)
            guard characters.count >= 3, let code = Int(String(characters[0..<3])), (100..<600).contains(code) else {
                continue
            }
            if replyComplete {
                replyLines.removeAll()
            }
            replyCode = code
            let separator = characters.count > 3 ? characters[3] : " "
            replyComplete = separator != "-"
            let text = characters.count > 4 ? String(characters[4...]) : ""
            replyLines.append(text.trimmingCharacters(in: .whitespaces))
        }
    }

    // MARK: - Errors

    private func error(for code: CURLcode, reply: SMTPReply?, libcurlText: String) -> any Error {
        let cause = libcurlText.isEmpty ? String(cString: kith_curl_easy_strerror(code)) : libcurlText
        let detail = "curl \(code.rawValue): \(cause)" + (reply.map { "; last reply \($0)" } ?? "")
        if code == CURLE_ABORTED_BY_CALLBACK || code == CURLE_READ_ERROR, cancellation.isCancelled {
            return CancellationError()
        }
        // A 4xx or 5xx reply is the server's verdict, whichever step it came at (AUTH, MAIL, RCPT, DATA).
        if let reply, (400..<600).contains(reply.code) {
            return NetworkingError(
                reply.code >= 500 ? .smtpRefused : .smtpDeferred, detail: detail, smtpReply: reply)
        }
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return NetworkingError(.timeout, detail: detail)
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT, CURLE_SEND_ERROR,
            CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE:
            return NetworkingError(.offline, detail: detail)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CERTPROBLEM,
            CURLE_SSL_CIPHER, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS,
            CURLE_USE_SSL_FAILED:
            return NetworkingError(.tls, detail: detail)
        case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL:
            return NetworkingError(.invalidRequest, detail: detail)
        default:
            return NetworkingError(.invalidResponse, detail: detail)
        }
    }
}
