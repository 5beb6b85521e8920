import Foundation

/// Pure policy: turns an in-line ad and the wrappers walked to reach it into a
/// `ResolvedLinearAd`, or the VAST error that rejects it.
///
/// Errors: 303 when the in-line ad has no creative at all (vast-client-js `empty-no-creative`);
/// 201 when it has creatives but no `<Linear>` (a non-linear or companion-only ad in a linear
/// slot); 403 when no media file suits the device.
package enum VASTChainMerger {
    /// Merges `inLine` with `wrappers` (outermost first) and picks its media file.
    package static func merge(
        inLine: VASTAd,
        wrappers: [VASTAd],
        hops: [VASTWrapperHop],
        selector: MediaFileSelector
    ) -> Result<ResolvedLinearAd, VASTError> {
        guard !inLine.creatives.isEmpty else {
            return .failure(VASTError(.noAdsAfterWrapper, "in-line ad\(inLine.id.map { " \($0)" } ?? "") has no creative"))
        }
        guard let creative = inLine.linearCreative, let linear = creative.linear else {
            return .failure(VASTError(.unexpectedLinearity, "in-line ad\(inLine.id.map { " \($0)" } ?? "") has no linear creative"))
        }
        let chosen: VASTMediaFile
        switch selector.select(from: linear.mediaFiles) {
        case .success(let file): chosen = file
        case .failure(let error): return .failure(error)
        }
        // In-line first, then the innermost wrapper, out to the outermost.
        let layers = [inLine] + wrappers.reversed()
        let linears: [[VASTLinear]] = [[linear]] + wrappers.reversed().map { wrapper in
            wrapper.creatives.compactMap(\.linear)
        }

        var tracking: [String: [String]] = [:]
        var progress: [VASTTrackingEvent] = []
        var clickTracking: [String] = []
        var customClicks: [String] = []
        var icons: [VASTIcon] = []
        for layer in linears {
            for item in layer {
                for event in item.trackingEvents {
                    if event.event.caseInsensitiveCompare("progress") == .orderedSame {
                        progress.append(event)
                    } else {
                        tracking[canonicalEventName(event.event), default: []].append(event.url)
                    }
                }
                clickTracking += item.videoClicks.clickTracking.map(\.url)
                customClicks += item.videoClicks.customClicks.map(\.url)
                icons += item.icons
            }
        }
        var viewable = VASTViewableImpression(id: inLine.viewableImpression?.id)
        for layer in layers {
            viewable.viewable += layer.viewableImpression?.viewable ?? []
            viewable.notViewable += layer.viewableImpression?.notViewable ?? []
            viewable.viewUndetermined += layer.viewableImpression?.viewUndetermined ?? []
        }
        let companionSets = layers.map { layer in layer.creatives.compactMap(\.companionAds) }
        // Innermost wrapper first: the closest layer to the in-line ad speaks for it.
        let wrapperClickThrough = wrappers.reversed().lazy
            .flatMap(\.creatives).compactMap { $0.linear?.videoClicks.clickThrough }.first
        let companions = companionSets.flatMap { $0.flatMap(\.companions) }
        let duration = linear.duration ?? 0
        let resolved = ResolvedLinearAd(
            id: inLine.id,
            sequence: inLine.sequence,
            adSystem: inLine.adSystem,
            adTitle: inLine.adTitle,
            adServingId: inLine.adServingId,
            creativeId: creative.id,
            creativeAdId: creative.adId,
            universalAdIds: creative.universalAdIds,
            duration: duration,
            skipOffsetSpec: linear.skipOffset,
            skipOffset: linear.skipOffset?.seconds(duration: duration),
            mediaFile: chosen,
            mediaFiles: linear.mediaFiles,
            mezzanines: linear.mezzanines,
            interactiveCreativeFiles: linear.interactiveCreativeFiles,
            adParameters: linear.adParameters,
            tracking: tracking,
            progressEvents: progress,
            impressionURLs: layers.flatMap { $0.impressions.map(\.url) },
            viewableImpression: viewable,
            errorURLs: layers.flatMap(\.errorURLs),
            clickThrough: linear.videoClicks.clickThrough ?? wrapperClickThrough,
            clickTrackingURLs: clickTracking,
            customClickURLs: customClicks,
            endCard: companions.first(where: \.isEndCard),
            companions: companions,
            companionsRequired: companionSets.first?.first?.required,
            icons: icons,
            verifications: VASTVerification.distinct(layers.flatMap(\.verifications)),
            wrapperChain: hops,
            pricing: layers.lazy.compactMap(\.pricing).first,
            expires: inLine.expires,
            extensions: inLine.extensions,
            closedCaptionFiles: linear.closedCaptionFiles
        )
        return .success(resolved)
    }

    /// VAST event names as the spec spells them; known names are matched ignoring case
    /// (`firstquartile` → `firstQuartile`), unknown ones are kept as written.
    package static func canonicalEventName(_ name: String) -> String {
        let known = [
            "creativeView", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "mute", "unmute",
            "pause", "resume", "rewind", "skip", "playerExpand", "playerCollapse", "fullscreen", "exitFullscreen",
            "expand", "collapse", "acceptInvitation", "acceptInvitationLinear", "closeLinear", "close", "progress",
            "notUsed", "otherAdInteraction", "loaded", "interactiveStart", "adExpand", "adCollapse", "minimize",
            "overlayViewDuration", "timeSpentViewing", "verificationNotExecuted",
        ]
        return known.first { $0.caseInsensitiveCompare(name) == .orderedSame } ?? name
    }
}
