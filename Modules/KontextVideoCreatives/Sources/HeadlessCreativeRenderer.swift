import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KontextVideoVAST
import KontextVideoModels
import KontextVideoScheduling
import KontextVideoNetworking

/// The renderer where there is no screen (Linux, tests, the demo): it really fetches the creative
/// from the server — the page or image of an overlay or pause ad, the VAST chain of a linear ad —
/// and only then reports ready. With `playsByItself`, a linear ad then plays on the clock: first
/// frame at start, progress four times a second, complete at its duration.
@MainActor
package final class HeadlessCreativeRenderer: CreativeRenderer {
    /// Receives the creative's moments.
    package var onEvent: (@MainActor (CreativeEvent) -> Void)?
    /// The resolved VAST ad, once a linear creative loaded.
    package var resolvedLinearAd: ResolvedLinearAd? { resolved?.ad }
    /// Whether the VAST ad has an end card.
    package var hasEndCard: Bool { resolvedLinearAd?.endCard != nil }
    /// Error pixels the VAST walk owes for ads skipped on the way.
    package private(set) var errorPixelsOwed: [URL] = []

    /// Bytes of the fetched page or image.
    package private(set) var fetchedBytes = 0
    /// The frame it was placed at, last.
    package private(set) var frame: CGRect?

    private let ad: ServedAd
    private let context: CreativeContext
    /// The resolved VAST ad, boxed: the struct is large, and most creatives (images, pages) have none.
    private var resolved: ResolvedBox?
    private let playsByItself: Bool
    private var playback: Task<Void, Never>?
    private var isStopped = false

    /// Creates the renderer of `ad`.
    package init(ad: ServedAd, context: CreativeContext, playsByItself: Bool) {
        self.ad = ad
        self.context = context
        self.playsByItself = playsByItself
    }

    /// Loads the creative; throws `CreativeLoadError`.
    package func load() async throws {
        switch ad.creative.kind {
        case .html, .image:
            try await loadPage()
        case .vast:
            let loaded = try await LinearCreativeLoader(ad: ad, context: context).load()
            resolved = ResolvedBox(ad: loaded.ad)
            errorPixelsOwed = loaded.errorPixels
        }
    }

    /// Fetches the page or image; a non-2xx status, an empty body or (for an image) bytes that are
    /// no image is VAST 502 (unable to fetch the resource).
    private func loadPage() async throws {
        guard let url = ad.creative.url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw CreativeFailure.pageDidNotLoad.loadError
        }
        let transport = context.transport
        let data: Data
        let response: HTTPURLResponse
        do {
            (data, response) = try await transport.send(URLRequest(url: url))
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw CreativeFailure.pageDidNotLoad.loadError
        }
        guard (200..<300).contains(response.statusCode), !data.isEmpty else {
            throw CreativeFailure.pageDidNotLoad.loadError
        }
        if ad.creative.kind == .image, !Self.looksLikeImage(data) {
            throw CreativeFailure.pageDidNotLoad.loadError
        }
        fetchedBytes = data.count
    }

    /// PNG, JPEG, GIF or WebP magic bytes.
    static func looksLikeImage(_ data: Data) -> Bool {
        let bytes = [UInt8](data.prefix(12))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return true }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return true }
        if bytes.starts(with: Array("GIF8".utf8)) { return true }
        return bytes.count >= 12 && bytes[0..<4].elementsEqual("RIFF".utf8) && bytes[8..<12].elementsEqual("WEBP".utf8)
    }

    /// Notes the creative's frame.
    package func place(in frame: CGRect) {
        self.frame = frame
    }

    /// The ad is on screen.
    package func start() {
        guard playsByItself, !isStopped, let linear = resolvedLinearAd else { return }
        let clock = context.clock
        let length = max(0, linear.duration)
        playback = Task { @MainActor [weak self] in
            self?.emit(.firstFrame)
            var position: TimeInterval = 0
            while position < length {
                do { try await clock.sleep(for: .milliseconds(250)) } catch { return }
                position = min(length, position + 0.25)
                self?.emit(.progress(position))
            }
            self?.emit(.complete)
        }
    }

    /// Tears the creative down; no event after this.
    package func stop() {
        isStopped = true
        playback?.cancel()
        playback = nil
    }

    private func emit(_ event: CreativeEvent) {
        guard !isStopped else { return }
        onEvent?(event)
    }
}

/// A resolved VAST ad held by reference (see `HeadlessCreativeRenderer.resolved`).
private final class ResolvedBox {
    let ad: ResolvedLinearAd
    init(ad: ResolvedLinearAd) { self.ad = ad }
}
