import Foundation

/// The markup of the sandbox's HTML creatives (`SandboxHTMLPage`). Each page includes
/// `kontext-creative.js`, lays itself out from the render context (the CSS custom properties
/// the script sets: `--kontext-inset-top`, …) and talks to the SDK only through the script.
enum SandboxCreativePages {
    /// What a page shows, escaped where it is written.
    struct Content {
        var adId: String
        var format: SandboxFormat
        var imageURL: String
        var clickURL: String?
        var width: Int
        var height: Int
    }

    /// The page `page` of an ad.
    static func markup(_ page: SandboxHTMLPage, _ content: Content) -> String {
        let title = "Sandbox \(content.format.rawValue) ad \(SandboxMedia.escape(content.adId))"
        let (style, body, script) = parts(page, content)
        return """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title)</title>
        <script src="/kontext-creative.js"></script>
        <style>\(commonStyle)\(style)</style>
        </head>
        <body data-ad-id="\(SandboxMedia.escape(content.adId))" data-format="\(content.format.rawValue)" data-page="\(page.name)">
        \(body)
        <script>
        \(script)
        </script>
        </body>
        </html>

        """
    }

    private static let commonStyle = """
    html,body{margin:0;padding:0;height:100%;overflow:hidden;background:transparent;\
    font:14px/1.25 -apple-system,system-ui,'Helvetica Neue',Arial,sans-serif}
    """

    /// A card laid out clear of the SDK's controls: a row on a strip, a column on anything taller.
    private static let cardStyle = """
    body{box-sizing:border-box;display:flex;align-items:center;gap:8px;color:#fff;\
    background:linear-gradient(135deg,#1d3557,#457b9d);\
    padding:calc(var(--kontext-inset-top,0px) + 6px) calc(var(--kontext-inset-right,0px) + 8px) \
    calc(var(--kontext-inset-bottom,0px) + 6px) calc(var(--kontext-inset-left,0px) + 8px)}
    .copy{flex:1;min-width:0}.brand{font-weight:700}\
    .headline{opacity:.9;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
    button{flex:none;border:0;border-radius:6px;background:#ffb703;color:#1d3557;font:inherit;font-weight:700;padding:8px 12px}
    @media (max-aspect-ratio:2/1){body{flex-direction:column;justify-content:center;text-align:center;gap:16px}\
    .copy{flex:none}.brand{font-size:22px}.headline{white-space:normal;font-size:16px}button{font-size:18px;padding:12px 22px}}
    @keyframes pulse{50%{transform:scale(1.08)}}
    .kontext-shown button{animation:pulse 1.2s ease-in-out 3}
    """

    private static func parts(_ page: SandboxHTMLPage, _ content: Content) -> (style: String, body: String, script: String) {
        switch page {
        case .banner:
            let image = "<img src=\"\(SandboxMedia.escape(content.imageURL))\" width=\"\(content.width)\" height=\"\(content.height)\" alt=\"Sandbox ad \(SandboxMedia.escape(content.adId))\">"
            let body = content.clickURL.map { "<a id=\"click\" href=\"\(SandboxMedia.escape($0))\">\(image)</a>" } ?? image
            return ("img{display:block;width:100%;height:auto}", body, """
            (function () {
              // The page reports its own click (during the tap) instead of following the link.
              document.addEventListener('click', function (event) { event.preventDefault(); KontextCreative.click(); });
              var image = document.querySelector('img');
              if (image.complete && image.naturalWidth > 0) { KontextCreative.ready(); return; }
              image.addEventListener('load', function () { KontextCreative.ready(); });
              image.addEventListener('error', function () { KontextCreative.error(502); });
            })();
            """)
        case .callToAction:
            return (cardStyle, """
            <div class="copy"><div class="brand">Kontext Sandbox</div><div class="headline">Ad \(SandboxMedia.escape(content.adId)): a creative with its own call to action</div></div>
            <button id="cta" type="button">Learn more</button>
            """, """
            (function () {
              document.getElementById('cta').addEventListener('click', function (event) {
                event.stopPropagation();
                KontextCreative.click('cta');
              });
              document.body.addEventListener('click', function () { KontextCreative.click(); });
              KontextCreative.ready();
            })();
            """)
        case .error(let code, let onScreen):
            let when = onScreen ? "once shown" : "before it is ready"
            return (cardStyle + "body{background:linear-gradient(135deg,#6a040f,#d00000)}", """
            <div class="copy"><div class="brand">Kontext Sandbox</div><div class="headline">This creative reports VAST error \(code) \(when)</div></div>
            """, onScreen ? """
            (function () {
              KontextCreative.on('shown', function () { KontextCreative.error(\(code)); });
              KontextCreative.ready();
            })();
            """ : """
            KontextCreative.error(\(code));
            """)
        case .neverReady:
            return (cardStyle + "body{background:linear-gradient(135deg,#3c3c3c,#7a7a7a)}", """
            <div class="copy"><div class="brand">Kontext Sandbox</div><div class="headline">This creative never reports ready</div></div>
            """, "// Speaks the bridge (kontext-creative.js said init-iframe) and never reports ready.")
        }
    }
}
