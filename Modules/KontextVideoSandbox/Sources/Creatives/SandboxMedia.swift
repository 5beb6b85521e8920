import Foundation

/// The small documents the sandbox serves for its ads: landing pages, a dummy mp4 and the
/// tracking pixel's image (the creative pages are `SandboxCreativePages`).
enum SandboxMedia {
    /// The page a click lands on.
    static func landingPage(adId: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Landing page of \(escape(adId))</title></head>
        <body><h1>Thanks for visiting \(escape(adId))</h1></body></html>

        """
    }

    /// A tiny mp4-shaped file (an `ftyp` box and an empty `mdat` box). Not playable; enough
    /// for anything that only fetches or sniffs the media file.
    static let dummyMP4: Data = {
        var data = Data([0, 0, 0, 0x18]) + Data("ftyp".utf8) + Data("isom".utf8) + Data([0, 0, 2, 0])
        data += Data("isom".utf8) + Data("mp41".utf8)
        data += Data([0, 0, 0, 8]) + Data("mdat".utf8)
        return data
    }()

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
