import Foundation

/// Which `<ClosedCaptionFile>` of a linear ad the SDK shows: one it can read (WebVTT), in the
/// language the viewer is most likely to want.
///
/// - **Readable:** `type` `text/vtt` (parameters and case ignored), or no type and a URL whose
///   path ends in `.vtt`; an `http(s)` URL. Other types (TTML, SRT, …) are not read.
/// - **Language:** the content's language first, then each of the app's preferred languages in
///   order; for each, a track of that exact tag (BCP 47, case-insensitive: `en-US`) before one of
///   its primary language (`en`, `en-GB`). When no track matches any of them, a track that declares
///   no language (often the only one, in the ad's own language); a track in another declared
///   language is not shown (captions the viewer did not ask for are noise).
/// - **Type:** within a language, a declared `text/vtt` before an untyped `.vtt`, then document order.
package struct CaptionTrackSelector: Sendable, Hashable {
    /// The content's language (BCP 47), when the app told it.
    package var contentLanguage: String?
    /// The app's preferred languages (BCP 47), most preferred first.
    package var appLanguages: [String]

    /// A selector for the viewer's languages.
    package init(contentLanguage: String?, appLanguages: [String]) {
        self.contentLanguage = contentLanguage
        self.appLanguages = appLanguages
    }

    /// The track to show among `files`, or `nil` when none fits.
    package func choose(from files: [VASTResource]) -> VASTResource? {
        let readable = files.enumerated().compactMap { index, file -> (index: Int, file: VASTResource, typeRank: Int)? in
            Self.typeRank(file).map { (index, file, $0) }
        }
        guard !readable.isEmpty else { return nil }
        let preferences = ([contentLanguage] + appLanguages.map(Optional.some))
            .compactMap { $0.map(Self.normalized) }
            .filter { !$0.isEmpty }
        func best(_ candidates: [(index: Int, file: VASTResource, typeRank: Int)]) -> VASTResource? {
            candidates.min { ($0.typeRank, $0.index) < ($1.typeRank, $1.index) }?.file
        }
        for preference in preferences {
            if let exact = best(readable.filter { $0.file.language.map(Self.normalized) == preference }) { return exact }
            let primary = Self.primary(preference)
            if let sameLanguage = best(readable.filter { $0.file.language.map { Self.primary(Self.normalized($0)) } == primary }) {
                return sameLanguage
            }
        }
        return best(readable.filter { ($0.file.language.map(Self.normalized) ?? "").isEmpty })
    }

    /// 0 for a declared `text/vtt`, 1 for an untyped `.vtt`, `nil` for what the SDK does not read.
    private static func typeRank(_ file: VASTResource) -> Int? {
        guard let url = URL(string: file.value), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return nil }
        let type = file.type?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        if type == "text/vtt" { return 0 }
        if type.isEmpty, url.path.lowercased().hasSuffix(".vtt") { return 1 }
        return nil
    }

    private static func normalized(_ tag: String) -> String {
        tag.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "-").lowercased()
    }

    private static func primary(_ tag: String) -> String {
        String(tag.split(separator: "-", maxSplits: 1).first ?? "")
    }
}
