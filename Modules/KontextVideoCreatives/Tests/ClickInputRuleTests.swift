import Testing
@testable import KontextVideoCreatives

/// Which input is a click on which platform, given what it can open: every input on every device,
/// with and without a way to open a click target.
@Suite("Click input rule: every input on every device")
struct ClickInputRuleTests {
    typealias Rule = ClickInputRule

    /// The whole table: device, whether click targets open, input → meaning.
    static let table: [(Rule.Device, Bool, Rule.Input, Rule.Meaning)] = [
        (.touch, true, .tapOnCreative, .click),
        (.touch, true, .selectPress, .nothing),
        (.touch, true, .selectPressOnControl, .controlAction),
        (.touch, true, .touchSurfaceTap, .nothing),
        (.touch, false, .tapOnCreative, .nothing),
        (.touch, false, .selectPress, .nothing),
        (.touch, false, .selectPressOnControl, .controlAction),
        (.touch, false, .touchSurfaceTap, .nothing),
        // tvOS: Select on the video is no click, Select on Skip, Resume or ✕ is that control's.
        (.remote, true, .tapOnCreative, .nothing),
        (.remote, true, .selectPress, .nothing),
        (.remote, true, .selectPressOnControl, .controlAction),
        (.remote, true, .touchSurfaceTap, .nothing),
        (.remote, false, .tapOnCreative, .nothing),
        (.remote, false, .selectPress, .nothing),
        (.remote, false, .selectPressOnControl, .controlAction),
        (.remote, false, .touchSurfaceTap, .nothing),
    ]

    @Test("the table covers every device, capability and input")
    func tableIsComplete() {
        let covered = Set(Self.table.map { "\($0.0)-\($0.1)-\($0.2)" })
        let all = Rule.Device.allCases.flatMap { device in
            [true, false].flatMap { opens in Rule.Input.allCases.map { "\(device)-\(opens)-\($0)" } }
        }
        #expect(covered == Set(all))
    }

    @Test("every input on every device")
    func meanings() {
        for (device, opens, input, meaning) in Self.table {
            #expect(Rule(device: device, opensClickTargets: opens).meaning(of: input) == meaning, "\(input) on \(device), opens: \(opens)")
        }
    }

    @Test("a creative's click is recorded, and a tap recognizer installed, only where a tap is a click")
    func recordsAndRecognizes() {
        for device in Rule.Device.allCases {
            for opens in [true, false] {
                let rule = Rule(device: device, opensClickTargets: opens)
                let tapIsAClick = device == .touch && opens
                #expect(rule.recordsCreativeClicks == tapIsAClick, "\(device), opens: \(opens)")
            }
        }
    }

    @Test("the platform built for is a touch screen that opens clicks (tvOS: a remote that opens none)")
    func current() {
        #expect(Rule.current == Rule(device: .touch, opensClickTargets: true))
    }
}
