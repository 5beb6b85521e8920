import Foundation

/// `kontext-creative.js`, the page's half of the creative bridge that creative authors include
/// (`CREATIVES.md`). Its one copy in the repository is this module's resource
/// `Resources/kontext-creative.js`; the sandbox serves it at `/kontext-creative.js`.
public enum SandboxCreativeKit {
    /// The script's bytes; empty if the resource is missing from the build (the sandbox then
    /// serves an empty script and its pages never say `init-iframe`).
    public static let script: Data = {
        guard let url = Bundle.module.url(forResource: "kontext-creative", withExtension: "js") else { return Data() }
        return (try? Data(contentsOf: url)) ?? Data()
    }()
}
