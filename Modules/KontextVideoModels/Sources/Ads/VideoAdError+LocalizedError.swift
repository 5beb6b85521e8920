import Foundation

extension VideoAdError: LocalizedError {
    /// What happened and what to do about it, in a sentence or two a publisher can act on.
    public var errorDescription: String? {
        switch self {
        case .notInitialized:
            "The SDK was not initialized. Call KontextVideo.shared.initialize(with:) at app launch, before asking for ads."
        case .initializationFailed:
            "The ad server could not be reached to start the SDK, and the retry failed too. Check the network and Configuration.serverURL; every format() call tries again."
        case .destroyed:
            "This VideoAds was destroyed. Create a new VideoAds for the next content."
        case .disabled(let reason):
            "The ad server switched the SDK off for this launch\(reason.map { " (\($0))" } ?? ""). No ads are served until the next launch."
        case .noFill(let reason):
            "The ad server had no ad for this format: \(reason.explanation)"
        case .request(let error):
            "The ad request failed and no valid ad was held for this format: \((error as? any LocalizedError)?.errorDescription ?? "\(error)")"
        case .creativeFailed(let code):
            "The creative failed to load or play (VAST error \(code): \(VideoAdError.vastMeaning(code))). Ask format() for another ad."
        case .alreadyShown:
            "This ad was already shown; an ad is shown once and can no longer be rejected. Ask format() for the next one."
        case .anotherAdShowing:
            "Another ad is on screen. Show this one after that ad's videoAd(_:didEnd:); it stays ready."
        case .invalidated(let reason):
            "This ad ended before it was shown (\(reason.explanation)). Ask format() for a new one."
        case .notLoaded:
            "show was called before load() finished. Await load() first; the ad stays as it was."
        case .contentPaused:
            "An overlay is shown over playing content only, and the content of its VideoAds is paused. Show it once the content plays; it stays ready."
        case .containerTooSmall(let minimum):
            "The view is too small: the ad would have to shrink below 50 %. It needs a view of at least \(WireNumber.saturatingInt(Double(minimum.width.rounded(.up))))×\(WireNumber.saturatingInt(Double(minimum.height.rounded(.up)))) points, its safe area and your insets included. The ad stays ready."
        case .presenterUnavailable:
            "Nothing on screen can hold the ad right now: the view is not in a window, has no area or is hidden, or no view controller can present a full-screen ad. The ad stays ready."
        case .wrongPresentation:
            "This call does not fit the ad's format: show(from:) presents a linear ad; show(in:insets:) and dismiss() are for overlay and pause ads."
        }
    }

    /// What a VAST error code means, in a few words.
    static func vastMeaning(_ code: Int) -> String {
        switch code {
        case 100: "the VAST document is not well-formed XML"
        case 101: "the document is not valid VAST"
        case 102: "an unsupported VAST version"
        case 201: "the VAST ad has no linear creative"
        case 300: "a wrapper led to another wrapper it does not allow"
        case 301: "a VAST tag or wrapper could not be fetched"
        case 302: "too many wrappers"
        case 303: "no ad after the wrappers"
        case 401: "the media file could not be loaded"
        case 402: "the media file did not get ready in time"
        case 403: "no media file this device can play"
        case 405: "the creative failed or stalled on screen"
        case 502: "the overlay or pause creative could not be fetched, or did not get ready in time"
        case 601: "the end card's image is larger than the SDK decodes"
        case 603: "the end card's image could not be fetched"
        case 900: "an undefined error"
        default: "the creative's own error"
        }
    }
}

extension VideoAdError.NoFillReason {
    /// Why there was no ad, in words.
    var explanation: String {
        switch self {
        case .noAdMatch: "no campaign matched the content, the viewer or the moment."
        case .frequencyCap: "the viewer reached the frequency cap set for your app."
        case .contentUnsafe: "the content is not brand safe."
        case .geoRestricted: "ads are not served in this country."
        case .formatNotEnabled: "the format is not enabled for your app, or not for the labels this VideoAds sends."
        case .temporaryError: "a temporary error on the ad server's side; ask again later."
        case .alreadyUsed: "the answer was an ad you had just shown or rejected."
        case .unknown: "the server gave no reason."
        case .other(let code): "\"\(code)\" (a reason this SDK version does not know)."
        }
    }
}

extension VideoAdInvalidationReason {
    /// Why the ad ended before it was shown, in words.
    var explanation: String {
        switch self {
        case .expired: "it expired"
        case .rejected: "you rejected it"
        case .destroyed: "its VideoAds was destroyed"
        case .creativeFailed(let code): "its creative failed with VAST error \(code)"
        }
    }
}
