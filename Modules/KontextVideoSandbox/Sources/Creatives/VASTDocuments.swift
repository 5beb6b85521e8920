import Foundation

/// The VAST 4.2 documents the sandbox serves for linear ads. Every tracking URL points back
/// at the sandbox's pixel endpoint, so the hits are recorded.
enum VASTDocuments {
    /// The tracking events of the linear creatives, in document order.
    static let trackingEvents = [
        "start", "firstQuartile", "midpoint", "thirdQuartile", "complete",
        "pause", "resume", "mute", "unmute", "skip", "closeLinear",
    ]

    /// The URL of the first document of `ad`'s tag.
    static func tagURL(base: String, adId: String) -> String {
        "\(base)/vast/\(adId).xml"
    }

    /// The document served at `/vast/<adId>.xml` for `vast`.
    static func entry(
        _ vast: SandboxVAST, base: String, adId: String, duration: Double?, verifications: [SandboxVerification] = [], captionsAndIcon: Bool = false
    ) -> String {
        let v = verifications
        let c = captionsAndIcon
        switch vast {
        case .inline: return inline(base: base, adId: adId, duration: duration, mediaType: "video/mp4", captionsAndIcon: c, verifications: v)
        case .inlineWithEndCard:
            return inline(base: base, adId: adId, duration: duration, mediaType: "video/mp4", endCard: true, captionsAndIcon: c, verifications: v)
        case .unplayableMedia: return inline(base: base, adId: adId, duration: duration, mediaType: "video/x-unplayable", captionsAndIcon: c, verifications: v)
        case .wrapper(let hops): return hops <= 0
            ? inline(base: base, adId: adId, duration: duration, mediaType: "video/mp4", captionsAndIcon: c, verifications: v)
            : wrapper(hop: 1, next: hops == 1 ? "\(base)/vast/\(adId)/inline.xml" : "\(base)/vast/\(adId)/hop-2.xml", base: base, adId: adId, verifications: v)
        case .brokenWrapper: return wrapper(hop: 1, next: "\(base)/vast/\(adId)/missing.xml", base: base, adId: adId, verifications: v)
        case .loopingWrapper: return wrapper(hop: 1, next: "\(base)/vast/\(adId).xml", base: base, adId: adId, verifications: v)
        case .malformed: return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<VAST version=\"4.2\"><Ad id=\"\(adId)\"><InLine><AdSystem>Kontext & Sandbox</AdTitle></InLine></Ad></VAST>\n"
        case .noAd: return noAd()
        }
    }

    /// The document at `/vast/<adId>/<name>`, or `nil` (a 404).
    static func document(
        named name: String, for vast: SandboxVAST, base: String, adId: String, duration: Double?, verifications: [SandboxVerification] = [],
        captionsAndIcon: Bool = false
    ) -> String? {
        guard case .wrapper(let hops) = vast else {
            return nil
        }
        if name == "inline.xml" {
            return inline(base: base, adId: adId, duration: duration, mediaType: "video/mp4", captionsAndIcon: captionsAndIcon, verifications: verifications)
        }
        guard name.hasPrefix("hop-"), name.hasSuffix(".xml"),
              let hop = Int(name.dropFirst(4).dropLast(4)), hop >= 2, hop <= hops else {
            return nil
        }
        let next = hop == hops ? "\(base)/vast/\(adId)/inline.xml" : "\(base)/vast/\(adId)/hop-\(hop + 1).xml"
        return wrapper(hop: hop, next: next, base: base, adId: adId)
    }

    /// A VAST 4.2 inline ad, with the verifications placed in it.
    static func inline(
        base: String, adId: String, duration: Double?, mediaType: String, endCard: Bool = false, captionsAndIcon: Bool = false,
        verifications: [SandboxVerification] = []
    ) -> String {
        let adVerifications = SandboxVerification.adVerifications(verifications, .inline, base: base, adId: adId)
        let inExtension = SandboxVerification.adVerifications(verifications, .inlineExtension, base: base, adId: adId)
        let extensions = inExtension.isEmpty ? "" : "<Extensions><Extension type=\"AdVerifications\">\n\(inExtension)\n</Extension></Extensions>"

        let pixel = "\(base)/pixel/\(adId)"
        let companion = endCard ? """

                <Creative id="\(adId)-end-card" sequence="1">
                  <CompanionAds>
                    <Companion id="\(adId)-end-card" width="640" height="360" renderingMode="end-card">
                      <HTMLResource><![CDATA[<html><body><h1>Sandbox end card \(adId)</h1></body></html>]]></HTMLResource>
                      <CompanionClickThrough><![CDATA[\(base)/landing/\(adId)/end-card]]></CompanionClickThrough>
                      <CompanionClickTracking><![CDATA[\(pixel)/endCardClick]]></CompanionClickTracking>
                      <TrackingEvents>
                        <Tracking event="creativeView"><![CDATA[\(pixel)/endCardView]]></Tracking>
                      </TrackingEvents>
                    </Companion>
                  </CompanionAds>
                </Creative>
        """ : ""
        // Macros as real tags carry them, so tests can see the SDK fill them.
        let macros = "cb=[CACHEBUSTING]&ts=[TIMESTAMP]&cp=[CONTENTPLAYHEAD]&ap=[ADPLAYHEAD]"
        let captions = captionsAndIcon ? """

                      <ClosedCaptionFiles>
                        <ClosedCaptionFile type="application/ttml+xml" language="en"><![CDATA[\(base)/captions/\(adId).ttml]]></ClosedCaptionFile>
                        <ClosedCaptionFile type="text/vtt" language="en"><![CDATA[\(base)/captions/\(adId).vtt]]></ClosedCaptionFile>
                      </ClosedCaptionFiles>
        """ : ""
        let icons = captionsAndIcon ? """

                    <Icons>
                      <Icon program="AdChoices" width="20" height="20" xPosition="right" yPosition="top" offset="00:00:00" pxratio="1" altText="AdChoices">
                        <StaticResource creativeType="image/png"><![CDATA[\(base)/icons/\(adId).png]]></StaticResource>
                        <IconClicks>
                          <IconClickThrough><![CDATA[\(base)/landing/\(adId)-adchoices]]></IconClickThrough>
                          <IconClickTracking><![CDATA[\(pixel)/iconClick?\(macros)]]></IconClickTracking>
                          <IconClickFallbackImages>
                            <IconClickFallbackImage width="300" height="250">
                              <AltText>Why this ad</AltText>
                              <StaticResource creativeType="image/png"><![CDATA[\(base)/images/\(adId).png]]></StaticResource>
                            </IconClickFallbackImage>
                          </IconClickFallbackImages>
                        </IconClicks>
                        <IconViewTracking><![CDATA[\(pixel)/iconView?\(macros)]]></IconViewTracking>
                      </Icon>
                    </Icons>
        """ : ""
        let tracking = trackingEvents.map { "            <Tracking event=\"\($0)\"><![CDATA[\(pixel)/\($0)?\(macros)]]></Tracking>" }
            .joined(separator: "\n")
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <VAST version="4.2" xmlns="http://www.iab.com/VAST">
          <Ad id="\(adId)">
            <InLine>
              <AdSystem version="1.0">Kontext Sandbox</AdSystem>
              <AdServingId>\(adId)-serving</AdServingId>
              <AdTitle>Sandbox linear ad \(adId)</AdTitle>
              \(adVerifications)
              <Impression id="\(adId)-impression"><![CDATA[\(pixel)/impression?\(macros)&gdpr=[GDPRCONSENT]&usp=[US_PRIVACY]&reg=[REGULATIONS]&bundle=[APPBUNDLE]&asset=[ASSETURI]]]></Impression>
              <Error><![CDATA[\(pixel)/error?code=[ERRORCODE]]]></Error>
              <Creatives>
                <Creative id="\(adId)-creative" sequence="1">
                  <UniversalAdId idRegistry="sandbox">\(adId)</UniversalAdId>
                  <Linear skipoffset="00:00:05.000">
                    <Duration>\(timecode(duration ?? Double(SandboxVideo.durationSeconds)))</Duration>
                    <TrackingEvents>
        \(tracking)
                    </TrackingEvents>
                    <VideoClicks>
                      <ClickThrough id="\(adId)-click"><![CDATA[\(base)/landing/\(adId)]]></ClickThrough>
                      <ClickTracking id="\(adId)-click-tracking"><![CDATA[\(pixel)/click]]></ClickTracking>
                    </VideoClicks>
                    <MediaFiles>
                      <MediaFile id="\(adId)-media" delivery="progressive" type="\(mediaType)" width="\(SandboxVideo.width)" height="\(SandboxVideo.height)" bitrate="\(SandboxVideo.kilobitsPerSecond)"><![CDATA[\(base)/media/\(adId).mp4]]></MediaFile>\(captions)
                    </MediaFiles>\(icons)
                  </Linear>
                </Creative>\(companion)
              </Creatives>
              \(extensions)
            </InLine>
          </Ad>
        </VAST>

        """
    }

    /// Wrapper number `hop` of a chain, pointing at `next`; the first carries the wrapper's verifications.
    static func wrapper(hop: Int, next: String, base: String, adId: String, verifications: [SandboxVerification] = []) -> String {
        let pixel = "\(base)/pixel/\(adId)/wrapper-\(hop)"
        let adVerifications = hop == 1 ? SandboxVerification.adVerifications(verifications, .wrapper, base: base, adId: adId) : ""
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <VAST version="4.2" xmlns="http://www.iab.com/VAST">
          <Ad id="\(adId)-wrapper-\(hop)">
            <Wrapper followAdditionalWrappers="true" allowMultipleAds="false">
              <AdSystem version="1.0">Kontext Sandbox Wrapper</AdSystem>
              <Impression><![CDATA[\(pixel)-impression]]></Impression>
              <Error><![CDATA[\(pixel)-error?code=[ERRORCODE]]]></Error>
              <VASTAdTagURI><![CDATA[\(next)]]></VASTAdTagURI>
              \(adVerifications)
              <Creatives>
                <Creative>
                  <Linear>
                    <TrackingEvents>
                      <Tracking event="start"><![CDATA[\(pixel)-start]]></Tracking>
                      <Tracking event="complete"><![CDATA[\(pixel)-complete]]></Tracking>
                    </TrackingEvents>
                  </Linear>
                </Creative>
              </Creatives>
            </Wrapper>
          </Ad>
        </VAST>

        """
    }

    /// A VAST document without an ad.
    static func noAd() -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<VAST version=\"4.2\" xmlns=\"http://www.iab.com/VAST\"></VAST>\n"
    }

    /// `HH:MM:SS.mmm`.
    static func timecode(_ seconds: Double) -> String {
        let totalMillis = Int((max(seconds, 0) * 1000).rounded())
        let hours = totalMillis / 3_600_000
        let minutes = (totalMillis / 60000) % 60
        let secs = (totalMillis / 1000) % 60
        let millis = totalMillis % 1000
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(hours, 2)):\(pad(minutes, 2)):\(pad(secs, 2)).\(pad(millis, 3))"
    }
}
