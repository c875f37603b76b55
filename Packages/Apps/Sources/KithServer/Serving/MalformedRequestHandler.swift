import Foundation
import Hummingbird
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Answers a request NIO's HTTP parser refuses before any route sees it (a byte that is not allowed in the
/// path or a header, headers over the size limit, `Content-Length` with `Transfer-Encoding`) with Kith's JSON
/// 400, where Hummingbird would answer an empty 400. It sits in the channel pipeline after the HTTP codec.
///
/// A parse error while a route is reading that request's body (a malformed chunk) is passed on: the route's
/// body read throws it and `ErrorMiddleware` answers. One that arrives while the previous request's response
/// is still being written is answered once that response ends. The connection is closed after the answer:
/// the parser cannot find the next request in what follows.
final class MalformedRequestHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// Requests whose head was read and whose response has not ended.
    private var unanswered = 0
    /// Between a request's head and its end.
    private var readingBody = false
    /// A parse error waiting for the response under way to end.
    private var pending = false
    private var answered = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            unanswered += 1
            readingBody = true
        case .end: readingBody = false
        case .body: break
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .end = unwrapOutboundIn(data) else {
            context.write(data, promise: promise)
            return
        }
        unanswered = max(unanswered - 1, 0)
        context.write(data, promise: promise)
        if pending && unanswered == 0 { answer(context: context) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard error is HTTPParserError, !answered else {
            context.fireErrorCaught(error)
            return
        }
        if readingBody {
            context.fireErrorCaught(error)
        } else if unanswered == 0 {
            answer(context: context)
        } else {
            pending = true
        }
    }

    /// Kith's 400 body, then the connection closes.
    private func answer(context: ChannelHandlerContext) {
        pending = false
        answered = true
        let error = APIError.malformedRequest
        let body = ByteBuffer(bytes: (try? JSONCoding.responseEncoder.encode(error.body)) ?? Data())
        var fields = HTTPFields()
        fields[.contentType] = "application/json; charset=utf-8"
        fields[.contentLength] = String(body.readableBytes)
        fields[.cacheControl] = "no-store"
        fields[.connection] = "close"
        context.write(wrapOutboundOut(.head(HTTPResponse(status: error.status, headerFields: fields))), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        // The future completes on the context's event loop: the bound context is used there only.
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in bound.value.close(promise: nil) }
    }
}
