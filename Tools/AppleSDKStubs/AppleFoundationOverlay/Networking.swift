// Apple's Foundation contains URLSession and XMLParser; on Linux they live in the separate
// FoundationNetworking and FoundationXML modules. Re-exporting them here, with this overlay
// imported implicitly into every compiled file, gives Linux's `import Foundation` the
// Apple shape, so the script can also turn `canImport(FoundationNetworking)` off.
@_exported import FoundationNetworking
@_exported import FoundationXML
