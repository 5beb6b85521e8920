// Applies `WebViewHardening` to WebKit: the configuration a creative's web view is made with, and
// the answers to a page's permission requests. Glue only: what is allowed is decided in
// `WebViewHardening`.
#if canImport(UIKit) && canImport(WebKit)
import UIKit
import WebKit

extension WKWebViewConfiguration {
    /// A configuration for a creative's web view with `hardening` applied; each call makes a new
    /// non-persistent store, so no two creatives share cookies or storage.
    static func creative(_ hardening: WebViewHardening) -> WKWebViewConfiguration {
        let configuration = WKWebViewConfiguration()
        // /documentation/WebKit/WKWebsiteDataStore/nonPersistent(): "stores data only in memory,
        // and doesn't write that data to disk"; without it the configuration uses `default()`,
        // the app's persistent store (/documentation/WebKit/WKWebViewConfiguration/websiteDataStore).
        switch hardening.dataStore {
        case .nonPersistent: configuration.websiteDataStore = .nonPersistent()
        case .appDefault: configuration.websiteDataStore = .default()
        }
        // iOS's default is already `false` (/documentation/WebKit/WKPreferences/javaScriptCanOpenWindowsAutomatically);
        // set so a later default cannot change it.
        configuration.preferences.javaScriptCanOpenWindowsAutomatically = hardening.scriptsOpenWindowsAutomatically
        // The default is none (/documentation/WebKit/WKWebViewConfiguration/dataDetectorTypes); set for the same reason.
        configuration.dataDetectorTypes = hardening.detectsData ? .all : []
        // Both default to `true` (/documentation/WebKit/WKWebViewConfiguration/allowsPictureInPictureMediaPlayback,
        // /documentation/WebKit/WKWebViewConfiguration/allowsAirPlayForMediaPlayback).
        configuration.allowsPictureInPictureMediaPlayback = hardening.allowsPictureInPicture
        configuration.allowsAirPlayForMediaPlayback = hardening.allowsAirPlay
        configuration.allowsInlineMediaPlayback = true
        configuration.mediaTypesRequiringUserActionForPlayback = .all
        return configuration
    }
}

extension WKWebView {
    /// A web view for a creative, made with `hardening` and its settings that live on the view.
    static func creative(_ hardening: WebViewHardening) -> WKWebView {
        let webView = WKWebView(frame: .zero, configuration: .creative(hardening))
        // iOS 10 and later default to `true` (/documentation/WebKit/WKWebView/allowsLinkPreview).
        webView.allowsLinkPreview = hardening.allowsLinkPreview
        return webView
    }
}

/// The `WKUIDelegate` of every creative web view (an overlay's or pause ad's page, an end card):
/// answers what a page asks for by `WebViewHardening`, and hands a request for a new window to
/// its owner, which never opens one (`WebNavigationPolicy.newWindow`).
@MainActor
final class HardenedWebUIDelegate: NSObject, WKUIDelegate {
    private let hardening: WebViewHardening
    private let newWindowRequested: @MainActor (WKNavigationAction) -> Void

    /// Answers by `hardening`; `newWindowRequested` hears each `window.open` or `target=_blank`.
    init(_ hardening: WebViewHardening, newWindowRequested: @escaping @MainActor (WKNavigationAction) -> Void) {
        self.hardening = hardening
        self.newWindowRequested = newWindowRequested
    }

    /// A new window is never a second web view: the owner decides what the request means.
    func webView(
        _ webView: WKWebView,
        createWebViewWith configuration: WKWebViewConfiguration,
        for navigationAction: WKNavigationAction,
        windowFeatures: WKWindowFeatures
    ) -> WKWebView? {
        newWindowRequested(navigationAction)
        return nil
    }

    /// Camera and microphone: denied without asking the viewer.
    func webView(
        _ webView: WKWebView,
        requestMediaCapturePermissionFor origin: WKSecurityOrigin,
        initiatedByFrame frame: WKFrameInfo,
        type: WKMediaCaptureType,
        decisionHandler: @escaping @MainActor @Sendable (WKPermissionDecision) -> Void
    ) {
        decisionHandler(hardening.answer(to: .init(type)).decision)
    }

    /// Device orientation and motion: denied without asking the viewer.
    func webView(
        _ webView: WKWebView,
        requestDeviceOrientationAndMotionPermissionFor origin: WKSecurityOrigin,
        initiatedByFrame frame: WKFrameInfo,
        decisionHandler: @escaping @MainActor @Sendable (WKPermissionDecision) -> Void
    ) {
        decisionHandler(hardening.answer(to: .deviceOrientationAndMotion).decision)
    }

    /// Geolocation: WebKit asks its delegate from iOS 27 only (the page lists iOS 27.0+; an SDK
    /// built with an earlier Xcode never has this called). Before, see `WebViewHardening.DeviceCapability.geolocation`.
    @available(iOS 27.0, *)
    func webView(
        _ webView: WKWebView,
        requestGeolocationPermissionFor origin: WKSecurityOrigin,
        initiatedByFrame frame: WKFrameInfo,
        decisionHandler: @escaping @MainActor @Sendable (WKPermissionDecision) -> Void
    ) {
        decisionHandler(hardening.answer(to: .geolocation).decision)
    }

    /// No context menu on a long press: it would offer to open, copy or share the link.
    func webView(
        _ webView: WKWebView,
        contextMenuConfigurationForElement elementInfo: WKContextMenuElementInfo,
        completionHandler: @escaping @MainActor @Sendable (UIContextMenuConfiguration?) -> Void
    ) {
        // A nil configuration shows no menu (/documentation/WebKit/WKUIDelegate/webView(_:contextMenuConfigurationForElement:completionHandler:)).
        completionHandler(nil)
    }
}

extension WebViewHardening.DeviceCapability {
    /// The capability a media-capture request asks for.
    init(_ type: WKMediaCaptureType) {
        switch type {
        case .camera: self = .camera
        case .microphone: self = .microphone
        case .cameraAndMicrophone: self = .cameraAndMicrophone
        @unknown default: self = .cameraAndMicrophone
        }
    }
}

extension WebViewHardening.PermissionAnswer {
    /// WebKit's decision for the answer (/documentation/WebKit/WKPermissionDecision).
    var decision: WKPermissionDecision {
        switch self {
        case .deny: .deny
        case .prompt: .prompt
        case .grant: .grant
        }
    }
}
#endif
