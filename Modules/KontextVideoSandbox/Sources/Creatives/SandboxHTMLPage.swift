/// An HTML creative page of the sandbox. Every one includes `kontext-creative.js` (served at
/// `/kontext-creative.js`) and speaks the creative bridge; they are the pages the browser tests
/// drive in Chromium and the ones to point a simulator at.
public enum SandboxHTMLPage: Sendable, Hashable {
    /// The ad's PNG, linked to its click target: ready once the image loaded; a tap anywhere is a
    /// click on the creative (`click-iframe` without an area).
    case banner
    /// A headline and a "Learn more" button laid out clear of the SDK's controls (the context's
    /// insets): a tap on the button is a click with area `"cta"`, elsewhere on the creative. It
    /// pulses the button only once shown.
    case callToAction
    /// Reports `error-iframe` with `code`: at once, before it is ready (`load()` fails with the
    /// code), or with `onScreen`, ready first and failing once shown (`didFail` with the code).
    case error(code: Int, onScreen: Bool)
    /// Says `init-iframe` and never reports ready: `load()` times out.
    case neverReady

    /// The page's name, as in `data-page` and scenario files (`html`, `html-cta`, `html-error`,
    /// `html-never-ready`).
    public var name: String {
        switch self {
        case .banner: "html"
        case .callToAction: "html-cta"
        case .error: "html-error"
        case .neverReady: "html-never-ready"
        }
    }
}
