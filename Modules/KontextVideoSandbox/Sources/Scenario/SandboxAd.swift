/// The ad the sandbox answers `/video/preload` with. Every member has a sensible default;
/// a `nil` optional member is omitted from the answer (so the SDK's defaults apply).
public struct SandboxAd: Sendable, Hashable {
    /// The ad id; `nil` (the default) gives a fresh `ad-<n>`, unique for this server.
    public var id: String?
    /// The format in the answer; `nil` (the default) answers with the requested format.
    public var format: SandboxFormat?
    /// The price (default 2.5 USD exact).
    public var price: SandboxPrice?
    /// `duration` in seconds (default 15, the length of the video the sandbox serves; it is also
    /// the VAST `<Duration>`, so another value makes the documents state it, not the video last it).
    public var duration: Double?
    /// `expiresIn` in seconds (default 900).
    public var expiresIn: Double?
    /// The creative; `nil` (the default) is ``SandboxCreative/default(for:)`` of the format.
    public var creative: SandboxCreative?
    /// `creative.width` in points; `nil`: 320 for overlay, 300 for pause, omitted for linear.
    public var width: Int?
    /// `creative.height` in points; `nil`: 50 for overlay, 250 for pause, omitted for linear.
    public var height: Int?
    /// `creative.fullScreen` (default `false`).
    public var fullScreen: Bool?
    /// `creative.clickUrl`; default the sandbox's landing page for the ad. `{base}` and
    /// `{adId}` are replaced.
    public var clickURL: String?
    /// `creative.fallbackUrl` (default omitted).
    public var fallbackURL: String?
    /// `creative.appStoreId` (default omitted).
    public var appStoreID: String?
    /// `creative.attribution`, the signed-looking attribution payload of an app-install ad
    /// (default omitted; sent only with an ``appStoreID``). See ``SandboxAttribution``.
    public var attribution: SandboxAttribution?
    /// Third-party verifications written into a VAST creative's documents (none by default):
    /// in the in-line ad, its extensions or the first wrapper, as each one's placement says.
    ///
    /// ```swift
    /// var ad = SandboxAd(creative: .vast(.wrapper(hops: 1)))
    /// ad.verifications = [SandboxVerification(vendor: "acme.com-omid", placement: .wrapper)]
    /// server.enqueue(.ad(ad), for: .linear)
    /// ```
    public var verifications: [SandboxVerification] = []
    /// Whether a VAST creative's in-line document carries captions and an AdChoices icon (`false`
    /// by default): a `<ClosedCaptionFile>` of type `text/vtt`, English, served at
    /// `/captions/<adId>.vtt` (`SandboxCaptions`; a TTML one is offered beside it and never
    /// served), and an `<Icon program="AdChoices">` for the whole ad, top right, served at
    /// `/icons/<adId>.png`, with its view and click tracking (the `iconView` and `iconClick`
    /// pixels), its click-through (the landing page `/landing/<adId>-adchoices`) and a VAST 4.2
    /// `IconClickFallbackImage`.
    ///
    /// ```swift
    /// var ad = SandboxAd(creative: .vast(.inline))
    /// ad.captionsAndIcon = true
    /// server.enqueue(.ad(ad), for: .linear)
    /// ```
    public var captionsAndIcon = false
    /// Extra members merged into the `ad` object (e.g. unknown fields the SDK must ignore).
    public var extraFields: [String: JSONValue]
    /// Extra members merged into the answer's top level, next to `ad` and `sessionId`.
    public var extraTopLevelFields: [String: JSONValue]

    /// An ad answer; every argument has a default (see the properties).
    ///
    /// ```swift
    /// server.enqueue(.ad(SandboxAd(price: SandboxPrice(value: 1.2, precision: "estimated"),
    ///                              creative: .vast(.inlineWithEndCard))), for: .linear)
    /// ```
    ///
    /// - Parameters:
    ///   - id: The ad id; `nil` for a fresh `ad-<n>`.
    ///   - format: The format in the answer; `nil` for the requested one.
    ///   - price: The price; 2.5 USD exact by default.
    ///   - duration: `duration` in seconds; 15 by default.
    ///   - expiresIn: `expiresIn` in seconds; 900 by default.
    ///   - creative: The creative; `nil` for the format's default.
    ///   - width: `creative.width` in points; `nil` for the format's default.
    ///   - height: `creative.height` in points; `nil` for the format's default.
    ///   - fullScreen: `creative.fullScreen`; `false` by default.
    ///   - clickURL: `creative.clickUrl`; the sandbox's landing page by default.
    ///   - fallbackURL: `creative.fallbackUrl`; none by default.
    ///   - appStoreID: `creative.appStoreId`; none by default.
    ///   - extraFields: Members merged into the `ad` object.
    ///   - extraTopLevelFields: Members merged into the answer's top level.
    public init(
        id: String? = nil,
        format: SandboxFormat? = nil,
        price: SandboxPrice? = SandboxPrice(),
        duration: Double? = 15,
        expiresIn: Double? = 900,
        creative: SandboxCreative? = nil,
        width: Int? = nil,
        height: Int? = nil,
        fullScreen: Bool? = false,
        clickURL: String? = "{base}/landing/{adId}",
        fallbackURL: String? = nil,
        appStoreID: String? = nil,
        extraFields: [String: JSONValue] = [:],
        extraTopLevelFields: [String: JSONValue] = [:]
    ) {
        self.id = id
        self.format = format
        self.price = price
        self.duration = duration
        self.expiresIn = expiresIn
        self.creative = creative
        self.width = width
        self.height = height
        self.fullScreen = fullScreen
        self.clickURL = clickURL
        self.fallbackURL = fallbackURL
        self.appStoreID = appStoreID
        self.extraFields = extraFields
        self.extraTopLevelFields = extraTopLevelFields
    }
}
