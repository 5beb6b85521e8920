import Foundation

/// Which of the viewer's inputs on an ad is a click, on each kind of platform, given whether the
/// platform can open what a click leads to. Portable and table-tested; the UIKit glue applies it
/// (a tap recognizer on the creative only where a tap can be a click, never one that takes the
/// remote's Select), and the facade records no click where nothing can open.
///
/// | input | touch (iOS, visionOS) | remote (tvOS) |
/// |---|---|---|
/// | a tap on the video, image or end card | a click, if the platform opens click targets | — (no touch screen) |
/// | Select with nothing of the ad's focused, or the video | nothing | nothing |
/// | Select on a focused Skip, Resume or ✕ | that control's action | that control's action |
/// | a tap on the remote's touch surface | — | nothing |
///
/// On tvOS a tap recognizer fires on Select by default ("By default, a tap gesture recognizer is
/// triggered when the Select button is pressed", App Programming Guide for tvOS, *Detecting
/// Gestures and Button Presses*; doc: /documentation/UIKit/UIGestureRecognizer/allowedPressTypes:
/// "The default press type is select"), so a recognizer over the video would turn every Select
/// into a click and could take the press from the focused control, whose button "sends its action
/// message when it has focus and the user presses the select button" (same guide).
package struct ClickInputRule: Sendable, Hashable {
    /// How the viewer reaches the ad.
    package enum Device: Sendable, Hashable, CaseIterable {
        /// A touch screen, a pointer or a look-and-pinch (iOS, iPadOS, visionOS): a tap lands where
        /// the viewer points.
        case touch
        /// A remote or game controller moving focus (tvOS): nothing is tapped, Select presses the
        /// focused control.
        case remote
    }

    /// One input of the viewer on an ad on screen.
    package enum Input: Sendable, Hashable, CaseIterable {
        /// A tap on the creative: the video, the image, the end card.
        case tapOnCreative
        /// Select (a remote's, a keyboard's, a game controller's) with no control of the ad focused.
        case selectPress
        /// Select with Skip, Resume or ✕ focused.
        case selectPressOnControl
        /// A tap on the remote's touch surface, without a click.
        case touchSurfaceTap
    }

    /// What an input means.
    package enum Meaning: Sendable, Hashable {
        /// A click: the click event, the VAST ClickTracking, `didClick`, and the click-through.
        case click
        /// The focused control's own action (Skip, Resume, ✕), through the control itself.
        case controlAction
        /// Nothing the ad answers.
        case nothing
    }

    /// How the viewer reaches the ad here.
    package let device: Device
    /// Whether anything an ad's click leads to (a web page, the App Store) can open here.
    package let opensClickTargets: Bool

    /// The rule for `device`, where click targets open or not.
    package init(device: Device, opensClickTargets: Bool) {
        self.device = device
        self.opensClickTargets = opensClickTargets
    }

    /// What `input` means here.
    package func meaning(of input: Input) -> Meaning {
        switch (input, device) {
        case (.tapOnCreative, .touch): opensClickTargets ? .click : .nothing
        case (.selectPressOnControl, _): .controlAction
        case (.tapOnCreative, .remote), (.selectPress, _), (.touchSurfaceTap, _): .nothing
        }
    }

    /// Whether a click the creative reports (its tap, or its page's link) is recorded here: only
    /// where a tap on the creative is a click. The creative's view installs a tap recognizer only
    /// then, taking touches only (`allowedPressTypes` empty), since no press is a click.
    package var recordsCreativeClicks: Bool {
        meaning(of: .tapOnCreative) == .click
    }

    /// The rule of the platform the SDK was built for: tvOS has no web browser and no App Store
    /// product sheet (`SKStoreProductViewController` lists no tvOS), so nothing a click leads to
    /// opens there; elsewhere a touch opens it.
    package static var current: ClickInputRule {
        #if os(tvOS)
        ClickInputRule(device: .remote, opensClickTargets: false)
        #else
        ClickInputRule(device: .touch, opensClickTargets: true)
        #endif
    }
}
