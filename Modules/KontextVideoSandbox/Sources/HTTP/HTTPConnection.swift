import Foundation

/// One accepted connection: reads its request, asks the handler, performs the action.
struct HTTPConnection {
    let fd: Int32
    let server: HTTPServerCore

    func serve() {
        var reader = HTTPRequestReader(fd: fd, maximumBodyLength: server.maximumBodyLength)
        switch reader.read() {
        case .closed:
            return
        case .invalid(let status):
            perform(.respond(.text(HTTPResponse.reasonPhrase(status), status: status)))
        case .request(let request):
            let action = server.answer(request)
            if request.method == "HEAD", case .respond(let response) = action {
                Socket.write(fd, response.head(contentLength: response.body.count))
                finish()
            } else {
                perform(action)
            }
        }
    }

    private func perform(_ action: HTTPResponseAction) {
        switch action {
        case .respond(let response):
            Socket.write(fd, response.head(contentLength: response.body.count) + response.body)
            finish()
        case .held(let gate, let then):
            if server.park(at: gate) { perform(then) }
        case .hang:
            _ = server.park(at: ResponseGate())
        case .drop:
            Socket.shutdownWrite(fd)
        case .reset:
            Socket.setResetOnClose(fd)
        case .cutShort(let response, let declaredLength):
            Socket.write(fd, response.head(contentLength: max(declaredLength, response.body.count + 1)) + response.body)
        case .stream(let status, let headers, let byteCount, let filler):
            let response = HTTPResponse(status: status, headers: headers)
            guard Socket.write(fd, response.head(contentLength: byteCount)) else { return }
            let chunk = Data(repeating: filler, count: 64 * 1024)
            var remaining = byteCount
            while remaining > 0 {
                let part = min(remaining, chunk.count)
                guard Socket.write(fd, part == chunk.count ? chunk : chunk.prefix(part)) else { return }
                remaining -= part
            }
            finish()
        case .drip(let status, let declaredLength, let interval):
            guard Socket.write(fd, HTTPResponse(status: status).head(contentLength: declaredLength)) else { return }
            for _ in 0..<declaredLength {
                Thread.sleep(forTimeInterval: max(0.001, interval))
                guard !server.isStopped, Socket.write(fd, Data(" ".utf8)) else { return }
            }
            finish()
        }
    }

    /// An orderly close: end our side, then read until the client closes its side, so that
    /// unread request bytes never turn the close into a reset that loses the answer.
    private func finish() {
        Socket.shutdownWrite(fd)
        Socket.setReadTimeout(fd, seconds: 2)
        var scratch = [UInt8](repeating: 0, count: 4096)
        var drained = 0
        while drained < 1024 * 1024 {
            let count = scratch.withUnsafeMutableBytes { Socket.read(fd, into: $0) }
            if count <= 0 { break }
            drained += count
        }
    }
}
