// doc: /documentation/UIKit/UIViewController
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UIViewController: UIResponder {
    // doc: /documentation/UIKit/UIViewController/init(nibName:bundle:)
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { fatalError() }
    // doc-missing: init(coder:) (no page in the corpus; /documentation/UIKit/UIViewController/init(coder:) not found after two searches)
    public required init?(coder: NSCoder) { fatalError() }
    public convenience override init() { fatalError() }

    // doc: /documentation/UIKit/UIViewController/view
    open var view: UIView! { get { fatalError() } set {} }
    // doc: /documentation/UIKit/UIViewController/viewIfLoaded
    @available(iOS 9.0, tvOS 9.0, *)
    open var viewIfLoaded: UIView? { fatalError() }
    // doc: /documentation/UIKit/UIViewController/loadView()
    open func loadView() {}
    // doc: /documentation/UIKit/UIViewController/viewDidLoad()
    open func viewDidLoad() {}
    // doc: /documentation/UIKit/UIViewController/viewDidAppear(_:)
    open func viewDidAppear(_ animated: Bool) {}
    // doc: /documentation/UIKit/UIViewController/viewDidDisappear(_:)
    open func viewDidDisappear(_ animated: Bool) {}

    // doc: /documentation/UIKit/UIFocusEnvironment/preferredFocusEnvironments (UIViewController adopts UIFocusEnvironment)
    @available(iOS 9.0, tvOS 9.0, *)
    open var preferredFocusEnvironments: [any UIFocusEnvironment] { fatalError() }
    // doc: /documentation/UIKit/UIFocusEnvironment/setNeedsFocusUpdate()
    @available(iOS 9.0, tvOS 9.0, *)
    open func setNeedsFocusUpdate() {}
    // doc: /documentation/UIKit/UIFocusEnvironment/updateFocusIfNeeded()
    @available(iOS 9.0, tvOS 9.0, *)
    open func updateFocusIfNeeded() {}

    // doc: /documentation/UIKit/UIViewController/present(_:animated:completion:)
    @available(iOS 5.0, tvOS 9.0, *)
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {}
    // doc: /documentation/UIKit/UIViewController/dismiss(animated:completion:)
    @available(iOS 5.0, tvOS 9.0, *)
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {}
    // doc: /documentation/UIKit/UIViewController/presentedViewController
    @available(iOS 5.0, tvOS 9.0, *)
    open var presentedViewController: UIViewController? { fatalError() }
    // doc: /documentation/UIKit/UIViewController/presentingViewController
    @available(iOS 5.0, tvOS 9.0, *)
    open var presentingViewController: UIViewController? { fatalError() }
    // doc-missing: isBeingPresented (no page in the corpus; /documentation/UIKit/UIViewController/isBeingPresented not found after two searches)
    @available(iOS 5.0, tvOS 9.0, *)
    open var isBeingPresented: Bool { fatalError() }
    // doc: /documentation/UIKit/UIViewController/isBeingDismissed
    @available(iOS 5.0, tvOS 9.0, *)
    open var isBeingDismissed: Bool { fatalError() }
    // doc-missing: isMovingFromParent (no page in the corpus after two searches; its twin
    // /documentation/UIKit/UIViewController/isMovingToParent is `var isMovingToParent: Bool { get }`,
    // iOS 5.0, tvOS, visionOS 1.0; Objective-C `isMovingFromParentViewController`, iOS 5.0)
    @available(iOS 5.0, tvOS 9.0, *)
    open var isMovingFromParent: Bool { fatalError() }
    // doc: /documentation/UIKit/UIViewController/transitionCoordinator
    @available(iOS 7.0, tvOS 9.0, *)
    open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? { fatalError() }
    // doc: /documentation/UIKit/UIViewController/modalPresentationStyle
    @available(iOS 3.2, tvOS 9.0, *)
    open var modalPresentationStyle: UIModalPresentationStyle { get { fatalError() } set {} }
    // doc: /documentation/UIKit/UIViewController/modalTransitionStyle
    @available(iOS 3.0, tvOS 9.0, *)
    open var modalTransitionStyle: UIModalTransitionStyle { get { fatalError() } set {} }

    // doc: /documentation/UIKit/UIViewController/prefersStatusBarHidden
    @available(iOS 7.0, *)
    @available(tvOS, unavailable)
    open var prefersStatusBarHidden: Bool { fatalError() }
    // doc: /documentation/UIKit/UIViewController/prefersHomeIndicatorAutoHidden
    @available(iOS 11.0, *)
    @available(tvOS, unavailable)
    open var prefersHomeIndicatorAutoHidden: Bool { fatalError() }

    // doc: /documentation/UIKit/UIViewController/children
    @available(iOS 5.0, tvOS 9.0, *)
    open var children: [UIViewController] { fatalError() }
}

// doc: /documentation/UIKit/UIModalPresentationStyle
@available(iOS 2.0, tvOS 9.0, *)
public enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0
    case custom = 4
    case none = -1
}

// doc: /documentation/UIKit/UIModalTransitionStyle
@available(iOS 3.0, tvOS 9.0, *)
public enum UIModalTransitionStyle: Int, Sendable {
    case crossDissolve = 2
}

// doc: /documentation/UIKit/UIViewControllerTransitionCoordinatorContext
@available(iOS 7.0, tvOS 9.0, *)
@MainActor public protocol UIViewControllerTransitionCoordinatorContext: NSObjectProtocol {
    // doc: /documentation/UIKit/UIViewControllerTransitionCoordinatorContext/isAnimated
    var isAnimated: Bool { get }
    // doc: /documentation/UIKit/UIViewControllerTransitionCoordinatorContext/isCancelled
    var isCancelled: Bool { get }
}
// doc: /documentation/UIKit/UIViewControllerTransitionCoordinator
@available(iOS 7.0, tvOS 9.0, *)
@MainActor public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    // doc: /documentation/UIKit/UIViewControllerTransitionCoordinator/animate(alongsideTransition:completion:)
    // (the page's `completion: … = nil` default cannot be written on a protocol requirement; the
    // extension below provides the one-argument call the default allows)
    @discardableResult func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?, completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
}
extension UIViewControllerTransitionCoordinator {
    // doc: /documentation/UIKit/UIViewControllerTransitionCoordinator/animate(alongsideTransition:completion:) (its `completion` default)
    @discardableResult public func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool { fatalError() }
}
