import Foundation

/// A complete HTTP response: status, header fields and body.
///
/// The server adds `Content-Length` and `Connection: close` itself; header fields set here
/// are sent as given (a `Content-Length` set here is ignored).
public struct HTTPResponse: Sendable, Equatable {
    /// The status code, e.g. 200, 204, 429, 503.
    public var status: Int
    /// Header fields, sent in name order.
    public var headers: [String: String]
    /// The body; empty for none.
    public var body: Data

    /// A response with the given status, headers and body.
    /// - Parameters:
    ///   - status: The status code; 200 by default.
    ///   - headers: Header fields, sent in name order.
    ///   - body: The body; empty by default.
    public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A `200`-style response with a UTF-8 text body and its content type.
    /// - Parameters:
    ///   - text: The body.
    ///   - status: The status code; 200 by default.
    ///   - contentType: The `Content-Type`; plain UTF-8 text by default.
    /// - Returns: The response.
    public static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8") -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": contentType], body: Data(text.utf8))
    }

    /// A response carrying `data` with the given content type.
    /// - Parameters:
    ///   - data: The body.
    ///   - contentType: The `Content-Type`.
    ///   - status: The status code; 200 by default.
    /// - Returns: The response.
    public static func data(_ data: Data, contentType: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": contentType], body: data)
    }

    /// `404 Not Found` with a short text body.
    public static let notFound = HTTPResponse.text("not found", status: 404)

    /// The standard reason phrase of `status` (`"Unknown"` for unlisted codes).
    /// - Parameter status: A status code.
    /// - Returns: Its reason phrase, such as `Too Many Requests` for 429.
    public static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 410: "Gone"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 416: "Range Not Satisfiable"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Unknown"
        }
    }

    /// The status line and header block, ending with the empty line, announcing `contentLength` body bytes.
    func head(contentLength: Int?) -> Data {
        var text = "HTTP/1.1 \(status) \(Self.reasonPhrase(status))\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key })
        where name.caseInsensitiveCompare("Content-Length") != .orderedSame
            && name.caseInsensitiveCompare("Connection") != .orderedSame {
            text += "\(name): \(value)\r\n"
        }
        if let contentLength { text += "Content-Length: \(contentLength)\r\n" }
        text += "Connection: close\r\n\r\n"
        return Data(text.utf8)
    }
}
