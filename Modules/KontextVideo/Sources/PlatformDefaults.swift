import Foundation

#if !canImport(UIKit)
/// Without UIKit there is no key window: `show(from: nil)` needs a presenter from the app
/// (or from `KontextVideoTesting`).
@MainActor
func platformDefaultPresenter() -> (any VideoAdPresenter)? {
    nil
}
#endif
