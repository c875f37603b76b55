import CCurl
import Foundation
import Synchronization

/// The easy handle and the transfer itself. Touched only from its client's serial queue, which is
/// what makes the `@unchecked Sendable` sound.
final class CurlEngine: @unchecked Sendable {
    private var handle: UnsafeMutableRawPointer?
    private(set) var statistics = CurlHTTPClient.Statistics()

    deinit {
        if let handle { kith_curl_easy_cleanup(handle) }
    }

    // MARK: - Perform

    func perform(
        _ request: HTTPRequest,
        configuration: CurlHTTPClient.Configuration,
        cancellation: CancellationFlag
    ) throws -> HTTPResponse {
        if cancellation.isCancelled { throw CancellationError() }
        guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw NetworkingError(.invalidRequest, detail: "unsupported URL \(request.url.absoluteString)")
        }
        let headerLines = try Self.headerLines(for: request, configuration: configuration)

        let handle: UnsafeMutableRawPointer
        if configuration.reuseConnection {
            if self.handle == nil { self.handle = try Self.newHandle() }
            handle = self.handle!
            // Reset clears the previous request's options but keeps live connections and caches.
            kith_curl_easy_reset(handle)
        } else {
            handle = try Self.newHandle()
        }
        defer { if !configuration.reuseConnection { kith_curl_easy_cleanup(handle) } }

        var list: UnsafeMutablePointer<curl_slist>?
        for line in headerLines { list = kith_curl_slist_append(list, line) }
        defer { kith_curl_slist_free_all(list) }

        let context = TransferContext(maxBytes: configuration.maxResponseBytes, cancellation: cancellation)
        let contextPointer = Unmanaged.passUnretained(context).toOpaque()

        try configure(handle, request: request, configuration: configuration, headers: list, context: contextPointer)

        let body = request.body ?? Data()
        let code: CURLcode = body.withUnsafeBytes { buffer in
            if Self.sendsBody(request) {
                _ = kith_curl_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(buffer.count))
                // libcurl reads POSTFIELDS in place (no copy) during perform, which happens inside this closure.
                if let base = buffer.baseAddress {
                    _ = kith_curl_setopt_const_pointer(handle, CURLOPT_POSTFIELDS, base)
                    return kith_curl_easy_perform(handle)
                }
                return "".withCString { empty in
                    _ = kith_curl_setopt_const_pointer(handle, CURLOPT_POSTFIELDS, empty)
                    return kith_curl_easy_perform(handle)
                }
            }
            return kith_curl_easy_perform(handle)
        }

        statistics.requests += 1
        var connects = 0
        if kith_curl_getinfo_long(handle, CURLINFO_NUM_CONNECTS, &connects) == CURLE_OK {
            statistics.newConnections += connects
        }

        guard code == CURLE_OK else {
            throw Self.error(for: code, context: context, configuration: configuration)
        }
        var status = 0
        _ = kith_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        guard status > 0 else { throw NetworkingError(.invalidResponse, detail: "no HTTP status") }
        return HTTPResponse(status: status, headers: HTTPHeaders(context.headers), body: context.body)
    }

    private static func newHandle() throws(NetworkingError) -> UnsafeMutableRawPointer {
        guard let handle = kith_curl_easy_init() else {
            throw NetworkingError(
                .invalidRequest,
                detail: kith_curl_available() == 0
                    ? "libcurl (the libcurl4 package) is not installed" : "curl_easy_init failed")
        }
        return handle
    }

    // MARK: - Options

    private func configure(
        _ handle: UnsafeMutableRawPointer,
        request: HTTPRequest,
        configuration: CurlHTTPClient.Configuration,
        headers: UnsafeMutablePointer<curl_slist>?,
        context: UnsafeMutableRawPointer
    ) throws {
        let check = curlOption
        let strings: [(CURLoption, String?, String)] = [
            (CURLOPT_URL, request.url.absoluteString, "URL"), (CURLOPT_PROTOCOLS_STR, "http,https", "protocols"),
            (CURLOPT_REDIR_PROTOCOLS_STR, "http,https", "redirect protocols"),
            (CURLOPT_CAINFO, configuration.caBundlePath, "CA bundle"),
            (CURLOPT_USERAGENT, configuration.userAgent, "user agent"),
        ]
        for case (let option, let value?, let what) in strings {
            try check(kith_curl_setopt_string(handle, option, value), what)
        }
        let longs: [(CURLoption, Int, String)] = [
            // Signals are not thread-safe; without this libcurl uses SIGALRM for DNS timeouts.
            (CURLOPT_NOSIGNAL, 1, "nosignal"),
            (CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(configuration.connectTimeout), "connect timeout"),
            (CURLOPT_TIMEOUT_MS, Self.milliseconds(request.timeout ?? configuration.timeout), "timeout"),
            (CURLOPT_SSL_VERIFYPEER, 1, "verify peer"), (CURLOPT_SSL_VERIFYHOST, 2, "verify host"),
            (CURLOPT_FOLLOWLOCATION, configuration.followRedirects ? 1 : 0, "redirects"),
            (CURLOPT_MAXREDIRS, configuration.maxRedirects, "max redirects"), (CURLOPT_TCP_KEEPALIVE, 1, "keepalive"),
        ]
        for (option, value, what) in longs { try check(kith_curl_setopt_long(handle, option, value), what) }
        try check(kith_curl_setopt_slist(handle, CURLOPT_HTTPHEADER, headers), "headers")

        let method = request.method
        if method == .head {
            try check(kith_curl_setopt_long(handle, CURLOPT_NOBODY, 1), "HEAD")
        } else if Self.sendsBody(request) {
            try check(kith_curl_setopt_long(handle, CURLOPT_POST, 1), "POST")
            if method != .post {
                try check(kith_curl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method.rawValue), "method")
            }
        } else if method == .get {
            try check(kith_curl_setopt_long(handle, CURLOPT_HTTPGET, 1), "GET")
        } else {
            try check(kith_curl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method.rawValue), "method")
        }

        try check(kith_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, context), "write data")
        try check(
            kith_curl_setopt_write_callback(handle, CURLOPT_WRITEFUNCTION) { bytes, size, count, userdata in
                guard let context = TransferContext.of(userdata) else { return 0 }
                let length = size * count
                guard context.body.count + length <= context.maxBytes else {
                    context.overflowed = true
                    return 0  // fewer bytes than given makes libcurl stop with CURLE_WRITE_ERROR
                }
                if let bytes, length > 0 {
                    context.body.append(UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: length)
                }
                return length
            }, "write function")
        try check(kith_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, context), "header data")
        try check(
            kith_curl_setopt_write_callback(handle, CURLOPT_HEADERFUNCTION) { bytes, size, count, userdata in
                guard let context = TransferContext.of(userdata) else { return 0 }
                let length = size * count
                if let bytes, length > 0 {
                    let buffer = UnsafeRawBufferPointer(start: bytes, count: length)
                    context.headerLine(String(decoding: buffer, as: UTF8.self))
                }
                return length
            }, "header function")
        try TransferContext.of(context)?.cancellation.abortsTransfer(on: handle)
    }

    private static func sendsBody(_ request: HTTPRequest) -> Bool {
        if request.method == .head { return false }
        return request.body != nil || request.method == .post || request.method == .put || request.method == .patch
    }

    private static func headerLines(
        for request: HTTPRequest,
        configuration: CurlHTTPClient.Configuration
    ) throws -> [String] {
        var lines: [String] = []
        for field in request.headers {
            let forbidden =
                field.name.isEmpty || field.name.contains(where: { $0 == ":" || $0.isWhitespace })
                || field.name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
                || field.value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" })
            if forbidden { throw NetworkingError(.invalidRequest, detail: "invalid header \(field.name)") }
            // "Name;" sends a header with an empty value; "Name:" would remove it.
            lines.append(field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)")
        }
        // libcurl would otherwise add `Expect: 100-continue` to large bodies and wait for the server.
        if !request.headers.contains("Expect") { lines.append("Expect:") }
        // ...and label every body as a form.
        if sendsBody(request) && !request.headers.contains("Content-Type") { lines.append("Content-Type:") }
        return lines
    }

    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }

    // MARK: - Errors

    private static func error(
        for code: CURLcode,
        context: TransferContext,
        configuration: CurlHTTPClient.Configuration
    ) -> any Error {
        let detail = "curl \(code.rawValue): \(String(cString: kith_curl_easy_strerror(code)))"
        switch code {
        case CURLE_ABORTED_BY_CALLBACK where context.cancellation.isCancelled:
            return CancellationError()
        case CURLE_WRITE_ERROR where context.overflowed:
            return NetworkingError(
                .invalidResponse, detail: "response larger than \(configuration.maxResponseBytes) bytes")
        case CURLE_OPERATION_TIMEDOUT:
            return NetworkingError(.timeout, detail: detail)
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT, CURLE_SEND_ERROR,
            CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE:
            return NetworkingError(.offline, detail: detail)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CERTPROBLEM,
            CURLE_SSL_CIPHER, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS:
            return NetworkingError(.tls, detail: detail)
        case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL:
            return NetworkingError(.invalidRequest, detail: detail)
        default:
            return NetworkingError(.invalidResponse, detail: detail)
        }
    }
}

// MARK: - Per transfer

/// Set from any thread when the awaiting task is cancelled; read by the progress callback.
final class CancellationFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    func cancel() { flag.store(true, ordering: .relaxed) }
    var isCancelled: Bool { flag.load(ordering: .relaxed) }
}

extension CancellationFlag {
    /// Makes libcurl abort the transfer on `handle` once this flag is set: its progress callback asks. The flag must
    /// outlive the transfer (the transfer's context holds it).
    func abortsTransfer(on handle: UnsafeMutableRawPointer) throws(NetworkingError) {
        try curlOption(
            kith_curl_setopt_pointer(handle, CURLOPT_XFERINFODATA, Unmanaged.passUnretained(self).toOpaque()),
            "progress data")
        try curlOption(
            kith_curl_setopt_xferinfo_callback(handle, CURLOPT_XFERINFOFUNCTION) { userdata, _, _, _, _ in
                guard let userdata else { return 0 }
                // Non-zero aborts the transfer.
                return Unmanaged<CancellationFlag>.fromOpaque(userdata).takeUnretainedValue().isCancelled ? 1 : 0
            }, "progress function")
        try curlOption(kith_curl_setopt_long(handle, CURLOPT_NOPROGRESS, 0), "progress")
    }
}

/// Refuses an option libcurl did not take (`what` names it, for the log).
func curlOption(_ code: CURLcode, _ what: String) throws(NetworkingError) {
    guard code == CURLE_OK else {
        throw NetworkingError(.invalidRequest, detail: "\(what): \(String(cString: kith_curl_easy_strerror(code)))")
    }
}

/// What the callbacks fill in during one `curl_easy_perform`.
final class TransferContext {
    let maxBytes: Int
    let cancellation: CancellationFlag
    var body = Data()
    var headers: [HTTPHeader] = []
    var overflowed = false

    init(maxBytes: Int, cancellation: CancellationFlag) {
        self.maxBytes = maxBytes
        self.cancellation = cancellation
    }

    /// The context a callback's `userdata` points to (`perform` passes it unretained and keeps it alive).
    static func of(_ userdata: UnsafeMutableRawPointer?) -> TransferContext? {
        userdata.map { Unmanaged<TransferContext>.fromOpaque($0).takeUnretainedValue() }
    }

    /// One raw header line; a status line starts a new header block (after 100 Continue or a followed redirect).
    func headerLine(_ raw: String) {
        let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if line.hasPrefix("HTTP/") {
            headers.removeAll()
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
        let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        headers.append(HTTPHeader(name: name, value: value))
        if name.caseInsensitiveCompare("Content-Length") == .orderedSame, let length = Int(value), length <= maxBytes {
            body.reserveCapacity(length)
        }
    }
}
