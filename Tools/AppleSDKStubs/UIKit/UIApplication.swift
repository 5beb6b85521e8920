// doc: /documentation/UIKit/UIApplication
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UIApplication: UIResponder {
    // doc: /documentation/UIKit/UIApplication/shared (iOS 2.0, tvOS, visionOS 1.0). Unavailable in
    // app extensions: UIKit declares it NS_EXTENSION_UNAVAILABLE_IOS("Use view controller based
    // solutions where appropriate instead."), which Swift imports as the attributes below (tvOS
    // app extensions do not inherit iOS app extensions' attributes, visionOS ones do:
    // swift/lib/AST/PlatformKindUtils.cpp), and the App Extension Programming Guide: an app
    // extension cannot access a sharedApplication object.
    @available(visionOS 1.0, *)
    @available(iOSApplicationExtension, unavailable, message: "Use view controller based solutions where appropriate instead.")
    @available(tvOSApplicationExtension, unavailable, message: "Use view controller based solutions where appropriate instead.")
    open class var shared: UIApplication { fatalError() }
    // doc: /documentation/UIKit/UIApplication/applicationState
    @available(iOS 4.0, tvOS 9.0, *)
    open var applicationState: UIApplication.State { fatalError() }
    // doc: /documentation/UIKit/UIApplication/open(_:options:completionHandler:) (unavailable in app
    // extensions: NS_EXTENSION_UNAVAILABLE_IOS("") in UIKit's header, as `shared` above)
    @available(iOS 10.0, tvOS 10.0, *)
    @available(iOSApplicationExtension, unavailable)
    @available(tvOSApplicationExtension, unavailable)
    open func open(_ url: URL, options: [UIApplication.OpenExternalURLOptionsKey: Any] = [:], completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil) {}
    // doc: /documentation/UIKit/UIApplication/connectedScenes
    @available(iOS 13.0, tvOS 13.0, *)
    open var connectedScenes: Set<UIScene> { fatalError() }

    // doc: /documentation/UIKit/UIApplication/State (and /State/active)
    @available(iOS 4.0, tvOS 9.0, *)
    public enum State: Int, Sendable {
        case active = 0
        case background = 2
    }

    // doc: /documentation/UIKit/UIApplication/OpenExternalURLOptionsKey (the page gives no version for any platform)
    public struct OpenExternalURLOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    // doc: /documentation/UIKit/UIApplication/didEnterBackgroundNotification
    @available(iOS 4.0, tvOS 9.0, *)
    nonisolated public static let didEnterBackgroundNotification = NSNotification.Name("UIApplicationDidEnterBackgroundNotification")
    // doc: /documentation/UIKit/UIApplication/willEnterForegroundNotification
    @available(iOS 4.0, tvOS 9.0, *)
    nonisolated public static let willEnterForegroundNotification = NSNotification.Name("UIApplicationWillEnterForegroundNotification")
    // doc: /documentation/UIKit/UIApplication/didBecomeActiveNotification
    nonisolated public static let didBecomeActiveNotification = NSNotification.Name("UIApplicationDidBecomeActiveNotification")
}

// doc: /documentation/UIKit/UIScene
@available(iOS 13.0, tvOS 13.0, *)
@MainActor open class UIScene: UIResponder {
    // doc: /documentation/UIKit/UIScene/activationState-swift.property
    open var activationState: UIScene.ActivationState { fatalError() }
    // doc: /documentation/UIKit/UIScene/open(_:options:completionHandler:)
    open func open(_ url: URL, options: UIScene.OpenExternalURLOptions?, completionHandler completion: ((Bool) -> Void)? = nil) {}
    // doc: /documentation/UIKit/UIScene/OpenExternalURLOptions
    @MainActor open class OpenExternalURLOptions: NSObject {}

    // doc: /documentation/UIKit/UIScene/didEnterBackgroundNotification (iOS 13.0, tvOS 13.0,
    // visionOS 1.0; the page declares `nonisolated class let`; UIKit places the scene in `object`)
    nonisolated public static let didEnterBackgroundNotification = NSNotification.Name("UISceneDidEnterBackgroundNotification")
    // doc: /documentation/UIKit/UIScene/willEnterForegroundNotification (iOS 13.0, tvOS 13.0, visionOS 1.0)
    nonisolated public static let willEnterForegroundNotification = NSNotification.Name("UISceneWillEnterForegroundNotification")
    // doc: /documentation/UIKit/UIScene/didDisconnectNotification (iOS 13.0, tvOS 13.0, visionOS 1.0)
    nonisolated public static let didDisconnectNotification = NSNotification.Name("UISceneDidDisconnectNotification")

    // doc: /documentation/UIKit/UIScene/ActivationState-swift.enum
    public enum ActivationState: Int, Sendable {
        case unattached = -1
        case foregroundActive = 0
        case foregroundInactive = 1
        case background = 2
    }
}

// doc: /documentation/UIKit/UIWindowScene
@available(iOS 13.0, tvOS 13.0, *)
@MainActor open class UIWindowScene: UIScene {
    // doc: /documentation/UIKit/UIWindowScene/screen (the page lists iOS, iPadOS, Mac Catalyst and
    // tvOS: no visionOS)
    @available(visionOS, unavailable)
    open var screen: UIScreen { fatalError() }
    // doc: /documentation/UIKit/UIWindowScene/keyWindow
    @available(iOS 15.0, tvOS 15.0, *)
    open var keyWindow: UIWindow? { fatalError() }
}

// doc: /documentation/UIKit/UIWindow
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UIWindow: UIView {
    // doc: /documentation/UIKit/UIWindow/init(windowScene:)
    @available(iOS 13.0, tvOS 13.0, *)
    public init(windowScene: UIWindowScene) { fatalError() }
    public override init(frame: CGRect) { fatalError() }
    public required init?(coder: NSCoder) { fatalError() }
    // doc: /documentation/UIKit/UIWindow/windowScene
    @available(iOS 13.0, tvOS 13.0, *)
    weak open var windowScene: UIWindowScene? { get { fatalError() } set {} }
    // doc: /documentation/UIKit/UIWindow/rootViewController
    @available(iOS 4.0, tvOS 9.0, *)
    open var rootViewController: UIViewController? { get { fatalError() } set {} }
    // doc: /documentation/UIKit/UIWindow/makeKeyAndVisible()
    open func makeKeyAndVisible() {}
}

// doc: /documentation/UIKit/UIScreen (the page lists iOS, iPadOS, Mac Catalyst and tvOS, and says
// "In a compatible iPad or iPhone app running in visionOS, don't rely on screen-related
// properties": no visionOS)
@available(iOS 2.0, tvOS 9.0, *)
@available(visionOS, unavailable)
@MainActor open class UIScreen: NSObject {
    // doc: /documentation/UIKit/UIScreen/main
    @available(iOS, introduced: 2.0, deprecated: 26.0, message: "Use a UIScreen instance found through context instead (i.e, view.window.windowScene.screen)")
    @available(tvOS, introduced: 9.0, deprecated: 26.0, message: "Use a UIScreen instance found through context instead (i.e, view.window.windowScene.screen)")
    open class var main: UIScreen { fatalError() }
    // doc: /documentation/UIKit/UIScreen/bounds
    open var bounds: CGRect { fatalError() }
    // doc: /documentation/UIKit/UIScreen/scale
    @available(iOS 4.0, tvOS 9.0, *)
    open var scale: CGFloat { fatalError() }
}

// doc: /documentation/UIKit/UIDevice
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UIDevice: NSObject {
    // doc: /documentation/UIKit/UIDevice/current
    open class var current: UIDevice { fatalError() }
    // doc: /documentation/UIKit/UIDevice/systemName
    open var systemName: String { fatalError() }
    // doc: /documentation/UIKit/UIDevice/systemVersion
    open var systemVersion: String { fatalError() }
    // doc: /documentation/UIKit/UIDevice/model
    open var model: String { fatalError() }
    // doc: /documentation/UIKit/UIDevice/identifierForVendor
    @available(iOS 6.0, tvOS 9.0, visionOS 1.0, *)
    open var identifierForVendor: UUID? { fatalError() }
}

