// Stub of Apple's `WebKit` for iOS (the UIKit-based `WKWebView`). WebKit's delegate
// protocols are Objective-C protocols with optional requirements; Linux's `NSObject` is not an
// Objective-C class, so they are modelled as Swift protocols whose requirements have default
// implementations. A conformer's method is still type-checked against the requirement's
// isolation, but a near-miss signature is not flagged as it would be for an optional
// requirement (see README, "Limits").
@_exported import UIKit

// doc: /documentation/WebKit/WKWebView
@available(iOS 8.0, macOS 10.10, visionOS 1.0, *)
@available(tvOS, unavailable)
@MainActor open class WKWebView: UIView {
    // doc: /documentation/WebKit/WKWebView/init(frame:configuration:)
    public init(frame: CGRect, configuration: WKWebViewConfiguration) { fatalError() }
    public required init?(coder: NSCoder) { fatalError() }
    // Inherited from UIView; Objective-C initializers are inherited as convenience initializers.
    // doc: /documentation/UIKit/UIView/init(frame:)
    public convenience override init(frame: CGRect) { fatalError() }
    // doc: /documentation/WebKit/WKWebView/configuration
    open var configuration: WKWebViewConfiguration { fatalError() }
    // doc: /documentation/WebKit/WKWebView/navigationDelegate
    weak open var navigationDelegate: (any WKNavigationDelegate)? { get { fatalError() } set {} }
    // doc: /documentation/WebKit/WKWebView/uiDelegate
    weak open var uiDelegate: (any WKUIDelegate)? { get { fatalError() } set {} }
    // doc: /documentation/WebKit/WKWebView/scrollView
    @available(macOS, unavailable)
    open var scrollView: UIScrollView { fatalError() }
    // doc: /documentation/WebKit/WKWebView/url
    open var url: URL? { fatalError() }
    // doc: /documentation/WebKit/WKWebView/allowsLinkPreview
    @available(iOS 9.0, macOS 10.11, *)
    open var allowsLinkPreview: Bool { get { fatalError() } set {} }
    // doc: /documentation/WebKit/WKWebView/load(_:)-5siv6
    @discardableResult open func load(_ request: URLRequest) -> WKNavigation? { fatalError() }
    // doc: /documentation/WebKit/WKWebView/loadHTMLString(_:baseURL:)
    @discardableResult open func loadHTMLString(_ string: String, baseURL: URL?) -> WKNavigation? { fatalError() }
    // doc: /documentation/WebKit/WKWebView/stopLoading()
    open func stopLoading() {}
    // doc: /documentation/WebKit/WKWebView/evaluateJavaScript(_:completionHandler:)
    open func evaluateJavaScript(_ javaScriptString: String, completionHandler: (@MainActor @Sendable (Any?, (any Error)?) -> Void)? = nil) {}
}

// WebKit's Swift overlay: these are extension methods, not Objective-C members.
@available(tvOS, unavailable)
extension WKWebView {
    // doc: /documentation/WebKit/WKWebView/evaluateJavaScript(_:in:contentWorld:)
    @available(iOS 15.0, macOS 12.0, *)
    @MainActor @preconcurrency public func evaluateJavaScript(_ javaScript: String, in frame: WKFrameInfo? = nil, contentWorld: WKContentWorld) async throws -> Any? { fatalError() }
}

// doc: /documentation/WebKit/WKWebViewConfiguration
@available(iOS 8.0, macOS 10.10, *)
@available(tvOS, unavailable)
@MainActor open class WKWebViewConfiguration: NSObject, NSCopying {
    public override init() { fatalError() }
    nonisolated public func copy(with zone: NSZone? = nil) -> Any { fatalError() }
    // doc: /documentation/WebKit/WKWebViewConfiguration/userContentController
    open var userContentController: WKUserContentController { get { fatalError() } set {} }
    // doc: /documentation/WebKit/WKWebViewConfiguration/allowsInlineMediaPlayback
    @available(iOS 8.0, *)
    @available(macOS, unavailable)
    open var allowsInlineMediaPlayback: Bool { get { fatalError() } set {} }
    // doc: /documentation/WebKit/WKWebViewConfiguration/mediaTypesRequiringUserActionForPlayback
    @available(iOS 10.0, macOS 10.12, *)
    open var mediaTypesRequiringUserActionForPlayback: WKAudiovisualMediaTypes { get { fatalError() } set {} }
    // doc: /documentation/WebKit/WKWebViewConfiguration/websiteDataStore
    @available(iOS 9.0, macOS 10.11, *)
    open var websiteDataStore: WKWebsiteDataStore { get { fatalError() } set {} }
    // doc: /documentation/WebKit/WKWebViewConfiguration/preferences
    open var preferences: WKPreferences { get { fatalError() } set {} }
    // doc: /documentation/WebKit/WKWebViewConfiguration/dataDetectorTypes
    @available(iOS 10.0, *)
    @available(macOS, unavailable)
    open var dataDetectorTypes: WKDataDetectorTypes { get { fatalError() } set {} }
    // doc: /documentation/WebKit/WKWebViewConfiguration/allowsPictureInPictureMediaPlayback
    @available(iOS 9.0, *)
    @available(macOS, unavailable)
    open var allowsPictureInPictureMediaPlayback: Bool { get { fatalError() } set {} }
    // doc: /documentation/WebKit/WKWebViewConfiguration/allowsAirPlayForMediaPlayback
    @available(iOS 9.0, macOS 10.11, *)
    open var allowsAirPlayForMediaPlayback: Bool { get { fatalError() } set {} }
}

// doc: /documentation/WebKit/WKWebsiteDataStore
@available(iOS 9.0, macOS 10.11, visionOS 1.0, *)
@available(tvOS, unavailable)
@MainActor open class WKWebsiteDataStore: NSObject {
    // doc: /documentation/WebKit/WKWebsiteDataStore/nonPersistent()
    open class func nonPersistent() -> WKWebsiteDataStore { fatalError() }
    // doc: /documentation/WebKit/WKWebsiteDataStore/default()
    open class func `default`() -> WKWebsiteDataStore { fatalError() }
}

// doc: /documentation/WebKit/WKPreferences
@available(iOS 8.0, macOS 10.10, *)
@available(tvOS, unavailable)
@MainActor open class WKPreferences: NSObject {
    public override init() { fatalError() }
    // doc: /documentation/WebKit/WKPreferences/javaScriptCanOpenWindowsAutomatically
    open var javaScriptCanOpenWindowsAutomatically: Bool { get { fatalError() } set {} }
}

// doc: /documentation/WebKit/WKDataDetectorTypes
@available(iOS 10.0, *)
@available(macOS, unavailable)
@available(tvOS, unavailable)
public struct WKDataDetectorTypes: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    // doc: /documentation/WebKit/WKDataDetectorTypes/link
    public static var link: WKDataDetectorTypes { fatalError() }
    // doc: /documentation/WebKit/WKDataDetectorTypes/address
    public static var address: WKDataDetectorTypes { fatalError() }
    // doc: /documentation/WebKit/WKDataDetectorTypes/all
    public static var all: WKDataDetectorTypes { fatalError() }
}

// doc: /documentation/WebKit/WKPermissionDecision
@available(iOS 15.0, macOS 12.0, *)
@available(tvOS, unavailable)
public enum WKPermissionDecision: Int, Sendable {
    // doc: /documentation/WebKit/WKPermissionDecision/prompt
    case prompt = 0
    // doc: /documentation/WebKit/WKPermissionDecision/grant
    case grant = 1
    // doc?: /documentation/WebKit/WKPermissionDecision/deny (listed on the enumeration's page)
    case deny = 2
}

// doc: /documentation/WebKit/WKMediaCaptureType
@available(iOS 15.0, macOS 12.0, *)
@available(tvOS, unavailable)
public enum WKMediaCaptureType: Int, Sendable {
    // doc: /documentation/WebKit/WKMediaCaptureType/camera
    case camera = 0
    // doc?: /documentation/WebKit/WKMediaCaptureType/microphone (listed on the enumeration's page)
    case microphone = 1
    // doc?: /documentation/WebKit/WKMediaCaptureType/cameraAndMicrophone (listed on the enumeration's page)
    case cameraAndMicrophone = 2
}

// doc: /documentation/WebKit/WKContextMenuElementInfo
@available(iOS 13.0, *)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@MainActor open class WKContextMenuElementInfo: NSObject {
}

// doc: /documentation/WebKit/WKAudiovisualMediaTypes
@available(iOS 10.0, macOS 10.12, *)
@available(tvOS, unavailable)
public struct WKAudiovisualMediaTypes: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static var audio: WKAudiovisualMediaTypes { fatalError() }
    public static var video: WKAudiovisualMediaTypes { fatalError() }
    public static var all: WKAudiovisualMediaTypes { fatalError() }
}

// doc: /documentation/WebKit/WKUserContentController
@available(iOS 8.0, macOS 10.10, *)
@available(tvOS, unavailable)
@MainActor open class WKUserContentController: NSObject {
    public override init() { fatalError() }
    // doc: /documentation/WebKit/WKUserContentController/add(_:name:)
    open func add(_ scriptMessageHandler: any WKScriptMessageHandler, name: String) {}
    // doc: /documentation/WebKit/WKUserContentController/removeScriptMessageHandler(forName:)
    open func removeScriptMessageHandler(forName name: String) {}
    // doc: /documentation/WebKit/WKUserContentController/addUserScript(_:)
    open func addUserScript(_ userScript: WKUserScript) {}
}

// doc: /documentation/WebKit/WKUserScript
@available(iOS 8.0, macOS 10.10, *)
@available(tvOS, unavailable)
@MainActor open class WKUserScript: NSObject {
    // doc: /documentation/WebKit/WKUserScript/init(source:injectionTime:forMainFrameOnly:)
    public init(source: String, injectionTime: WKUserScriptInjectionTime, forMainFrameOnly: Bool) { fatalError() }
    // doc: /documentation/WebKit/WKUserScript/source
    open var source: String { fatalError() }
}

// doc: /documentation/WebKit/WKUserScriptInjectionTime
@available(iOS 8.0, macOS 10.10, *)
@available(tvOS, unavailable)
public enum WKUserScriptInjectionTime: Int, Sendable {
    case atDocumentStart = 0
}

// doc: /documentation/WebKit/WKScriptMessage
@available(iOS 8.0, macOS 10.10, *)
@available(tvOS, unavailable)
@MainActor open class WKScriptMessage: NSObject {
    // doc: /documentation/WebKit/WKScriptMessage/body
    open var body: Any { fatalError() }
    // doc: /documentation/WebKit/WKScriptMessage/name
    open var name: String { fatalError() }
    // doc: /documentation/WebKit/WKScriptMessage/webView
    weak open var webView: WKWebView? { fatalError() }
    // doc: /documentation/WebKit/WKScriptMessage/frameInfo
    open var frameInfo: WKFrameInfo { fatalError() }
}

// doc: /documentation/WebKit/WKScriptMessageHandler
@available(iOS 8.0, macOS 10.10, *)
@available(tvOS, unavailable)
@MainActor public protocol WKScriptMessageHandler: NSObjectProtocol {
    // doc: /documentation/WebKit/WKScriptMessageHandler/userContentController(_:didReceive:)
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage)
}

// doc: /documentation/WebKit/WKNavigation
@available(iOS 8.0, macOS 10.10, *)
@available(tvOS, unavailable)
@MainActor open class WKNavigation: NSObject {}

// doc: /documentation/WebKit/WKFrameInfo
@available(iOS 8.0, macOS 10.10, *)
@available(tvOS, unavailable)
@MainActor open class WKFrameInfo: NSObject {
    // doc: /documentation/WebKit/WKFrameInfo/isMainFrame
    open var isMainFrame: Bool { fatalError() }
    // doc-missing: WKFrameInfo.request (no page in the corpus; the WKFrameInfo page lists it)
    open var request: URLRequest { fatalError() }
    // doc: /documentation/WebKit/WKFrameInfo/securityOrigin
    @available(iOS 9.0, macOS 10.11, *)
    open var securityOrigin: WKSecurityOrigin { fatalError() }
}

// doc: /documentation/WebKit/WKSecurityOrigin
@available(iOS 9.0, macOS 10.11, *)
@available(tvOS, unavailable)
@MainActor open class WKSecurityOrigin: NSObject {
    // doc-missing: WKSecurityOrigin.protocol (no page in the corpus; the WKSecurityOrigin page describes host, protocol and port)
    open var `protocol`: String { fatalError() }
    // doc: /documentation/WebKit/WKSecurityOrigin/host
    open var host: String { fatalError() }
    // doc: /documentation/WebKit/WKSecurityOrigin/port
    open var port: Int { fatalError() }
}

// doc: /documentation/WebKit/WKContentWorld
@available(iOS 14.0, macOS 11.0, *)
@available(tvOS, unavailable)
@MainActor open class WKContentWorld: NSObject {
    // doc: /documentation/WebKit/WKContentWorld/page
    open class var page: WKContentWorld { fatalError() }
    // doc: /documentation/WebKit/WKContentWorld/world(name:)
    open class func world(name: String) -> WKContentWorld { fatalError() }
}

// doc: /documentation/WebKit/WKNavigationAction
@available(iOS 8.0, macOS 10.10, *)
@available(tvOS, unavailable)
@MainActor open class WKNavigationAction: NSObject {
    // doc: /documentation/WebKit/WKNavigationAction/targetFrame
    open var targetFrame: WKFrameInfo? { fatalError() }
    // doc: /documentation/WebKit/WKNavigationAction/navigationType
    open var navigationType: WKNavigationType { fatalError() }
    // doc: /documentation/WebKit/WKNavigationAction/request
    open var request: URLRequest { fatalError() }
}

// doc: /documentation/WebKit/WKNavigationResponse
@available(iOS 8.0, macOS 10.10, *)
@available(tvOS, unavailable)
@MainActor open class WKNavigationResponse: NSObject {
    // doc: /documentation/WebKit/WKNavigationResponse/response
    open var response: URLResponse { fatalError() }
}

// doc: /documentation/WebKit/WKWindowFeatures
@available(iOS 8.0, macOS 10.10, *)
@available(tvOS, unavailable)
@MainActor open class WKWindowFeatures: NSObject {}

// doc: /documentation/WebKit/WKNavigationType
@available(iOS 8.0, macOS 10.10, *)
@available(tvOS, unavailable)
public enum WKNavigationType: Int, Sendable {
    case linkActivated = 0
    case other = -1
}

// doc: /documentation/WebKit/WKNavigationActionPolicy
@available(iOS 8.0, macOS 10.10, *)
@available(tvOS, unavailable)
public enum WKNavigationActionPolicy: Int, Sendable {
    case cancel = 0
    case allow = 1
}

// doc: /documentation/WebKit/WKNavigationResponsePolicy
@available(iOS 8.0, macOS 10.10, *)
@available(tvOS, unavailable)
public enum WKNavigationResponsePolicy: Int, Sendable {
    case cancel = 0
    case allow = 1
}

// doc: /documentation/WebKit/WKNavigationDelegate
@available(iOS 8.0, macOS 10.10, *)
@available(tvOS, unavailable)
@MainActor public protocol WKNavigationDelegate: NSObjectProtocol {
    // doc: /documentation/WebKit/WKNavigationDelegate/webView(_:decidePolicyFor:decisionHandler:)-2ni62
    func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction, decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void)
    // doc: /documentation/WebKit/WKNavigationDelegate/webView(_:decidePolicyFor:decisionHandler:)-19mn2
    func webView(_ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse, decisionHandler: @escaping @MainActor @Sendable (WKNavigationResponsePolicy) -> Void)
    // doc: /documentation/WebKit/WKNavigationDelegate/webView(_:didStartProvisionalNavigation:)
    func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!)
    // doc: /documentation/WebKit/WKNavigationDelegate/webView(_:didFailProvisionalNavigation:withError:)
    func webView(_ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error)
    // doc: /documentation/WebKit/WKNavigationDelegate/webView(_:didCommit:)
    func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!)
    // doc: /documentation/WebKit/WKNavigationDelegate/webView(_:didFinish:)
    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!)
    // doc-missing: WKNavigationDelegate.webView(_:didFail:withError:) (no page in the corpus)
    func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error)
    // doc: /documentation/WebKit/WKNavigationDelegate/webViewWebContentProcessDidTerminate(_:)
    @available(iOS 9.0, macOS 10.11, *)
    func webViewWebContentProcessDidTerminate(_ webView: WKWebView)
}
@available(iOS 8.0, macOS 10.10, *)
extension WKNavigationDelegate {
    // Default implementations stand for `optional` (see the file's header).
    public func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction, decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void) {}
    public func webView(_ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse, decisionHandler: @escaping @MainActor @Sendable (WKNavigationResponsePolicy) -> Void) {}
    public func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!) {}
    public func webView(_ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error) {}
    public func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) {}
    public func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {}
    public func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {}
    @available(iOS 9.0, macOS 10.11, *)
    public func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {}
}

// doc: /documentation/WebKit/WKUIDelegate
@available(iOS 8.0, macOS 10.10, *)
@available(tvOS, unavailable)
@MainActor public protocol WKUIDelegate: NSObjectProtocol {
    // doc: /documentation/WebKit/WKUIDelegate/webView(_:createWebViewWith:for:windowFeatures:)
    func webView(_ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration, for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures) -> WKWebView?
    // doc: /documentation/WebKit/WKUIDelegate/webViewDidClose(_:)
    @available(iOS 9.0, macOS 10.11, *)
    func webViewDidClose(_ webView: WKWebView)
    // doc: /documentation/WebKit/WKUIDelegate/webView(_:requestMediaCapturePermissionFor:initiatedByFrame:type:decisionHandler:)
    @available(iOS 15.0, macOS 12.0, *)
    func webView(_ webView: WKWebView, requestMediaCapturePermissionFor origin: WKSecurityOrigin, initiatedByFrame frame: WKFrameInfo, type: WKMediaCaptureType, decisionHandler: @escaping @MainActor @Sendable (WKPermissionDecision) -> Void)
    // doc: /documentation/WebKit/WKUIDelegate/webView(_:requestDeviceOrientationAndMotionPermissionFor:initiatedByFrame:decisionHandler:)
    @available(iOS 15.0, *)
    @available(macOS, unavailable)
    func webView(_ webView: WKWebView, requestDeviceOrientationAndMotionPermissionFor origin: WKSecurityOrigin, initiatedByFrame frame: WKFrameInfo, decisionHandler: @escaping @MainActor @Sendable (WKPermissionDecision) -> Void)
    // doc: /documentation/WebKit/WKUIDelegate/webView(_:contextMenuConfigurationForElement:completionHandler:)
    @available(iOS 13.0, *)
    @available(macOS, unavailable)
    func webView(_ webView: WKWebView, contextMenuConfigurationForElement elementInfo: WKContextMenuElementInfo, completionHandler: @escaping @MainActor @Sendable (UIContextMenuConfiguration?) -> Void)
}
@available(iOS 8.0, macOS 10.10, *)
extension WKUIDelegate {
    public func webView(_ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration, for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures) -> WKWebView? { nil }
    @available(iOS 9.0, macOS 10.11, *)
    public func webViewDidClose(_ webView: WKWebView) {}
    @available(iOS 15.0, macOS 12.0, *)
    public func webView(_ webView: WKWebView, requestMediaCapturePermissionFor origin: WKSecurityOrigin, initiatedByFrame frame: WKFrameInfo, type: WKMediaCaptureType, decisionHandler: @escaping @MainActor @Sendable (WKPermissionDecision) -> Void) {}
    @available(iOS 15.0, *)
    @available(macOS, unavailable)
    public func webView(_ webView: WKWebView, requestDeviceOrientationAndMotionPermissionFor origin: WKSecurityOrigin, initiatedByFrame frame: WKFrameInfo, decisionHandler: @escaping @MainActor @Sendable (WKPermissionDecision) -> Void) {}
    @available(iOS 13.0, *)
    @available(macOS, unavailable)
    public func webView(_ webView: WKWebView, contextMenuConfigurationForElement elementInfo: WKContextMenuElementInfo, completionHandler: @escaping @MainActor @Sendable (UIContextMenuConfiguration?) -> Void) {}
}
