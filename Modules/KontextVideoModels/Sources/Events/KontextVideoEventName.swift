extension KontextVideoEvent {
    /// The name of one kind of moment. Every name the SDK records is a constant below, so the
    /// catalogue of the event stream is this one file and tests compare constants, not strings.
    package struct Name: Hashable, Sendable, CustomStringConvertible {
        /// The name as it appears in `KontextVideoEvent.name` and in the console.
        package let rawValue: String

        private init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        /// The name as text.
        package var description: String { rawValue }

        // MARK: The SDK's state
        /// `initialize(with:)` was called.
        package static let initialize = Name("initialize")
        /// The server answered `/init` (or could not be reached): the SDK's state.
        package static let initialized = Name("initialized")
        /// A `VideoAds` was destroyed.
        package static let videoAdsDestroyed = Name("VideoAds.destroy")

        // MARK: One ad's life
        /// The server answered with an ad: its id, format, price and creative, and the request's id.
        package static let adReceived = Name("ad received")
        /// `load()` started rendering the creative.
        package static let load = Name("load")
        /// The creative reported ready.
        package static let loaded = Name("loaded")
        /// The ad ended before it was shown.
        package static let invalidated = Name("invalidated")
        /// A linear ad is being presented full screen.
        package static let presenting = Name("presenting")
        /// An overlay or pause ad is on screen.
        package static let shown = Name("shown")
        /// `videoAdDidRecordImpression` was delivered.
        package static let didRecordImpression = Name("didRecordImpression")
        /// `videoAd(_:didClick:)` was delivered.
        package static let didClick = Name("didClick")
        /// A tap's target was not opened: its scheme or host breaks `AdURLRule` (`scheme`, `reason`,
        /// and the URL without its query). The click still counted.
        package static let clickTargetRefused = Name("click target refused")
        /// `videoAd(_:didFail:)` was delivered.
        package static let didFail = Name("didFail")
        /// `videoAd(_:didEnd:)` was delivered.
        package static let didEnd = Name("didEnd")
        /// A creative page's message was read (the bridge of `CREATIVES.md`), and what it did.
        package static let creativeMessage = Name("creative message")
        /// A creative page's message was dropped unread: oversized, malformed, or from another origin.
        package static let creativeMessageDropped = Name("creative message dropped")
        /// A creative page navigated without the viewer's tap, or to a scheme it may not load: the
        /// navigation was cancelled (`url` without its query, `scheme`, `count`).
        package static let creativeNavigationRefused = Name("creative navigation refused")
        /// A creative page's navigation failed in a way that does not fail the creative (a load a
        /// newer one replaced, one the SDK cancelled, `WebLoadFailureRule`): `domain`, `code`, `why`.
        package static let creativeLoadErrorIgnored = Name("creative load error ignored")
        /// The build has no bridge script (`kontext-bridge.js` missing from the module's resources).
        package static let creativeBridgeMissing = Name("creative bridge missing")

        /// The server had no ad for a format: the reason, the format and the request id.
        package static let noFill = Name("no fill")
        /// A public call threw: the call, the error, why, and the state that caused it.
        package static let errorThrown = Name("error thrown")

        // MARK: What the app gave
        /// Labels that break the rules were left out of requests.
        package static let labelsDropped = Name("labels dropped")
        /// A malformed `user.emailHash` was left out of requests.
        package static let emailHashDropped = Name("user.emailHash dropped")
        /// An ad request's tracking data (advertising id, email, email hash) was left out: the
        /// user did not allow tracking, or the server announced no tracking host.
        package static let trackingDataOmitted = Name("tracking data left out")
        /// The `/init` answer's `trackingUrl` cannot carry tracking data (not https, or a domain
        /// the privacy manifest does not declare): no request carries any.
        package static let trackingURLRefused = Name("trackingUrl refused")
        /// `requestTrackingAuthorization` is on but the app's `Info.plist` has no
        /// `NSUserTrackingUsageDescription`: the SDK does not show the tracking dialog.
        package static let trackingDialogNotShown = Name("tracking dialog not shown")
        /// `show()` in an app extension: App Review Guideline 2.5.18 keeps ads in the main app.
        package static let showRefusedInAppExtension = Name("show refused in an app extension")

        // MARK: The ad server conversation
        /// `POST /init`: its request, answer, retries and failure.
        package static let initRequest = Name("POST /init")
        /// `POST /video/preload`: its request, answer, retries and failure.
        package static let preloadRequest = Name("POST /video/preload")
        /// `POST /video/events`: its request, answer and retries.
        package static let eventsRequest = Name("POST /video/events")
        /// `GET` of a tracking pixel.
        package static let pixelRequest = Name("GET pixel")
        /// An ad request is about to leave: its id, format, content, labels (`label.<key>`), the
        /// content's time and the consent signals it carries (`consent.<field>`).
        package static let adRequested = Name("ad requested")

        // MARK: The durable event pipeline
        /// An event or pixel was written to the queue.
        package static let queued = Name("queued")
        /// The server (or the pixel's host) took it.
        package static let delivered = Name("delivered")
        /// It was dropped: the queue was full, or the answer said it can never be taken.
        package static let dropped = Name("dropped")
        /// It was given up after too many attempts.
        package static let givenUp = Name("given up")
        /// The server refused a batch as malformed.
        package static let eventsRefused = Name("events refused")
        /// The queue file could not be read and was set aside.
        package static let queueCorrupt = Name("event queue corrupt")
        /// A line of the queue's journal could not be read.
        package static let queueJournalDamaged = Name("event queue journal damaged")
        /// The queue could not be written (a full disk, a file protected before the first unlock).
        package static let queueNotWritten = Name("event queue not written")
        /// The queue file is protected until the device is first unlocked; entries wait in memory.
        package static let queueNotReadableYet = Name("event queue not readable yet")
        /// Entries whose server (or token) has not been configured for the retention period were
        /// dropped, never sent elsewhere (`count`, `server`, `reason`).
        package static let queuedEntriesExpired = Name("queued entries expired")
        /// The install id was erased from the device: consent no longer allows it (`ConsentPolicy`).
        package static let installIdErased = Name("install id erased")
        /// What an ad request leaves out because consent does not allow it (`left`, `reasons`).
        package static let consentApplied = Name("consent applied")
        /// The queue an earlier version kept for every server was taken over by the configured one.
        package static let queueMigrated = Name("event queue migrated")

        // MARK: VAST
        /// The first document of a VAST chain was fetched.
        package static let vastTag = Name("VAST tag")
        /// A VAST wrapper was followed.
        package static let vastWrapper = Name("VAST wrapper")
        /// The media file a linear ad plays, and why it was chosen among the ad's files.
        package static let mediaFileChosen = Name("media file chosen")
        /// A linear ad's captions: the `<ClosedCaptionFile>` chosen and its cues read, or why none shows.
        package static let captionsChosen = Name("captions chosen")
        /// A linear ad's industry icons fetched while it loads: how many it offered, how many can
        /// be drawn, and why each other one cannot (`IconFetch`).
        package static let iconsFetched = Name("icons fetched")
        /// The viewer clicked a linear ad's industry icon (AdChoices): an icon click, not an ad click.
        package static let iconClick = Name("icon click")
        /// A VAST walk ended without an ad to play: its error code and why.
        package static let vastFailed = Name("VAST failed")
        /// A VAST tracking pixel of an ad was queued: the ad, the VAST event it tracks and its
        /// queue entry's `id` (which `queued`, `delivered` and `given up` carry too).
        package static let trackingPixel = Name("tracking pixel")

        // MARK: Verification (Open Measurement)
        /// An event of an ad's measurement session went to the verification provider (or would
        /// have: none is set).
        package static let verification = Name("verification")
        /// A verification's `verificationNotExecuted` tracking was queued, with its vendor and `[REASON]`.
        package static let verificationNotExecuted = Name("verificationNotExecuted")
        /// The verification provider reported a verification as not run after the ad's first frame,
        /// when it no longer counts.
        package static let verificationReportIgnored = Name("verification report ignored")

        // MARK: App-install attribution (SKAdNetwork, AdAttributionKit)
        /// Part of an answer's `creative.attribution` did not read and was left out (`reason`): the
        /// ad shows without it, and the install it drives is not credited through it.
        package static let attributionLeftOut = Name("attribution left out")
        /// An app-install ad's view-through window opened (`recorder`: `skadnetwork` or `adattributionkit`).
        package static let viewThroughStarted = Name("view-through started")
        /// Its window closed (`length` in seconds, `counted`: whether it reached Apple's minimum).
        package static let viewThroughEnded = Name("view-through ended")
        /// No window opened: another ad's window for the same app was open (one per app).
        package static let viewThroughSkipped = Name("view-through skipped")
        /// A linear app-install ad's App Store overlay rose (`moment`) or went (`dismissed`).
        package static let appStoreOverlay = Name("App Store overlay")
        /// The app's Info.plist lacks Kontext's ad network ids (`missing`): the XML to paste is in
        /// the inspector and the guide's go-live checklist.
        package static let attributionInfoPlist = Name("SKAdNetworkItems incomplete")
    }

    /// Creates an event whose name is one of the catalogue's.
    package init(
        _ kind: Kind,
        _ name: Name,
        level: KontextVideoConfiguration.LogLevel = .debug,
        attributes: [String: String] = [:]
    ) {
        self.init(kind, name.rawValue, level: level, attributes: attributes)
    }
}
