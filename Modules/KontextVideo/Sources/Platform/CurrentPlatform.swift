import Foundation

/// The platform the SDK was built for, chosen here and nowhere else: UIKit on iOS, tvOS and
/// visionOS, headless everywhere else (macOS has no UIKit; Linux has no screen).
@MainActor
func makeCurrentPlatform() -> any PlatformServices {
    #if canImport(UIKit)
    UIKitPlatform()
    #else
    HeadlessPlatform()
    #endif
}
