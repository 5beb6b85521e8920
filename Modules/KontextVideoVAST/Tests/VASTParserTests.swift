import Foundation
import Testing
@testable import KontextVideoVAST

@Suite("VASTParser: model")
struct VASTParserTests {
    @Test func readsAFullInLineLinearAd() throws {
        let xml = Fixture.vast(Fixture.inline(
            id: "a1", sequence: 2, skip: "25%",
            media: """
            <MediaFile id="m1" delivery="progressive" type="video/mp4" width="640" height="360" bitrate="500" minBitrate="360" maxBitrate="1080" codec="H.264" scalable="1" maintainAspectRatio="false" fileSize="1024" mediaType="2D">
              https://cdn.example.com/a.mp4
            </MediaFile>
            <MediaFile delivery="streaming" type="application/x-mpegURL">https://cdn.example.com/a.m3u8</MediaFile>
            <Mezzanine delivery="progressive" type="video/mp4" width="1920" height="1080">https://cdn.example.com/mezz.mp4</Mezzanine>
            <InteractiveCreativeFile type="text/html" apiFramework="SIMID" variableDuration="true">https://simid.example.com/</InteractiveCreativeFile>
            """,
            extraLinear: """
            <Icons><Icon program="AdChoices" width="60" height="20" xPosition="right" yPosition="top">
              <StaticResource creativeType="image/png">https://icons.example.com/adchoices.png</StaticResource>
              <IconClicks><IconClickThrough>https://adchoices.example.com/</IconClickThrough>
              <IconClickTracking>https://t.example.com/icon-click</IconClickTracking></IconClicks>
              <IconViewTracking>https://t.example.com/icon-view</IconViewTracking>
            </Icon></Icons>
            """,
            extraInLine: """
            <AdServingId>serving-1</AdServingId><Expires>3600</Expires>
            <Pricing model="CPM" currency="USD"> 25.00 </Pricing>
            <ViewableImpression id="v"><Viewable>https://t.example.com/viewable</Viewable><NotViewable>https://t.example.com/not</NotViewable></ViewableImpression>
            <Extensions><Extension type="custom"><Thing a="b">x &amp; y</Thing></Extension></Extensions>
            """
        ))
        let document = try Fixture.parse(xml)
        #expect(document.version == "4.2")
        let ad = try #require(document.ads.first)
        #expect(ad.kind == .inLine)
        #expect(ad.id == "a1")
        #expect(ad.sequence == 2)
        #expect(ad.adSystem == "Sys")
        #expect(ad.adSystemVersion == "1")
        #expect(ad.impressions.map(\.url) == ["https://t.example.com/in/impression"])
        #expect(ad.errorURLs == ["https://t.example.com/in/error?c=[ERRORCODE]"])
        #expect(ad.pricing == VASTPricing(model: "CPM", currency: "USD", value: "25.00"))
        #expect(ad.expires == 3600)
        #expect(ad.adServingId == "serving-1")
        #expect(ad.viewableImpression?.viewable == ["https://t.example.com/viewable"])
        #expect(ad.viewableImpression?.notViewable == ["https://t.example.com/not"])
        #expect(ad.extensions.count == 1)
        #expect(ad.extensions[0].type == "custom")
        #expect(ad.extensions[0].element.xmlString == #"<Extension type="custom"><Thing a="b">x &amp; y</Thing></Extension>"#)
        let linear = try #require(ad.linearCreative?.linear)
        #expect(linear.duration == 20)
        #expect(linear.skipOffset == .percent(25))
        #expect(linear.trackingEvents.map(\.event) == ["start", "firstQuartile", "midpoint", "thirdQuartile", "complete"])
        #expect(linear.videoClicks.clickThrough == "https://advertiser.example.com/")
        #expect(linear.mediaFiles.count == 2)
        let file = linear.mediaFiles[0]
        #expect(file.url == "https://cdn.example.com/a.mp4")
        #expect(file.id == "m1")
        #expect(file.width == 640 && file.height == 360)
        #expect(file.bitrate == 500 && file.minBitrate == 360 && file.maxBitrate == 1080)
        #expect(file.codec == "H.264")
        #expect(file.scalable == true && file.maintainAspectRatio == false)
        #expect(file.fileSize == 1024 && file.mediaType == "2D")
        #expect(linear.mediaFiles[1].delivery == "streaming")
        #expect(linear.mezzanines.map(\.url) == ["https://cdn.example.com/mezz.mp4"])
        #expect(linear.interactiveCreativeFiles.first?.apiFramework == "SIMID")
        #expect(linear.interactiveCreativeFiles.first?.variableDuration == true)
        let icon = try #require(linear.icons.first)
        #expect(icon.program == "AdChoices")
        #expect(icon.resources == [VASTResource(kind: .staticResource, type: "image/png", value: "https://icons.example.com/adchoices.png")])
        #expect(icon.clickThrough == "https://adchoices.example.com/")
        #expect(icon.clickTracking.map(\.url) == ["https://t.example.com/icon-click"])
        #expect(icon.viewTracking == ["https://t.example.com/icon-view"])
    }

    @Test func readsWrapperAttributesAsOneZeroOrTrueFalse() throws {
        let document = try Fixture.parse(Fixture.vast(
            Fixture.wrapper(id: "w1", uri: " https://next.example.com/vast ", attributes: #" followAdditionalWrappers="0" allowMultipleAds="true" fallbackOnNoAd="1""#)
                + Fixture.wrapper(id: "w2", uri: "https://x.example.com/", attributes: #" followAdditionalWrappers="False" allowMultipleAds="yes""#)
        ))
        let first = document.ads[0]
        #expect(first.kind == .wrapper)
        #expect(first.adTagURI == "https://next.example.com/vast")
        #expect(first.followAdditionalWrappers == false)
        #expect(first.allowMultipleAds == true)
        #expect(first.fallbackOnNoAd == true)
        let second = document.ads[1]
        #expect(second.followAdditionalWrappers == false)
        #expect(second.allowMultipleAds == nil)
        #expect(second.fallbackOnNoAd == nil)
    }

    @Test func readsTheLegacyVAST2AdTagURL() throws {
        let document = try Fixture.parse(Fixture.vast(
            "<Ad><Wrapper><AdSystem>x</AdSystem><VASTAdTagURL><URL><![CDATA[inline.xml]]></URL></VASTAdTagURL></Wrapper></Ad>", version: "2.0"
        ))
        #expect(document.ads[0].adTagURI == "inline.xml")
    }

    @Test func keepsMacrosVerbatimAndTrimsURLs() throws {
        let document = try Fixture.parse(Fixture.vast("""
        <Ad><InLine><Impression><![CDATA[
            https://t.example.com/imp?cb=[CACHEBUSTING]&r=[random]&a=[ASSETURI]
        ]]></Impression><Impression>   </Impression><Creatives/></InLine></Ad>
        """))
        #expect(document.ads[0].impressions.map(\.url) == ["https://t.example.com/imp?cb=[CACHEBUSTING]&r=[random]&a=[ASSETURI]"])
    }

    @Test func readsProgressOffsetsAsTimeOrPercent() throws {
        let document = try Fixture.parse(Fixture.vast(Fixture.inline(extraLinear: "", extraCreatives: "").replacingOccurrences(
            of: "<TrackingEvents>",
            with: """
            <TrackingEvents><Tracking event="progress" offset="00:00:05.500">https://t.example.com/p5</Tracking>
            <Tracking event="progress" offset="60%">https://t.example.com/p60</Tracking>
            <Tracking event="progress" offset="bogus">https://t.example.com/pbad</Tracking>
            """
        )))
        let events = try #require(document.ads[0].linearCreative?.linear?.trackingEvents.filter { $0.event == "progress" })
        #expect(events.map(\.offset) == [.seconds(5.5), .percent(60), nil])
        #expect(events.map(\.offsetText) == ["00:00:05.500", "60%", "bogus"])
    }

    @Test func readsCompanionsAndTheEndCard() throws {
        let document = try Fixture.parse(Fixture.vast(Fixture.inline(extraCreatives: """
        <Creative><CompanionAds required="any">
          <Companion id="banner" width="300" height="250"><StaticResource creativeType="image/jpeg">https://c.example.com/b.jpg</StaticResource>
            <CompanionClickThrough>https://c.example.com/click</CompanionClickThrough></Companion>
          <Companion id="card" width="1280" height="720" renderingMode="end-card">
            <HTMLResource><![CDATA[<!DOCTYPE html><p>Thanks</p>]]></HTMLResource>
            <TrackingEvents><Tracking event="creativeView">https://t.example.com/card-view</Tracking></TrackingEvents>
          </Companion>
        </CompanionAds></Creative>
        """)))
        let companions = try #require(document.ads[0].creatives.compactMap(\.companionAds).first)
        #expect(companions.required == "any")
        #expect(companions.companions.map(\.id) == ["banner", "card"])
        #expect(companions.companions.map(\.isEndCard) == [false, true])
        #expect(companions.companions[1].resources.first?.value == "<!DOCTYPE html><p>Thanks</p>")
        #expect(companions.companions[0].clickThrough == "https://c.example.com/click")
    }

    @Test func readsNonLinearAds() throws {
        let document = try Fixture.parse(Fixture.vast("""
        <Ad><InLine><AdSystem>x</AdSystem><Creatives><Creative><NonLinearAds>
          <NonLinear id="n" width="300" height="50" minSuggestedDuration="00:00:15"><StaticResource creativeType="image/jpeg">https://n.example.com/x.jpg</StaticResource>
          <NonLinearClickThrough>https://n.example.com/</NonLinearClickThrough></NonLinear>
          <TrackingEvents><Tracking event="creativeView">https://t.example.com/nl</Tracking></TrackingEvents>
        </NonLinearAds></Creative></Creatives></InLine></Ad>
        """))
        let nonLinear = try #require(document.ads[0].creatives.first?.nonLinearAds)
        #expect(nonLinear.nonLinears.first?.width == 300)
        #expect(nonLinear.nonLinears.first?.minSuggestedDuration == "00:00:15")
        #expect(nonLinear.trackingEvents.map(\.url) == ["https://t.example.com/nl"])
    }

    @Test func readsVerificationsFromTheNodeFirstThenFromExtensions() throws {
        let document = try Fixture.parse(Fixture.vast(Fixture.inline(extraInLine: """
        <AdVerifications><Verification vendor="node.example-omid">
          <JavaScriptResource apiFramework="omid" browserOptional="true"><![CDATA[ https://node.example.com/omid.js ]]></JavaScriptResource>
          <VerificationParameters><![CDATA[{"k":1}]]></VerificationParameters>
        </Verification></AdVerifications>
        <Extensions><Extension type="AdVerifications"><AdVerifications><Verification vendor="ext.example-omid">
          <JavaScriptResource apiFramework="omid">https://ext.example.com/omid.js</JavaScriptResource>
          <TrackingEvents><Tracking event="verificationNotExecuted">https://ext.example.com/fail?r=[REASON]</Tracking></TrackingEvents>
        </Verification></AdVerifications></Extension></Extensions>
        """)))
        let verifications = document.ads[0].verifications
        #expect(verifications.map(\.vendor) == ["node.example-omid", "ext.example-omid"])
        #expect(verifications.map(\.origin) == [.adVerifications, .extensionNode])
        #expect(verifications[0].javaScriptResources.first?.url == "https://node.example.com/omid.js")
        #expect(verifications[0].javaScriptResources.first?.browserOptional == true)
        #expect(verifications[0].parameters == #"{"k":1}"#)
        #expect(verifications[1].trackingEvents.first?.event == "verificationNotExecuted")
    }

    @Test func readsUniversalAdIdsAndCategories() throws {
        let document = try Fixture.parse(Fixture.vast(Fixture.inline(extraInLine: #"<Category authority="https://iabtechlab.com">232</Category>"#)
            .replacingOccurrences(of: "<Creative id=\"c-inline\">", with: #"<Creative id="c-inline" adId="ad-9"><UniversalAdId idRegistry="Ad-ID">8465</UniversalAdId>"#)))
        let ad = document.ads[0]
        #expect(ad.categories == [VASTCategory(authority: "https://iabtechlab.com", value: "232")])
        #expect(ad.creatives[0].adId == "ad-9")
        #expect(ad.creatives[0].universalAdIds == [VASTUniversalAdId(idRegistry: "Ad-ID", value: "8465")])
    }

    @Test func readsRootLevelErrorsOfAnEmptyResponse() throws {
        let document = try Fixture.parse(#"<VAST version="4.3"><Error><![CDATA[https://t.example.com/no-ad?c=[ERRORCODE]]]></Error></VAST>"#)
        #expect(document.ads.isEmpty)
        #expect(document.errorURLs == ["https://t.example.com/no-ad?c=[ERRORCODE]"])
    }

    @Test func matchesPrefixedElementNames() throws {
        let document = try Fixture.parse(#"<v:VAST xmlns:v="urn:x" version="3.0"><v:Ad id="p"><v:InLine><v:AdSystem>x</v:AdSystem></v:InLine></v:Ad></v:VAST>"#)
        #expect(document.ads.map(\.id) == ["p"])
    }
}
