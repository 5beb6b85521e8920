import Foundation
import Testing
@testable import KontextVideoCreatives

/// Which failed navigation of a creative's page fails the creative: every row of the rule's table,
/// before and after the page finished loading, and the SDK's own cancellations matched to their 102.
@Suite("Web load failure rule")
struct WebLoadFailureRuleTests {
    static let page = URL(string: "https://ads.example.com/creatives/ad-1.html")!
    static let elsewhere = URL(string: "https://tracker.example.com/landing")!

    typealias Row = (label: String, domain: String, code: Int, sdkCancelled: Bool, before: WebLoadFailureRule.Verdict, after: WebLoadFailureRule.Verdict)

    static let rows: [Row] = [
        ("a self-redirecting tag's cancelled load (-999)", "NSURLErrorDomain", -999, false,
         .harmless(.replacedByNewerNavigation), .harmless(.replacedByNewerNavigation)),
        ("a navigation the SDK's policy cancelled (102)", "WebKitErrorDomain", 102, true,
         .harmless(.cancelledBySDKPolicy), .harmless(.cancelledBySDKPolicy)),
        ("a 102 the SDK did not cause (a download)", "WebKitErrorDomain", 102, false, .fatal, .harmless(.afterPageLoaded)),
        ("media handled by WebKit's player (204)", "WebKitErrorDomain", 204, false, .harmless(.handledByPlugIn), .harmless(.handledByPlugIn)),
        ("no connection (-1009)", "NSURLErrorDomain", -1009, false, .fatal, .harmless(.afterPageLoaded)),
        ("timed out (-1001)", "NSURLErrorDomain", -1001, false, .fatal, .harmless(.afterPageLoaded)),
        ("host not found (-1003)", "NSURLErrorDomain", -1003, false, .fatal, .harmless(.afterPageLoaded)),
        ("App Transport Security (-1022)", "NSURLErrorDomain", -1022, false, .fatal, .harmless(.afterPageLoaded)),
        ("cannot show the MIME type (100)", "WebKitErrorDomain", 100, false, .fatal, .harmless(.afterPageLoaded)),
        ("web content process terminated (WKErrorDomain 2)", "WKErrorDomain", 2, false, .fatal, .harmless(.afterPageLoaded)),
        ("-999 of another domain is not a cancel", "WebKitErrorDomain", -999, false, .fatal, .harmless(.afterPageLoaded)),
    ]

    @Test("every failure, before and after the page finished loading", arguments: rows)
    func verdict(row: Row) {
        for (finished, expected) in [(false, row.before), (true, row.after)] {
            var rule = WebLoadFailureRule()
            if row.sdkCancelled { rule.sdkCancelledNavigation(to: Self.elsewhere) }
            let verdict = rule.judge(WebLoadFailure(domain: row.domain, code: row.code, failingURL: Self.elsewhere), pageFinishedLoading: finished)
            #expect(verdict == expected, "\(row.label), finished: \(finished)")
        }
    }

    @Test("each of the SDK's cancellations excuses one 102 of its URL, or of no URL")
    func cancellationsAreMatched() {
        let interrupted = { (url: URL?) in WebLoadFailure(domain: "WebKitErrorDomain", code: 102, failingURL: url) }
        var rule = WebLoadFailureRule()
        rule.sdkCancelledNavigation(to: Self.elsewhere)
        // Another URL's 102 is not the SDK's.
        #expect(rule.judge(interrupted(Self.page), pageFinishedLoading: false) == .fatal)
        #expect(rule.judge(interrupted(Self.elsewhere), pageFinishedLoading: false) == .harmless(.cancelledBySDKPolicy))
        // Used up: the same URL's second 102 is not excused.
        #expect(rule.judge(interrupted(Self.elsewhere), pageFinishedLoading: false) == .fatal)
        // WebKit naming no URL: any pending cancellation excuses it.
        rule.sdkCancelledNavigation(to: Self.page)
        #expect(rule.judge(interrupted(nil), pageFinishedLoading: false) == .harmless(.cancelledBySDKPolicy))
        #expect(rule.judge(interrupted(nil), pageFinishedLoading: false) == .fatal)
        // A cancellation of an unknown URL excuses a 102 of any URL.
        rule.sdkCancelledNavigation(to: nil)
        #expect(rule.judge(interrupted(Self.page), pageFinishedLoading: false) == .harmless(.cancelledBySDKPolicy))
    }

    @Test("only the newest cancellations are remembered, so one WebKit never reported cannot excuse a real 102 later")
    func cancellationsAreBounded() {
        var rule = WebLoadFailureRule()
        rule.sdkCancelledNavigation(to: Self.page)
        for index in 0..<WebLoadFailureRule.remembered {
            rule.sdkCancelledNavigation(to: URL(string: "https://other.example.com/\(index)"))
        }
        #expect(rule.judge(WebLoadFailure(domain: "WebKitErrorDomain", code: 102, failingURL: Self.page), pageFinishedLoading: false) == .fatal)
    }
}
