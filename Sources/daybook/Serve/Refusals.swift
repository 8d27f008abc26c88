import DaybookSite
import FlyingFox
import Foundation

/// `PreviewGuard`'s rules applied to FlyingFox's requests and answers.
extension PreviewGuard {
    /// A request for a page, a file or the event stream: nil when its `Host` names the preview, else the refusal.
    func refusal(_ request: HTTPRequest) -> HTTPResponse? {
        do throws(Refusal) {
            try checkHost(request.headers[.host])
            return nil
        } catch {
            return HTTPResponse(statusCode: error.httpStatus, headers: [.contentType: "text/plain; charset=utf-8", .connection: "close"],
                                body: Data((error.message + "\n").utf8))
        }
    }

    /// A request that writes: its headers, as the checks read them.
    static func write(_ request: HTTPRequest) -> Write {
        Write(host: request.headers[.host], origin: request.headers[HTTPHeader("Origin")], token: request.headers[HTTPHeader("X-Daybook-Token")],
              contentType: request.headers[.contentType], contentLength: request.bodySequence.count)
    }
}

extension PreviewGuard.Refusal {
    var httpStatus: HTTPStatusCode {
        switch status {
        case .forbidden: .forbidden
        case .lengthRequired: .lengthRequired
        case .payloadTooLarge: .payloadTooLarge
        case .unsupportedMediaType: .unsupportedMediaType
        case .misdirected: .misdirectedRequest
        }
    }
}
