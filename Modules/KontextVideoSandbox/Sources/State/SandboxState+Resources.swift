import Foundation

/// Everything but the protocol endpoints, called under the lock: the served ads' creatives,
/// VAST documents and media, the landing pages, the scripts and the tracking pixels.
extension SandboxState {
    /// The response to a `GET` or `HEAD` of `record.path`, and its summary; a pixel hit is recorded.
    func serveResource(_ record: RecordedRequest) -> (HTTPResponse, String) {
        let path = record.path
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard let first = parts.first else {
            return (.text("Kontext sandbox ad server: POST /init, /video/preload, /video/events\n"), "index")
        }
        switch (first, parts.count) {
        case ("pixel", 2...):
            let adId = parts.count >= 3 ? parts[1] : nil
            let name = parts[parts.count - 1]
            pixelHits.append(PixelHit(adId: adId, name: name, path: path, query: record.query, requestIndex: record.index))
            return (.data(SandboxMedia.pixelImage, contentType: "image/png"), "pixel \(adId.map { "\($0)/" } ?? "")\(name)")
        case ("creatives", 2):
            guard let ad = servedAd(parts[1], suffix: ".html") else { return (.notFound, "404") }
            let page: SandboxHTMLPage = if case .htmlPage(let page) = ad.creative { page } else { .banner }
            let content = SandboxCreativePages.Content(adId: ad.id, format: ad.format, imageURL: "\(base)/images/\(ad.id).png",
                                                       clickURL: ad.clickURL, width: ad.width ?? 320, height: ad.height ?? 50)
            return (.text(SandboxCreativePages.markup(page, content), contentType: "text/html; charset=utf-8"), "creative page \(ad.id) (\(page.name))")
        case ("verification.js", 1):
            return (.data(SandboxVerification.script, contentType: "text/javascript; charset=utf-8"), "verification script")
        case ("kontext-creative.js", 1):
            return (.data(SandboxCreativeKit.script, contentType: "text/javascript; charset=utf-8"), "kontext-creative.js")
        case ("images", 2):
            guard let ad = servedAd(parts[1], suffix: ".png") else { return (.notFound, "404") }
            return (.data(image(width: ad.width ?? 300, height: ad.height ?? 250), contentType: "image/png"), "image \(ad.id)")
        case ("vast", 2):
            guard let ad = servedAd(parts[1], suffix: ".xml"), let vast = ad.vast else { return (.notFound, "404") }
            return (.text(VASTDocuments.entry(vast, base: base, adId: ad.id, duration: ad.duration, verifications: ad.verifications,
                                              captionsAndIcon: ad.captionsAndIcon),
                          contentType: "application/xml"), "VAST \(ad.id)")
        case ("vast", 3):
            guard let ad = served[parts[1]], let vast = ad.vast,
                  let document = VASTDocuments.document(named: parts[2], for: vast, base: base, adId: ad.id, duration: ad.duration,
                                                        verifications: ad.verifications, captionsAndIcon: ad.captionsAndIcon) else {
                return (.notFound, "404")
            }
            return (.text(document, contentType: "application/xml"), "VAST \(ad.id)/\(parts[2])")
        case ("media", 2):
            // The real video, by byte ranges: AVPlayer on a device fetches a progressive MP4 in parts.
            let range = ByteRange(header: record.http.header("Range"), length: SandboxVideo.data.count)
            let summary = if case .part(let part) = range { "media (bytes \(part.lowerBound)-\(part.upperBound))" } else { "media" }
            return (range.response(SandboxVideo.data, contentType: SandboxVideo.contentType), summary)
        case ("captions", 2):
            guard servedAd(parts[1], suffix: ".vtt")?.captionsAndIcon == true else { return (.notFound, "404") }
            return (.data(SandboxCaptions.webVTT, contentType: SandboxCaptions.contentType), "captions \(parts[1])")
        case ("icons", 2):
            guard servedAd(parts[1], suffix: ".png")?.captionsAndIcon == true else { return (.notFound, "404") }
            return (.data(image(width: 20, height: 20), contentType: "image/png"), "icon \(parts[1])")
        case ("landing", 2):
            return (.text(SandboxMedia.landingPage(adId: parts[1]), contentType: "text/html; charset=utf-8"), "landing page")
        default:
            return (.notFound, "404")
        }
    }

    private func servedAd(_ file: String, suffix: String) -> SandboxServedAd? {
        guard file.hasSuffix(suffix) else { return nil }
        return served[String(file.dropLast(suffix.count))]
    }

    private func image(width: Int, height: Int) -> Data {
        let key = "\(width)x\(height)"
        if let cached = imageCache[key] { return cached }
        let png = PNGImage.make(width: width, height: height)
        imageCache[key] = png
        return png
    }
}

private extension SandboxServedAd {
    var vast: SandboxVAST? {
        switch creative {
        case .vast(let vast), .inlineVAST(let vast): vast
        default: nil
        }
    }
}
