// The WebKit declarations the creative bridge uses beyond WebKit.swift: its script and its message
// handler live in a content world of the SDK's own, out of the page's reach. Transcribed from their
// pages as WebKit.swift's are (see README).

@available(iOS 8.0, macOS 10.10, *)
@available(tvOS, unavailable)
extension WKUserContentController {
    // doc: /documentation/WebKit/WKUserContentController/add(_:contentWorld:name:)
    @available(iOS 14.0, macOS 11.0, *)
    @available(tvOS, unavailable)
    public func add(_ scriptMessageHandler: any WKScriptMessageHandler, contentWorld world: WKContentWorld, name: String) {}
    // doc: /documentation/WebKit/WKUserContentController/removeScriptMessageHandler(forName:contentWorld:)
    @available(iOS 14.0, macOS 11.0, *)
    @available(tvOS, unavailable)
    public func removeScriptMessageHandler(forName name: String, contentWorld: WKContentWorld) {}
}

@available(iOS 8.0, macOS 10.10, *)
@available(tvOS, unavailable)
extension WKUserScript {
    // doc: /documentation/WebKit/WKUserScript/init(source:injectionTime:forMainFrameOnly:in:)
    @available(iOS 14.0, macOS 11.0, *)
    @available(tvOS, unavailable)
    public convenience init(source: String, injectionTime: WKUserScriptInjectionTime, forMainFrameOnly: Bool, in contentWorld: WKContentWorld) { fatalError() }
}
