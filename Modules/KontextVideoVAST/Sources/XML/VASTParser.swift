import Foundation

/// Parses VAST 2.0–4.3 documents into the faithful `VASTDocument` model.
///
/// Errors: 100 when the bytes are not well-formed UTF-8 XML, too large (`maxDocumentBytes`), too
/// deep or too many elements, or carry a DTD or a processing instruction (`VASTXMLReader` has the
/// rules); 101 when the root is not `<VAST>` (VMAP, fragments); 102 for the VAST 1.0
/// `<VideoAdServingTemplate>` root or a `version` outside 2–4.
package struct VASTParser: Sendable {
    /// The largest document accepted: 2 MiB.
    package static let maxDocumentBytes = 2 * 1024 * 1024

    /// Parses `data` with the default limits.
    package static func parse(_ data: Data) -> Result<VASTDocument, VASTError> {
        VASTXMLReader().read(data).flatMap(VASTModelReader.document(from:))
    }

    /// Parses `data` into an XML tree only (the well-formedness and size rules of `parse`).
    package static func parseXML(_ data: Data, maxBytes: Int = maxDocumentBytes) -> Result<VASTXMLElement, VASTError> {
        VASTXMLReader(limits: .init(maxBytes: maxBytes)).read(data).map { $0.element(VASTXMLTree.root) }
    }
}
