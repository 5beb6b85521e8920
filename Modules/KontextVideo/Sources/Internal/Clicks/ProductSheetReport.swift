import Foundation

/// What one App Store product sheet reports, whatever order StoreKit's two callbacks come in: the
/// product's load finishing (`loadProduct(withParameters:completionBlock:)`) and the viewer closing
/// the sheet (`productViewControllerDidFinish(_:)`). The sheet is on screen from the start, so the
/// viewer can close it before its product loaded, and the load then finishes (cancelled, or late).
///
/// | what happens | loading | loaded | over |
/// |---|---|---|---|
/// | the product loaded | `.opened` → loaded | nothing | nothing |
/// | the product did not load | `.failed` → over (the next destination opens: Safari) | nothing | nothing |
/// | the viewer closed the sheet | `.dismissed` → over (no fallback: the viewer chose) | `.dismissed` → over | nothing |
///
/// So each sheet reports `.failed` only as its one report, `.opened` at most once and before
/// `.dismissed`, and `.dismissed` at most once, last: a viewer's early cancel never opens Safari.
struct ProductSheetReport: Sendable, Equatable {
    /// Where the sheet is.
    enum Phase: Sendable, Equatable, CaseIterable {
        /// On screen, its product loading.
        case loading
        /// Its product loaded and was reported `.opened`.
        case loaded
        /// Failed or closed: nothing more is reported.
        case over
    }

    /// What StoreKit told the sheet.
    enum Input: Sendable, Equatable {
        /// The product's load finished, loaded or not.
        case productLoaded(Bool)
        /// The viewer closed the sheet.
        case viewerClosed
    }

    /// Where the sheet is.
    private(set) var phase: Phase

    /// A sheet in `phase`: a new sheet is `.loading`.
    init(phase: Phase = .loading) {
        self.phase = phase
    }

    /// What to report for `input`, if anything, and the sheet's new phase.
    mutating func receive(_ input: Input) -> ClickDestinationOutcome? {
        switch (phase, input) {
        case (.loading, .productLoaded(true)):
            phase = .loaded
            return .opened
        case (.loading, .productLoaded(false)):
            phase = .over
            return .failed
        case (.loading, .viewerClosed), (.loaded, .viewerClosed):
            phase = .over
            return .dismissed
        case (.loaded, .productLoaded), (.over, _):
            return nil
        }
    }
}
