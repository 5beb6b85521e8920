import Foundation

/// Reads the VAST model out of a parsed XML tree. Faithful: URLs are trimmed and empty ones
/// dropped, macros stay verbatim, unknown elements are ignored here but extensions are kept raw.
/// Element and attribute names match on local names, ignoring case.
enum VASTModelReader {
    /// The model for a document whose root is `root`, or the VAST error for the wrong root.
    static func document(from root: VASTXMLElement) -> Result<VASTDocument, VASTError> {
        let rootName = root.localName
        if rootName.caseInsensitiveCompare("VideoAdServingTemplate") == .orderedSame {
            return .failure(VASTError(.versionNotSupported, "VAST 1.0 <VideoAdServingTemplate> is not supported"))
        }
        guard rootName == "VAST" else {
            if rootName.caseInsensitiveCompare("VMAP") == .orderedSame {
                return .failure(VASTError(.schemaValidation, "a VMAP document (<\(root.name)>), not VAST"))
            }
            return .failure(VASTError(.schemaValidation, "root element is <\(root.name)>, not <VAST>"))
        }
        let version = root.attribute("version")?.trimmingCharacters(in: .whitespaces)
        if let version, !version.isEmpty {
            let major = version.split(separator: ".").first.flatMap { Int($0) }
            guard let major, (2...4).contains(major) else {
                return .failure(VASTError(.versionNotSupported, "VAST version \(version) is not supported (2.0 to 4.3 are)"))
            }
        }
        let ads = root.elements("Ad").compactMap(ad)
        return .success(VASTDocument(version: version, ads: ads, errorURLs: urls(root.elements("Error"))))
    }

    // MARK: - Ad

    static func ad(_ element: VASTXMLElement) -> VASTAd? {
        let body: VASTXMLElement
        var ad: VASTAd
        if let inLine = element.element("InLine") {
            body = inLine
            ad = VASTAd(kind: .inLine)
        } else if let wrapper = element.element("Wrapper") {
            body = wrapper
            ad = VASTAd(kind: .wrapper)
            let tag = wrapper.element("VASTAdTagURI") ?? wrapper.element("VASTAdTagURL")
            if let tag {
                let text = tag.trimmedText.isEmpty ? (tag.element("URL")?.trimmedText ?? "") : tag.trimmedText
                ad.adTagURI = text.isEmpty ? nil : text
            }
            ad.followAdditionalWrappers = bool(wrapper.attribute("followAdditionalWrappers"))
            ad.allowMultipleAds = bool(wrapper.attribute("allowMultipleAds"))
            ad.fallbackOnNoAd = bool(wrapper.attribute("fallbackOnNoAd"))
        } else {
            return nil
        }
        ad.id = element.attribute("id")
        ad.sequence = int(element.attribute("sequence"))
        ad.conditionalAd = bool(element.attribute("conditionalAd"))
        ad.adType = element.attribute("adType")
        if let system = body.element("AdSystem") {
            ad.adSystem = system.trimmedText
            ad.adSystemVersion = system.attribute("version")
        }
        ad.adTitle = body.element("AdTitle")?.trimmedText
        ad.adDescription = body.element("Description")?.trimmedText
        ad.advertiser = body.element("Advertiser")?.trimmedText
        ad.adServingId = body.element("AdServingId")?.trimmedText
        ad.expires = int(body.element("Expires")?.trimmedText)
        ad.surveys = urls(body.elements("Survey"))
        ad.impressions = entries(body.elements("Impression"))
        ad.errorURLs = urls(body.elements("Error"))
        if let viewable = body.element("ViewableImpression") {
            var value = VASTViewableImpression(id: viewable.attribute("id"))
            value.viewable = urls(viewable.elements("Viewable"))
            value.notViewable = urls(viewable.elements("NotViewable"))
            value.viewUndetermined = urls(viewable.elements("ViewUndetermined"))
            ad.viewableImpression = value
        }
        if let pricing = body.element("Pricing") {
            ad.pricing = VASTPricing(model: pricing.attribute("model"), currency: pricing.attribute("currency"), value: pricing.trimmedText)
        }
        ad.categories = body.elements("Category").map { VASTCategory(authority: $0.attribute("authority"), value: $0.trimmedText) }
        ad.blockedAdCategories = body.elements("BlockedAdCategories").map {
            VASTCategory(authority: $0.attribute("authority"), value: $0.trimmedText)
        }
        ad.creatives = body.elements(path: ["Creatives", "Creative"]).map(creative)
        ad.extensions = body.elements(path: ["Extensions", "Extension"]).map(VASTExtension.init(element:))
        ad.verifications = body.elements(path: ["AdVerifications", "Verification"]).map { verification($0, origin: .adVerifications) }
        // Any extension's <AdVerifications> (vast-client-js reads them under type="iab" too), and
        // bare <Verification>s of an <Extension type="AdVerifications">.
        for ext in ad.extensions {
            var nodes = ext.element.elements(path: ["AdVerifications", "Verification"])
            if ext.type?.caseInsensitiveCompare("AdVerifications") == .orderedSame {
                nodes += ext.element.elements("Verification")
            }
            ad.verifications += nodes.map { verification($0, origin: .extensionNode) }
        }
        return ad
    }

    // MARK: - Creatives

    static func creative(_ element: VASTXMLElement) -> VASTCreative {
        var creative = VASTCreative()
        creative.id = element.attribute("id")
        creative.adId = element.attribute("adId")
        creative.sequence = int(element.attribute("sequence"))
        creative.apiFramework = element.attribute("apiFramework")
        creative.universalAdIds = element.elements("UniversalAdId").map {
            VASTUniversalAdId(idRegistry: $0.attribute("idRegistry"), value: $0.attribute("idValue").flatMap { $0.isEmpty ? nil : $0 } ?? $0.trimmedText)
        }
        creative.creativeExtensions = element.elements(path: ["CreativeExtensions", "CreativeExtension"]).map(VASTExtension.init(element:))
        if let linear = element.element("Linear") {
            creative.linear = self.linear(linear)
        }
        if let nonLinearAds = element.element("NonLinearAds") {
            var value = VASTNonLinearAds()
            value.nonLinears = nonLinearAds.elements("NonLinear").map(nonLinear)
            value.trackingEvents = tracking(nonLinearAds)
            creative.nonLinearAds = value
        }
        if let companionAds = element.element("CompanionAds") {
            var value = VASTCompanionAds(required: companionAds.attribute("required"))
            value.companions = companionAds.elements("Companion").map(companion)
            creative.companionAds = value
        }
        return creative
    }

    static func linear(_ element: VASTXMLElement) -> VASTLinear {
        var linear = VASTLinear()
        linear.durationText = element.element("Duration")?.text
        linear.duration = VASTTime.seconds(linear.durationText)
        linear.skipOffsetText = element.attribute("skipoffset")
        linear.skipOffset = VASTOffset(linear.skipOffsetText)
        linear.adParameters = element.element("AdParameters")?.text
        linear.trackingEvents = tracking(element)
        if let clicks = element.element("VideoClicks") {
            linear.videoClicks.clickThrough = nonEmpty(clicks.element("ClickThrough")?.trimmedText)
            linear.videoClicks.clickTracking = entries(clicks.elements("ClickTracking"))
            linear.videoClicks.customClicks = entries(clicks.elements("CustomClick"))
        }
        if let mediaFiles = element.element("MediaFiles") {
            linear.mediaFiles = mediaFiles.elements("MediaFile").compactMap(mediaFile)
            linear.mezzanines = mediaFiles.elements("Mezzanine").compactMap { node in
                nonEmpty(node.trimmedText).map { url in
                    VASTMezzanine(url: url, attributes: Dictionary(node.attributes.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }))
                }
            }
            linear.interactiveCreativeFiles = mediaFiles.elements("InteractiveCreativeFile").compactMap { node in
                nonEmpty(node.trimmedText).map {
                    VASTInteractiveCreativeFile(
                        url: $0, type: node.attribute("type"), apiFramework: node.attribute("apiFramework"),
                        variableDuration: bool(node.attribute("variableDuration"))
                    )
                }
            }
            linear.closedCaptionFiles = mediaFiles.elements(path: ["ClosedCaptionFiles", "ClosedCaptionFile"]).compactMap { node in
                nonEmpty(node.trimmedText).map { VASTResource(kind: .file, type: node.attribute("type"), value: $0, language: node.attribute("language")) }
            }
        }
        linear.icons = element.elements(path: ["Icons", "Icon"]).map(icon)
        return linear
    }

    static func mediaFile(_ element: VASTXMLElement) -> VASTMediaFile? {
        guard let url = nonEmpty(element.trimmedText) else { return nil }
        var file = VASTMediaFile(url: url)
        file.id = element.attribute("id")
        file.delivery = element.attribute("delivery")?.trimmingCharacters(in: .whitespaces)
        file.type = element.attribute("type")?.trimmingCharacters(in: .whitespaces)
        file.width = int(element.attribute("width"))
        file.height = int(element.attribute("height"))
        file.codec = element.attribute("codec")
        file.bitrate = int(element.attribute("bitrate"))
        file.minBitrate = int(element.attribute("minBitrate"))
        file.maxBitrate = int(element.attribute("maxBitrate"))
        file.scalable = bool(element.attribute("scalable"))
        file.maintainAspectRatio = bool(element.attribute("maintainAspectRatio"))
        file.apiFramework = element.attribute("apiFramework")
        file.fileSize = int(element.attribute("fileSize"))
        file.mediaType = element.attribute("mediaType")
        return file
    }

    static func companion(_ element: VASTXMLElement) -> VASTCompanion {
        var companion = VASTCompanion()
        companion.id = element.attribute("id")
        companion.width = int(element.attribute("width"))
        companion.height = int(element.attribute("height"))
        companion.assetWidth = int(element.attribute("assetWidth"))
        companion.assetHeight = int(element.attribute("assetHeight"))
        companion.expandedWidth = int(element.attribute("expandedWidth"))
        companion.expandedHeight = int(element.attribute("expandedHeight"))
        companion.adSlotId = element.attribute("adSlotID")
        companion.apiFramework = element.attribute("apiFramework")
        companion.pxratio = element.attribute("pxratio")
        companion.renderingMode = element.attribute("renderingMode")
        companion.resources = resources(element)
        companion.altText = element.element("AltText")?.trimmedText
        companion.clickThrough = nonEmpty(element.element("CompanionClickThrough")?.trimmedText)
        companion.clickTracking = entries(element.elements("CompanionClickTracking"))
        companion.trackingEvents = tracking(element)
        companion.adParameters = element.element("AdParameters")?.text
        return companion
    }

    static func nonLinear(_ element: VASTXMLElement) -> VASTNonLinear {
        var nonLinear = VASTNonLinear()
        nonLinear.id = element.attribute("id")
        nonLinear.width = int(element.attribute("width"))
        nonLinear.height = int(element.attribute("height"))
        nonLinear.expandedWidth = int(element.attribute("expandedWidth"))
        nonLinear.expandedHeight = int(element.attribute("expandedHeight"))
        nonLinear.scalable = bool(element.attribute("scalable"))
        nonLinear.maintainAspectRatio = bool(element.attribute("maintainAspectRatio"))
        nonLinear.minSuggestedDuration = element.attribute("minSuggestedDuration")
        nonLinear.apiFramework = element.attribute("apiFramework")
        nonLinear.resources = resources(element)
        nonLinear.clickThrough = nonEmpty(element.element("NonLinearClickThrough")?.trimmedText)
        nonLinear.clickTracking = entries(element.elements("NonLinearClickTracking"))
        nonLinear.adParameters = element.element("AdParameters")?.text
        return nonLinear
    }

    static func icon(_ element: VASTXMLElement) -> VASTIcon {
        var icon = VASTIcon()
        icon.program = element.attribute("program")
        icon.width = int(element.attribute("width"))
        icon.height = int(element.attribute("height"))
        icon.xPosition = element.attribute("xPosition")
        icon.yPosition = element.attribute("yPosition")
        icon.duration = element.attribute("duration")
        icon.offset = element.attribute("offset")
        icon.apiFramework = element.attribute("apiFramework")
        icon.pxratio = element.attribute("pxratio")
        icon.altText = element.attribute("altText")
        icon.hoverText = element.attribute("hoverText")
        icon.resources = resources(element)
        icon.viewTracking = urls(element.elements("IconViewTracking"))
        if let clicks = element.element("IconClicks") {
            icon.clickThrough = nonEmpty(clicks.element("IconClickThrough")?.trimmedText)
            icon.clickTracking = entries(clicks.elements("IconClickTracking"))
            icon.clickFallbackImages = clicks.elements(path: ["IconClickFallbackImages", "IconClickFallbackImage"])
                .flatMap { resources($0) }
        }
        return icon
    }

    static func verification(_ element: VASTXMLElement, origin: VASTVerification.Origin) -> VASTVerification {
        var verification = VASTVerification(origin: origin)
        verification.vendor = element.attribute("vendor")
        verification.javaScriptResources = element.elements("JavaScriptResource").compactMap(script)
        verification.executableResources = element.elements("ExecutableResource").compactMap(script)
        verification.parameters = element.element("VerificationParameters")?.text.trimmingCharacters(in: .whitespacesAndNewlines)
        verification.trackingEvents = tracking(element)
        return verification
    }

    // MARK: - Pieces

    static func script(_ element: VASTXMLElement) -> VASTVerification.Script? {
        nonEmpty(element.trimmedText).map {
            VASTVerification.Script(
                url: $0, apiFramework: element.attribute("apiFramework"),
                browserOptional: bool(element.attribute("browserOptional")), type: element.attribute("type")
            )
        }
    }

    static func resources(_ element: VASTXMLElement) -> [VASTResource] {
        element.children.compactMap { child in
            switch child.localName.lowercased() {
            case "staticresource":
                return nonEmpty(child.trimmedText).map { VASTResource(kind: .staticResource, type: child.attribute("creativeType"), value: $0) }
            case "iframeresource":
                return nonEmpty(child.trimmedText).map { VASTResource(kind: .iframe, value: $0) }
            case "htmlresource":
                return nonEmpty(child.trimmedText).map { _ in VASTResource(kind: .html, value: child.text) }
            default:
                return nil
            }
        }
    }

    static func tracking(_ element: VASTXMLElement) -> [VASTTrackingEvent] {
        element.elements(path: ["TrackingEvents", "Tracking"]).compactMap { node in
            guard let url = nonEmpty(node.trimmedText) else { return nil }
            return VASTTrackingEvent(event: node.attribute("event")?.trimmingCharacters(in: .whitespaces) ?? "", url: url, offsetText: node.attribute("offset"))
        }
    }

    static func urls(_ elements: [VASTXMLElement]) -> [String] {
        elements.compactMap { nonEmpty($0.trimmedText) }
    }

    static func entries(_ elements: [VASTXMLElement]) -> [VASTURLEntry] {
        elements.compactMap { node in nonEmpty(node.trimmedText).map { VASTURLEntry(url: $0, id: node.attribute("id")) } }
    }

    static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    /// An integer attribute; accepts `500` and `500.0`; `nil` otherwise.
    static func int(_ text: String?) -> Int? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespaces), !trimmed.isEmpty else { return nil }
        if let value = Int(trimmed) { return value }
        if let value = Double(trimmed), value.isFinite, abs(value) < 1e15 { return Int(value) }
        return nil
    }

    /// A boolean attribute: `true`/`1` and `false`/`0`, ignoring case; `nil` otherwise.
    static func bool(_ text: String?) -> Bool? {
        switch text?.trimmingCharacters(in: .whitespaces).lowercased() {
        case "true", "1": return true
        case "false", "0": return false
        default: return nil
        }
    }
}
