// The `kontextBridge` script message handler: hands each message body, with the frame it came
// from, to the ad's `CreativePageBridge`, which decides everything. A class of its own because
// WKUserContentController keeps its handlers strongly; this one holds the bridge weakly.
#if canImport(UIKit) && canImport(WebKit)
import WebKit

@MainActor
final class CreativeMessageForwarder: NSObject, WKScriptMessageHandler {
    private weak var bridge: CreativePageBridge?

    init(to bridge: CreativePageBridge) {
        self.bridge = bridge
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        let frame = message.frameInfo
        let origin = frame.securityOrigin
        // The bridge script posts strings; any other body reaches the decoder empty, as malformed.
        let body = Data(((message.body as? String) ?? "").utf8)
        bridge?.receive(body, fromMainFrame: frame.isMainFrame,
                        origin: CreativeOrigin(scheme: origin.protocol, host: origin.host, port: origin.port))
    }
}
#endif
