// The WebKit declarations the creative bridge uses beyond WebKit.swift: a content world of the
// SDK's own for its script and message handler, and the security origin of the frame a message
// came from. Transcribed from their pages as WebKit.swift's are (see README).

// doc: /documentation/WebKit/WKContentWorld
@available(iOS 14.0, macOS 11.0, *)
@MainActor open class WKContentWorld: NSObject {
    // doc: /documentation/WebKit/WKContentWorld/world(name:)
    open class func world(name: String) -> WKContentWorld { fatalError() }
}

@available(iOS 8.0, macOS 10.10, *)
extension WKUserContentController {
    // doc: /documentation/WebKit/WKUserContentController/add(_:contentWorld:name:)
    @available(iOS 14.0, macOS 11.0, *)
    public func add(_ scriptMessageHandler: any WKScriptMessageHandler, contentWorld world: WKContentWorld, name: String) {}
    // doc: /documentation/WebKit/WKUserContentController/removeScriptMessageHandler(forName:contentWorld:)
    @available(iOS 14.0, macOS 11.0, *)
    public func removeScriptMessageHandler(forName name: String, contentWorld: WKContentWorld) {}
}

@available(iOS 8.0, macOS 10.10, *)
extension WKUserScript {
    // doc: /documentation/WebKit/WKUserScript/init(source:injectionTime:forMainFrameOnly:in:)
    @available(iOS 14.0, macOS 11.0, *)
    public convenience init(source: String, injectionTime: WKUserScriptInjectionTime, forMainFrameOnly: Bool, in contentWorld: WKContentWorld) { fatalError() }
}

@available(iOS 8.0, macOS 10.10, *)
extension WKFrameInfo {
    // doc: /documentation/WebKit/WKFrameInfo/securityOrigin
    @available(iOS 9.0, macOS 10.11, *)
    public var securityOrigin: WKSecurityOrigin { fatalError() }
}

// doc: /documentation/WebKit/WKSecurityOrigin
@available(iOS 9.0, macOS 10.11, *)
@MainActor open class WKSecurityOrigin: NSObject {
    // doc?: /documentation/WebKit/WKSecurityOrigin/protocol
    open var `protocol`: String { fatalError() }
    // doc?: /documentation/WebKit/WKSecurityOrigin/host
    open var host: String { fatalError() }
    // doc?: /documentation/WebKit/WKSecurityOrigin/port
    open var port: Int { fatalError() }
}
