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
