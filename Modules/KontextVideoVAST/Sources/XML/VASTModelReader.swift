import Foundation
import KontextVideoModels

/// Reads the VAST model out of a parsed XML tree. Faithful: URLs are trimmed and empty ones
/// dropped, macros stay verbatim, unknown elements are ignored here but extensions are kept raw.
/// Element and attribute names match on local names, ignoring case (interned by the reader, so each
/// lookup compares one byte); each value becomes a `String` once, when it is read.
struct VASTModelReader {
    typealias Node = VASTXMLTree.NodeIndex

    let tree: VASTXMLTree

    /// The model of `tree`, or the VAST error for the wrong root.
    static func document(from tree: VASTXMLTree) -> Result<VASTDocument, VASTError> {
        VASTModelReader(tree: tree).document()
    }

    private func document() -> Result<VASTDocument, VASTError> {
        let root = VASTXMLTree.root
        switch tree.name(root) {
        case .videoAdServingTemplate:
            return .failure(VASTError(.versionNotSupported, "VAST 1.0 <VideoAdServingTemplate> is not supported"))
        case .vmap:
            return .failure(VASTError(.schemaValidation, "a VMAP document (<\(tree.qualifiedName(root))>), not VAST"))
        case .vast where tree.localName(root) == "VAST":
            break
        default:
            return .failure(VASTError(.schemaValidation, "root element is <\(tree.qualifiedName(root))>, not <VAST>"))
        }
        let version = attribute(root, .version)?.trimmedForVAST(newlines: false)
        if let version, !version.isEmpty {
            let major = version.split(separator: ".").first.flatMap { Int($0) }
            guard let major, (2...4).contains(major) else {
                return .failure(VASTError(.versionNotSupported, "VAST version \(version) is not supported (2.0 to 4.3 are)"))
            }
        }
        let ads = tree.children(root, .ad).compactMap(ad)
        return .success(VASTDocument(version: version, ads: ads, errorURLs: urls(tree.children(root, .error))))
    }

    // MARK: - Ad

    private func ad(_ element: Node) -> VASTAd? {
        let body: Node
        var ad: VASTAd
        if let inLine = tree.child(element, .inLine) {
            body = inLine
            ad = VASTAd(kind: .inLine)
        } else if let wrapper = tree.child(element, .wrapper) {
            body = wrapper
            ad = VASTAd(kind: .wrapper)
            if let tag = tree.child(wrapper, .vastAdTagURI) ?? tree.child(wrapper, .vastAdTagURL) {
                let own = tree.trimmedText(tag)
                let text = own.isEmpty ? (tree.child(tag, .url).map(tree.trimmedText) ?? "") : own
                ad.adTagURI = text.isEmpty ? nil : text
            }
            ad.followAdditionalWrappers = bool(attribute(wrapper, .followAdditionalWrappers))
            ad.allowMultipleAds = bool(attribute(wrapper, .allowMultipleAds))
            ad.fallbackOnNoAd = bool(attribute(wrapper, .fallbackOnNoAd))
        } else {
            return nil
        }
        ad.id = attribute(element, .id)
        ad.sequence = int(attribute(element, .sequence), .sequence)
        ad.conditionalAd = bool(attribute(element, .conditionalAd))
        ad.adType = attribute(element, .adType)
        if let system = tree.child(body, .adSystem) {
            ad.adSystem = tree.trimmedText(system)
            ad.adSystemVersion = attribute(system, .version)
        }
        ad.adTitle = trimmedText(body, .adTitle)
        ad.adDescription = trimmedText(body, .description)
        ad.advertiser = trimmedText(body, .advertiser)
        ad.adServingId = trimmedText(body, .adServingId)
        ad.expires = int(trimmedText(body, .expires), .lifetimeSeconds)
        ad.surveys = urls(tree.children(body, .survey))
        ad.impressions = entries(tree.children(body, .impression))
        ad.errorURLs = urls(tree.children(body, .error))
        if let viewable = tree.child(body, .viewableImpression) {
            var value = VASTViewableImpression(id: attribute(viewable, .id))
            value.viewable = urls(tree.children(viewable, .viewable))
            value.notViewable = urls(tree.children(viewable, .notViewable))
            value.viewUndetermined = urls(tree.children(viewable, .viewUndetermined))
            ad.viewableImpression = value
        }
        if let pricing = tree.child(body, .pricing) {
            ad.pricing = VASTPricing(model: attribute(pricing, .model), currency: attribute(pricing, .currency), value: tree.trimmedText(pricing))
        }
        ad.categories = tree.children(body, .category).map { VASTCategory(authority: attribute($0, .authority), value: tree.trimmedText($0)) }
        ad.blockedAdCategories = tree.children(body, .blockedAdCategories).map {
            VASTCategory(authority: attribute($0, .authority), value: tree.trimmedText($0))
        }
        ad.creatives = tree.children(body, .creatives, .creative).map(creative)
        let extensions = tree.children(body, .extensions, .extension)
        ad.extensions = extensions.map { VASTExtension(element: tree.element($0)) }
        ad.verifications = tree.children(body, .adVerifications, .verification).map { verification($0, origin: .adVerifications) }
        // Any extension's <AdVerifications> (vast-client-js reads them under type="iab" too), and
        // bare <Verification>s of an <Extension type="AdVerifications">.
        for (node, value) in zip(extensions, ad.extensions) {
            var nodes = tree.children(node, .adVerifications, .verification)
            if value.type?.caseInsensitiveCompare("AdVerifications") == .orderedSame {
                nodes += tree.children(node, .verification)
            }
            ad.verifications += nodes.map { verification($0, origin: .extensionNode) }
        }
        return ad
    }

    // MARK: - Creatives

    private func creative(_ element: Node) -> VASTCreative {
        var creative = VASTCreative()
        creative.id = attribute(element, .id)
        creative.adId = attribute(element, .adId)
        creative.sequence = int(attribute(element, .sequence), .sequence)
        creative.apiFramework = attribute(element, .apiFramework)
        creative.universalAdIds = tree.children(element, .universalAdId).map {
            VASTUniversalAdId(idRegistry: attribute($0, .idRegistry), value: attribute($0, .idValue).flatMap { $0.isEmpty ? nil : $0 } ?? tree.trimmedText($0))
        }
        creative.creativeExtensions = tree.children(element, .creativeExtensions, .creativeExtension).map { VASTExtension(element: tree.element($0)) }
        if let linear = tree.child(element, .linear) {
            creative.linear = self.linear(linear)
        }
        if let nonLinearAds = tree.child(element, .nonLinearAds) {
            var value = VASTNonLinearAds()
            value.nonLinears = tree.children(nonLinearAds, .nonLinear).map(nonLinear)
            value.trackingEvents = tracking(nonLinearAds)
            creative.nonLinearAds = value
        }
        if let companionAds = tree.child(element, .companionAds) {
            var value = VASTCompanionAds(required: attribute(companionAds, .required))
            value.companions = tree.children(companionAds, .companion).map(companion)
            creative.companionAds = value
        }
        return creative
    }

    private func linear(_ element: Node) -> VASTLinear {
        var linear = VASTLinear()
        linear.durationText = tree.child(element, .duration).map(tree.text)
        linear.duration = VASTTime.seconds(linear.durationText)
        linear.skipOffsetText = attribute(element, .skipoffset)
        linear.skipOffset = VASTOffset(linear.skipOffsetText)
        linear.adParameters = tree.child(element, .adParameters).map(tree.text)
        linear.trackingEvents = tracking(element)
        if let clicks = tree.child(element, .videoClicks) {
            linear.videoClicks.clickThrough = nonEmpty(trimmedText(clicks, .clickThrough))
            linear.videoClicks.clickTracking = entries(tree.children(clicks, .clickTracking))
            linear.videoClicks.customClicks = entries(tree.children(clicks, .customClick))
        }
        if let mediaFiles = tree.child(element, .mediaFiles) {
            linear.mediaFiles = tree.children(mediaFiles, .mediaFile).compactMap(mediaFile)
            linear.mezzanines = tree.children(mediaFiles, .mezzanine).compactMap { node in
                nonEmpty(tree.trimmedText(node)).map { url in
                    let attributes = tree.element(node).attributes
                    return VASTMezzanine(url: url, attributes: Dictionary(attributes.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }))
                }
            }
            linear.interactiveCreativeFiles = tree.children(mediaFiles, .interactiveCreativeFile).compactMap { node in
                nonEmpty(tree.trimmedText(node)).map {
                    VASTInteractiveCreativeFile(
                        url: $0, type: attribute(node, .type), apiFramework: attribute(node, .apiFramework),
                        variableDuration: bool(attribute(node, .variableDuration))
                    )
                }
            }
            linear.closedCaptionFiles = tree.children(mediaFiles, .closedCaptionFiles, .closedCaptionFile).compactMap { node in
                nonEmpty(tree.trimmedText(node)).map { VASTResource(kind: .file, type: attribute(node, .type), value: $0, language: attribute(node, .language)) }
            }
        }
        linear.icons = tree.children(element, .icons, .icon).map(icon)
        return linear
    }

    private func mediaFile(_ element: Node) -> VASTMediaFile? {
        guard let url = nonEmpty(tree.trimmedText(element)) else { return nil }
        var file = VASTMediaFile(url: url)
        file.id = attribute(element, .id)
        file.delivery = attribute(element, .delivery)?.trimmedForVAST(newlines: false)
        file.type = attribute(element, .type)?.trimmedForVAST(newlines: false)
        file.width = int(attribute(element, .width), .pixels)
        file.height = int(attribute(element, .height), .pixels)
        file.codec = attribute(element, .codec)
        file.bitrate = int(attribute(element, .bitrate), .kilobitsPerSecond)
        file.minBitrate = int(attribute(element, .minBitrate), .kilobitsPerSecond)
        file.maxBitrate = int(attribute(element, .maxBitrate), .kilobitsPerSecond)
        file.scalable = bool(attribute(element, .scalable))
        file.maintainAspectRatio = bool(attribute(element, .maintainAspectRatio))
        file.apiFramework = attribute(element, .apiFramework)
        file.fileSize = int(attribute(element, .fileSize), .bytes)
        file.mediaType = attribute(element, .mediaType)
        return file
    }

    private func companion(_ element: Node) -> VASTCompanion {
        var companion = VASTCompanion()
        companion.id = attribute(element, .id)
        companion.width = int(attribute(element, .width), .pixels)
        companion.height = int(attribute(element, .height), .pixels)
        companion.assetWidth = int(attribute(element, .assetWidth), .pixels)
        companion.assetHeight = int(attribute(element, .assetHeight), .pixels)
        companion.expandedWidth = int(attribute(element, .expandedWidth), .pixels)
        companion.expandedHeight = int(attribute(element, .expandedHeight), .pixels)
        companion.adSlotId = attribute(element, .adSlotID)
        companion.apiFramework = attribute(element, .apiFramework)
        companion.pxratio = attribute(element, .pxratio)
        companion.renderingMode = attribute(element, .renderingMode)
        companion.resources = resources(element)
        companion.altText = trimmedText(element, .altText)
        companion.clickThrough = nonEmpty(trimmedText(element, .companionClickThrough))
        companion.clickTracking = entries(tree.children(element, .companionClickTracking))
        companion.trackingEvents = tracking(element)
        companion.adParameters = tree.child(element, .adParameters).map(tree.text)
        return companion
    }

    private func nonLinear(_ element: Node) -> VASTNonLinear {
        var nonLinear = VASTNonLinear()
        nonLinear.id = attribute(element, .id)
        nonLinear.width = int(attribute(element, .width), .pixels)
        nonLinear.height = int(attribute(element, .height), .pixels)
        nonLinear.expandedWidth = int(attribute(element, .expandedWidth), .pixels)
        nonLinear.expandedHeight = int(attribute(element, .expandedHeight), .pixels)
        nonLinear.scalable = bool(attribute(element, .scalable))
        nonLinear.maintainAspectRatio = bool(attribute(element, .maintainAspectRatio))
        nonLinear.minSuggestedDuration = attribute(element, .minSuggestedDuration)
        nonLinear.apiFramework = attribute(element, .apiFramework)
        nonLinear.resources = resources(element)
        nonLinear.clickThrough = nonEmpty(trimmedText(element, .nonLinearClickThrough))
        nonLinear.clickTracking = entries(tree.children(element, .nonLinearClickTracking))
        nonLinear.adParameters = tree.child(element, .adParameters).map(tree.text)
        return nonLinear
    }

    private func icon(_ element: Node) -> VASTIcon {
        var icon = VASTIcon()
        icon.program = attribute(element, .program)
        icon.width = int(attribute(element, .width), .pixels)
        icon.height = int(attribute(element, .height), .pixels)
        icon.xPosition = attribute(element, .xPosition)
        icon.yPosition = attribute(element, .yPosition)
        icon.duration = attribute(element, .duration)
        icon.offset = attribute(element, .offset)
        icon.apiFramework = attribute(element, .apiFramework)
        icon.pxratio = attribute(element, .pxratio)
        icon.altText = attribute(element, .altText)
        icon.hoverText = attribute(element, .hoverText)
        icon.resources = resources(element)
        icon.viewTracking = urls(tree.children(element, .iconViewTracking))
        if let clicks = tree.child(element, .iconClicks) {
            icon.clickThrough = nonEmpty(trimmedText(clicks, .iconClickThrough))
            icon.clickTracking = entries(tree.children(clicks, .iconClickTracking))
            icon.clickFallbackImages = tree.children(clicks, .iconClickFallbackImages, .iconClickFallbackImage).flatMap { resources($0) }
        }
        return icon
    }

    private func verification(_ element: Node, origin: VASTVerification.Origin) -> VASTVerification {
        var verification = VASTVerification(origin: origin)
        verification.vendor = attribute(element, .vendor)
        verification.javaScriptResources = tree.children(element, .javaScriptResource).compactMap(script)
        verification.executableResources = tree.children(element, .executableResource).compactMap(script)
        verification.parameters = trimmedText(element, .verificationParameters)
        verification.trackingEvents = tracking(element)
        return verification
    }

    // MARK: - Pieces

    private func script(_ element: Node) -> VASTVerification.Script? {
        nonEmpty(tree.trimmedText(element)).map {
            VASTVerification.Script(
                url: $0, apiFramework: attribute(element, .apiFramework),
                browserOptional: bool(attribute(element, .browserOptional)), type: attribute(element, .type)
            )
        }
    }

    private func resources(_ element: Node) -> [VASTResource] {
        tree.children(element).compactMap { child in
            switch tree.name(child) {
            case .staticResource:
                return nonEmpty(tree.trimmedText(child)).map { VASTResource(kind: .staticResource, type: attribute(child, .creativeType), value: $0) }
            case .iFrameResource:
                return nonEmpty(tree.trimmedText(child)).map { VASTResource(kind: .iframe, value: $0) }
            case .htmlResource:
                return nonEmpty(tree.trimmedText(child)).map { _ in VASTResource(kind: .html, value: tree.text(child)) }
            default:
                return nil
            }
        }
    }

    private func tracking(_ element: Node) -> [VASTTrackingEvent] {
        tree.children(element, .trackingEvents, .tracking).compactMap { node in
            guard let url = nonEmpty(tree.trimmedText(node)) else { return nil }
            return VASTTrackingEvent(event: attribute(node, .event)?.trimmedForVAST(newlines: false) ?? "", url: url, offsetText: attribute(node, .offset))
        }
    }

    private func attribute(_ node: Node, _ name: VASTName) -> String? {
        tree.attribute(node, name)
    }

    /// The trimmed text of the first child of `node` named `name`.
    private func trimmedText(_ node: Node, _ name: VASTName) -> String? {
        tree.child(node, name).map(tree.trimmedText)
    }

    private func urls<Nodes: Sequence<Node>>(_ nodes: Nodes) -> [String] {
        nodes.compactMap { nonEmpty(tree.trimmedText($0)) }
    }

    private func entries<Nodes: Sequence<Node>>(_ nodes: Nodes) -> [VASTURLEntry] {
        nodes.compactMap { node in nonEmpty(tree.trimmedText(node)).map { VASTURLEntry(url: $0, id: attribute(node, .id)) } }
    }

    private func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    /// An integer of `kind` (`500`, `500.0`), inside the kind's range (`WireNumber`): anything
    /// else, a negative size or a 2³² width included, reads as absent.
    private func int(_ text: String?, _ kind: WireNumber.Kind) -> Int? {
        guard let trimmed = text?.trimmedForVAST(newlines: false), !trimmed.isEmpty else { return nil }
        return WireNumber.integer(trimmed, kind)
    }

    /// A boolean attribute: `true`/`1` and `false`/`0`, ignoring case; `nil` otherwise.
    private func bool(_ text: String?) -> Bool? {
        guard let trimmed = text?.trimmedForVAST(newlines: false) else { return nil }
        if trimmed == "1" { return true }
        if trimmed == "0" { return false }
        let utf8 = trimmed.utf8
        if utf8.count == 4, utf8.elementsEqual("true".utf8, by: { $0 | 0x20 == $1 }) { return true }
        if utf8.count == 5, utf8.elementsEqual("false".utf8, by: { $0 | 0x20 == $1 }) { return false }
        return nil
    }
}
