import Foundation
import KontextVideoModels
import KontextVideoNetworking

/// Turns a linear ad's VAST (a tag URL or an inline document) into a playable ad: resolves the
/// wrapper chain, picks the media file. A failure is a `CreativeLoadError` carrying the VAST code
/// and every `<Error>` URL of the chain with `[ERRORCODE]` filled.
package struct LinearCreativeLoader: Sendable {
    private let ad: ServedAd
    private let context: CreativeContext
    private let device: DeviceProfile

    /// Creates the loader of `ad`.
    package init(ad: ServedAd, context: CreativeContext, device: DeviceProfile = .standard) {
        self.ad = ad
        self.context = context
        self.device = device
    }

    /// Resolves the VAST; throws `CreativeLoadError`.
    package func load() async throws -> ResolvedLinearAd {
        let source: VASTSource
        if let inline = ad.creative.inlineVAST {
            source = .document(Data(inline.utf8), baseURL: ad.creative.url)
        } else if let url = ad.creative.url {
            source = .url(url)
        } else {
            throw CreativeLoadError(code: VASTErrorCode.xmlParsing.rawValue)
        }
        let resolver = VASTResolver(
            fetcher: TransportVASTFetcher(transport: context.transport),
            clock: context.clock,
            events: context.events,
            device: device,
            requestMacros: context.macros
        )
        let resolution = await resolver.resolve(source)
        try Task.checkCancellation()
        if let linear = resolution.ads.first, resolution.error == nil {
            return linear
        }
        let code = resolution.error?.code ?? .noAdsAfterWrapper
        var macros = context.macros
        macros.errorCode = code
        macros.timestamp = Date()
        let pixels = resolution.errorPings.flatMap { ping -> [String] in
            var context = macros
            context.errorCode = ping.code
            return ping.expandedURLs(context: context)
        }
        throw CreativeLoadError(code: code.rawValue, errorPixels: pixels.compactMap(URL.lenient))
    }
}
