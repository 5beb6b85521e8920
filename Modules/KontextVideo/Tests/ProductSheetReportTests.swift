import Foundation
import Testing
@testable import KontextVideo
import KontextVideoModels

/// One product sheet's reports: every input in every phase, and the orders StoreKit's two
/// callbacks can come in.
@Suite("Product sheet report")
struct ProductSheetReportTests {
    typealias Phase = ProductSheetReport.Phase
    typealias Input = ProductSheetReport.Input

    @Test("every input in every phase", arguments: [
        // (phase, input) → (report, new phase)
        (Phase.loading, Input.productLoaded(true), ClickDestinationOutcome?.some(.opened), Phase.loaded),
        (.loading, .productLoaded(false), .failed, .over),
        (.loading, .viewerClosed, .dismissed, .over),
        (.loaded, .productLoaded(true), nil, .loaded),
        (.loaded, .productLoaded(false), nil, .loaded),
        (.loaded, .viewerClosed, .dismissed, .over),
        (.over, .productLoaded(true), nil, .over),
        (.over, .productLoaded(false), nil, .over),
        (.over, .viewerClosed, nil, .over),
    ])
    func transition(phase: Phase, input: Input, report: ClickDestinationOutcome?, next: Phase) {
        var sheet = ProductSheetReport(phase: phase)
        #expect(sheet.receive(input) == report)
        #expect(sheet.phase == next)
    }

    @Test("StoreKit's callbacks in any order: one report of each kind, .failed only alone, .dismissed last", arguments: [
        // the callbacks in order → what the opener hears
        ([Input.productLoaded(true), .viewerClosed], [ClickDestinationOutcome.opened, .dismissed]),
        ([.productLoaded(false), .viewerClosed], [.failed]),
        // The viewer closed the sheet before its product loaded: no fallback, whatever the load says.
        ([.viewerClosed, .productLoaded(false)], [.dismissed]),
        ([.viewerClosed, .productLoaded(true)], [.dismissed]),
        // StoreKit calling back twice.
        ([.productLoaded(true), .productLoaded(true), .viewerClosed, .viewerClosed], [.opened, .dismissed]),
    ])
    func sequence(inputs: [Input], reports: [ClickDestinationOutcome]) {
        var sheet = ProductSheetReport()
        #expect(inputs.compactMap { sheet.receive($0) } == reports)
    }

    @Test("through the ordered opener: a viewer's early cancel opens nothing else; a failed load opens the next destination")
    @MainActor
    func throughTheOpener() {
        let platform = ScriptedSheetPlatform()
        let opener = OrderedClickOpener(platform)
        let target = ClickDestinationsTarget.appInstall
        var progress: [ClickThroughProgress] = []
        opener.open(target, progress: { progress.append($0) })
        platform.sheetCallbacks([.viewerClosed, .productLoaded(false)])
        #expect(platform.opened == [.productSheet(appStoreID: "123")])
        #expect(progress == [.closed])

        platform.opened = []
        progress = []
        opener.open(target, progress: { progress.append($0) })
        platform.sheetCallbacks([.productLoaded(false), .viewerClosed])
        #expect(platform.opened.count == 2)
        #expect(platform.opened.last.map { if case .url = $0 { true } else { false } } == true)
    }
}

/// A platform whose product sheet reports through `ProductSheetReport`, as the StoreKit glue does,
/// with the callbacks a test plays; URLs always open.
@MainActor
private final class ScriptedSheetPlatform: ClickDestinationOpening {
    var opened: [ClickDestination] = []
    private var sheet: (report: ProductSheetReport, outcome: @MainActor (ClickDestinationOutcome) -> Void)?

    func open(_ destination: ClickDestination, outcome: @escaping @MainActor (ClickDestinationOutcome) -> Void) {
        opened.append(destination)
        switch destination {
        case .productSheet: sheet = (ProductSheetReport(), outcome)
        case .url: outcome(.opened)
        }
    }

    func sheetCallbacks(_ inputs: [ProductSheetReport.Input]) {
        for input in inputs {
            guard var current = sheet else { return }
            let report = current.report.receive(input)
            sheet?.report = current.report
            if let report { current.outcome(report) }
        }
    }
}

/// A target whose first destination is a product sheet, then a web page.
private enum ClickDestinationsTarget {
    static let appInstall = ClickTarget(
        url: URL(string: "https://apps.apple.com/app/id123"), fallbackURL: nil, appStoreID: nil,
        rule: .init(allowsLocalHosts: false))
}
