import Hummingbird

/// `GET /metrics`, public like `/health`, for Prometheus to scrape: `ServerMetrics` in the text exposition format.
/// Nothing in it names a person, so it needs no token; keep the port private to the operator's network all the same.
enum MetricsRoutes {
    static func add(to router: Router<KithRequestContext>, metrics: ServerMetrics) {
        router.get("/metrics") { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
            return Response(
                status: .ok, headers: headers,
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: await metrics.exposition())))
        }
    }
}
