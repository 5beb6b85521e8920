import Foundation

/// The small documents the sandbox serves for its ads: landing pages and the tracking
/// pixel's image (the creative pages are `SandboxCreativePages`, the video `SandboxVideo`).
enum SandboxMedia {
    /// The page a click lands on.
    static func landingPage(adId: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Landing page of \(escape(adId))</title></head>
        <body><h1>Thanks for visiting \(escape(adId))</h1></body></html>

        """
    }

    /// The image every pixel answers with: a 1×1 PNG.
    static let pixelImage = PNGImage.make(width: 1, height: 1)

    /// `text` escaped for HTML and XML attribute and text content.
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}
