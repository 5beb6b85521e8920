import Foundation

/// One `<Extension>` (or `<CreativeExtension>`), kept raw.
package struct VASTExtension: Sendable, Equatable, Encodable {
    /// The `type` attribute.
    package var type: String?
    /// The whole element.
    package var element: VASTXMLElement

    /// Wraps an element.
    package init(element: VASTXMLElement) {
        self.type = element.attribute("type")
        self.element = element
    }
}
