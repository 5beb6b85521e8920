import Foundation

/// `<Icon>`: an industry icon such as AdChoices, drawn over the linear ad.
package struct VASTIcon: Sendable, Equatable, Encodable {
    /// `program` (`AdChoices`).
    package var program: String?
    /// `width`.
    package var width: Int?
    /// `height`.
    package var height: Int?
    /// `xPosition` (`left`, `right` or pixels).
    package var xPosition: String?
    /// `yPosition` (`top`, `bottom` or pixels).
    package var yPosition: String?
    /// `duration` as written.
    package var duration: String?
    /// `offset` as written.
    package var offset: String?
    /// `apiFramework`.
    package var apiFramework: String?
    /// `pxratio`.
    package var pxratio: String?
    /// `altText` (VAST 4.2).
    package var altText: String?
    /// `hoverText` (VAST 4.2).
    package var hoverText: String?
    /// Resources in document order.
    package var resources: [VASTResource] = []
    /// `<IconClickThrough>`.
    package var clickThrough: String?
    /// `<IconClickTracking>` URLs.
    package var clickTracking: [VASTURLEntry] = []
    /// `<IconViewTracking>` URLs.
    package var viewTracking: [String] = []
    /// `<IconClickFallbackImage>` static resources.
    package var clickFallbackImages: [VASTResource] = []

    /// Creates an empty icon.
    package init() {}
}
