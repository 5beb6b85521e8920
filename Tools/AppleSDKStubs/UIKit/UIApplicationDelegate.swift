// The app and scene delegates, for the example app's entry point and window.

// doc: /documentation/UIKit/UIApplicationDelegate
@MainActor public protocol UIApplicationDelegate: NSObjectProtocol {
    // doc: /documentation/UIKit/UIApplicationDelegate/application(_:didFinishLaunchingWithOptions:)
    @available(iOS 3.0, *)
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
}
extension UIApplicationDelegate {
    // Default implementation stands for `optional`.
    @available(iOS 3.0, *)
    public func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
    // doc: /documentation/UIKit/UIApplicationDelegate/main()
    @available(iOS 2.0, *)
    @MainActor @preconcurrency public static func main() { fatalError() }
}

extension UIApplication {
    // doc: /documentation/UIKit/UIApplication/LaunchOptionsKey
    public struct LaunchOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }
}

// doc: /documentation/UIKit/UISceneDelegate
@available(iOS 13.0, tvOS 13.0, *)
@MainActor public protocol UISceneDelegate: NSObjectProtocol {
    // doc: /documentation/UIKit/UISceneDelegate/scene(_:willConnectTo:options:)
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
}
@available(iOS 13.0, tvOS 13.0, *)
extension UISceneDelegate {
    // Default implementation stands for `optional`.
    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}
}

// doc: /documentation/UIKit/UIWindowSceneDelegate
@available(iOS 13.0, tvOS 13.0, *)
@MainActor public protocol UIWindowSceneDelegate: UISceneDelegate {
    // doc: /documentation/UIKit/UIWindowSceneDelegate/window
    var window: UIWindow? { get set }
}
@available(iOS 13.0, tvOS 13.0, *)
extension UIWindowSceneDelegate {
    // Default implementation stands for `optional`.
    public var window: UIWindow? { get { nil } set {} }
}

// doc: /documentation/UIKit/UISceneSession
@available(iOS 13.0, tvOS 13.0, *)
@MainActor open class UISceneSession: NSObject {}

extension UIScene {
    // doc: /documentation/UIKit/UIScene/ConnectionOptions
    @available(iOS 13.0, tvOS 13.0, *)
    @MainActor open class ConnectionOptions: NSObject {}
}
