import Foundation
import Testing
@testable import KontextVideoVAST

/// `VMAPReader` on written documents: the four `timeOffset` forms, ad sources, and what it refuses.
@Suite("VMAP reader")
struct VMAPReaderTests {
    private func read(_ xml: String) -> Result<VMAPDocument, VMAPError> {
        VMAPReader.read(Data(xml.utf8))
    }

    private func vmap(_ breaks: String, version: String = "1.0") -> String {
        #"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="\#(version)">\#(breaks)</vmap:VMAP>"#
    }

    @Test(arguments: [
        ("start", VMAPTimeOffset.start), ("END", .end), (" 00:10:23.125 ", .seconds(623.125)), ("01:00:00", .seconds(3600)),
        ("70%", .percent(70)), ("12.5%", .percent(12.5)), ("0%", .percent(0)), ("100%", .percent(100)),
        ("#1", .position(1)), ("#12", .position(12)),
        // A time past a day is a day, as for every VAST time (`WireNumber.Kind.seconds`).
        ("100:00:00", .seconds(86_400)),
    ])
    func timeOffsetForms(_ text: String, _ expected: VMAPTimeOffset) {
        #expect(VMAPReader.timeOffset(text) == expected)
    }

    @Test(arguments: [
        "", "begin", "00:30", "30", "00:00:60", "-1%", "101%", "abc%", "%", "#0", "#", "#-1", "#1.5", "# 1",
        "#99999999999999999999", "#1000001", "00:00:00:30", "1e3%", "nan%",
    ])
    func refusedTimeOffsets(_ text: String) {
        #expect(VMAPReader.timeOffset(text) == nil)
    }

    @Test func breaksWithTheirAttributesSourcesAndTracking() throws {
        let document = try read(vmap(#"""
            <vmap:AdBreak breakType="linear" breakId="pre" timeOffset="start">
              <vmap:AdSource id="a" allowMultipleAds="true" followRedirects="0">
                <vmap:AdTagURI templateType="vast3"><![CDATA[ https://ads.example.com/pre?cb=[CACHEBUSTING] ]]></vmap:AdTagURI>
              </vmap:AdSource>
              <vmap:TrackingEvents>
                <vmap:Tracking event="breakStart"> https://t.example.com/start </vmap:Tracking>
                <vmap:Tracking event="error">https://t.example.com/error?[ERRORCODE]</vmap:Tracking>
                <vmap:Tracking event="breakEnd"></vmap:Tracking>
              </vmap:TrackingEvents>
            </vmap:AdBreak>
            <vmap:AdBreak breakType="linear,nonlinear" timeOffset="00:05:00" repeatAfter="00:10:00">
              <vmap:AdSource><vmap:VASTAdData><VAST version="4.2"><Ad id="x"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle>
                <Impression>https://i.example.com</Impression><Creatives><Creative><Linear><Duration>00:00:15</Duration>
                <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360">https://m.example.com/a.mp4</MediaFile></MediaFiles>
                </Linear></Creative></Creatives></InLine></Ad></VAST></vmap:VASTAdData></vmap:AdSource>
            </vmap:AdBreak>
            <vmap:AdBreak breakType="display" timeOffset="50%"><vmap:AdSource><vmap:CustomAdData templateType="proprietary">x</vmap:CustomAdData></vmap:AdSource></vmap:AdBreak>
            """#)).get()
        #expect(document.version == "1.0")
        #expect(document.ignoredBreaks.isEmpty)
        #expect(document.adBreaks.count == 3)
        let pre = document.adBreaks[0]
        #expect(pre.timeOffset == .start && pre.breakId == "pre" && pre.isLinear && pre.repeatAfter == nil)
        #expect(pre.adSource == VMAPAdSource(
            id: "a", allowMultipleAds: true, followRedirects: false,
            content: .adTagURI("https://ads.example.com/pre?cb=[CACHEBUSTING]", templateType: "vast3")
        ))
        #expect(pre.trackingEvents == [
            VMAPTracking(event: "breakStart", url: "https://t.example.com/start"),
            VMAPTracking(event: "error", url: "https://t.example.com/error?[ERRORCODE]"),
        ])
        let mid = document.adBreaks[1]
        #expect(mid.timeOffset == .seconds(300) && mid.repeatAfter == 600 && mid.breakTypes == ["linear", "nonlinear"])
        guard case .vastAdData(.success(let vast))? = mid.adSource?.content else {
            Issue.record("expected inline VAST, got \(String(describing: mid.adSource))")
            return
        }
        #expect(vast.version == "4.2" && vast.ads.map(\.id) == ["x"])
        #expect(document.adBreaks[2].adSource?.content == .customAdData(templateType: "proprietary"))
        #expect(!document.adBreaks[2].isLinear)
    }

    @Test func unreadableBreaksAreLeftOutAndListedTheRestStays() throws {
        let document = try read(vmap(#"""
            <vmap:AdBreak breakType="linear" breakId="bad-offset" timeOffset="soon"/>
            <vmap:AdBreak breakType="linear" breakId="no-offset"/>
            <vmap:AdBreak breakId="no-type" timeOffset="start"/>
            <vmap:AdBreak breakType="linear" breakId="ok" timeOffset="end" repeatAfter="00:00:00"/>
            """#)).get()
        #expect(document.adBreaks.map(\.breakId) == ["ok"])
        #expect(document.adBreaks[0].repeatAfter == nil, "a repeat every 0 s would repeat forever: absent")
        #expect(document.adBreaks[0].adSource == nil)
        #expect(document.ignoredBreaks.map(\.index) == [0, 1, 2])
        #expect(document.ignoredBreaks.map(\.breakId) == ["bad-offset", "no-offset", "no-type"])
        #expect(document.ignoredBreaks.allSatisfy { $0.error.code == .schemaError })
    }

    @Test func anInlineVASTTheVASTReaderRefusesIsTheSourcesErrorNotTheDocuments() throws {
        let document = try read(vmap(#"""
            <vmap:AdBreak breakType="linear" timeOffset="start"><vmap:AdSource><vmap:VASTAdData><VAST version="9.0"/></vmap:VASTAdData></vmap:AdSource></vmap:AdBreak>
            <vmap:AdBreak breakType="linear" timeOffset="end"><vmap:AdSource><vmap:VASTAdData>  </vmap:VASTAdData></vmap:AdSource></vmap:AdBreak>
            """#)).get()
        #expect(document.adBreaks.count == 2)
        for adBreak in document.adBreaks {
            guard case .vastAdData(.failure(let error))? = adBreak.adSource?.content else {
                Issue.record("expected a refused inline VAST")
                continue
            }
            #expect(error.code == .adResponseParsingError)
        }
    }

    @Test func rootsAndVersions() {
        #expect(read(#"<VAST version="4.2"/>"#).failure?.code == .schemaError)
        #expect(read(vmap("", version: "2.0")).failure?.code == .versionNotSupported)
        #expect(read(#"<vmap:VMAP xmlns:vmap="x"/>"#).failure?.code == .versionNotSupported)
        #expect(read(vmap("", version: "1.0.1")).success?.adBreaks == [])
    }

    // MARK: - Hostile input

    @Test func entitiesAreNeverExpanded() {
        let bomb = #"<?xml version="1.0"?><!DOCTYPE VMAP [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>"#
            + vmap(#"<vmap:AdBreak breakType="linear" timeOffset="start"><vmap:AdSource><vmap:AdTagURI>&b;</vmap:AdTagURI></vmap:AdSource></vmap:AdBreak>"#)
        #expect(read(bomb).failure?.code == .parsingError)
        #expect(read(vmap("<x>&undeclared;</x>")).failure?.code == .parsingError)
    }

    @Test func sizeDepthAndBreakCountAreBounded() {
        let oversized = vmap("<!--" + String(repeating: "x", count: VMAPReader.maxDocumentBytes) + "-->")
        #expect(read(oversized).failure?.code == .parsingError)
        let deep = vmap(String(repeating: "<a>", count: 200) + String(repeating: "</a>", count: 200))
        #expect(read(deep).failure?.code == .parsingError)
        let breaks = String(repeating: #"<vmap:AdBreak breakType="linear" timeOffset="start"/>"#, count: VMAPReader.maxAdBreaks + 1)
        #expect(read(vmap(breaks)).failure?.code == .tooManyAdBreaks)
        let atLimit = String(repeating: #"<vmap:AdBreak breakType="linear" timeOffset="start"/>"#, count: VMAPReader.maxAdBreaks)
        #expect(read(vmap(atLimit)).success?.adBreaks.count == VMAPReader.maxAdBreaks)
    }

    @Test(arguments: ["", "   ", "not xml", "<vmap:VMAP", "\u{FEFF}\u{0}<", #"<vmap:VMAP version="1.0"><?pi x?></vmap:VMAP>"#])
    func malformedBytesAreParsingErrors(_ text: String) {
        #expect(read(text).failure?.code == .parsingError)
    }
}

extension Result {
    /// The failure, if any.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }

    /// The success value, if any.
    var success: Success? {
        if case .success(let value) = self { return value }
        return nil
    }
}
