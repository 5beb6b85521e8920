import Foundation
import Testing
@testable import KontextVideoPresentation

/// Where captions and icons go: inside the safe area, clear of the controls, table-tested.
@Suite("Caption and icon layout")
struct CaptionAndIconLayoutTests {
    /// An iPhone in landscape: 852 × 393 with the notch's and home indicator's insets.
    static let size = CGSize(width: 852, height: 393)
    static let safe = VideoAdInsets(top: 0, left: 59, bottom: 21, right: 59)
    /// The controls of a playing, skippable ad on that screen.
    static let controls = LinearAdControlsLayout(
        size: size, safeArea: safe, controls: LinearAdControls(skip: .available, showsAdBadge: true, secondsLeft: 10))
    static var occupied: [CGRect] { [controls.badgeFrame, controls.skipFrame].compactMap { $0 } }
    static let area = SafeAdArea(size: size, safeArea: safe, margin: 16).rect

    struct IconRow: CustomStringConvertible, Sendable {
        let name: String
        let placement: IconPlacement
        /// The expected frame; `nil`: not drawn.
        let frame: CGRect?
        var description: String { name }
    }

    static var iconRows: [IconRow] {
        let a = area
        let skip = controls.skipFrame!
        let badge = controls.badgeFrame!
        return [
            IconRow(name: "top right: the corner (no control there while the video plays)",
                    placement: IconPlacement(x: .right, y: .top, width: 20, height: 20), frame: CGRect(x: a.maxX - 20, y: a.minY, width: 20, height: 20)),
            IconRow(name: "top left meets the badge: below it",
                    placement: IconPlacement(x: .left, y: .top, width: 20, height: 20), frame: CGRect(x: a.minX, y: badge.maxY + IconLayout.gap, width: 20, height: 20)),
            IconRow(name: "bottom right meets Skip: above it",
                    placement: IconPlacement(x: .right, y: .bottom, width: 30, height: 15), frame: CGRect(x: a.maxX - 30, y: skip.minY - IconLayout.gap - 15, width: 30, height: 15)),
            IconRow(name: "bottom left: the corner",
                    placement: IconPlacement(x: .left, y: .bottom, width: 20, height: 20), frame: CGRect(x: a.minX, y: a.maxY - 20, width: 20, height: 20)),
            IconRow(name: "numbers count from the area's edges",
                    placement: IconPlacement(x: .points(100), y: .points(50), width: 20, height: 20), frame: CGRect(x: a.minX + 100, y: a.minY + 50, width: 20, height: 20)),
            IconRow(name: "numbers past the area are kept inside",
                    placement: IconPlacement(x: .points(5000), y: .points(-40), width: 20, height: 20), frame: CGRect(x: a.maxX - 20, y: a.minY, width: 20, height: 20)),
            IconRow(name: "no size: the default square",
                    placement: IconPlacement(x: .right, y: .top, width: nil, height: nil), frame: CGRect(x: a.maxX - 24, y: a.minY, width: 24, height: 24)),
            IconRow(name: "one side: square on it",
                    placement: IconPlacement(x: .right, y: .top, width: 30, height: .nan), frame: CGRect(x: a.maxX - 30, y: a.minY, width: 30, height: 30)),
            IconRow(name: "huge: a quarter of the area, aspect kept",
                    placement: IconPlacement(x: .right, y: .top, width: 4000, height: 2000),
                    // The area is wider than tall: its height's quarter bounds the icon.
                    frame: CGRect(x: a.maxX - a.height * 0.5, y: a.minY, width: a.height * 0.5, height: a.height * 0.25)),
        ]
    }

    @Test("each icon placement lands where the table says", arguments: iconRows)
    func icons(_ row: IconRow) throws {
        let frame = IconLayout.frame(for: row.placement, size: Self.size, safeArea: Self.safe, occupied: Self.occupied)
        #expect(frame == row.frame)
        if let frame {
            #expect(Self.occupied.allSatisfy { !$0.intersects(frame) }, "covers a control")
            #expect(Self.area.contains(frame), "outside the safe area")
        }
    }

    struct DrawnRow: CustomStringConvertible, Sendable {
        let name: String
        var placements: [IconPlacement] = [IconPlacement(x: .right, y: .top, width: 20, height: 20), IconPlacement(x: .left, y: .bottom, width: 20, height: 20)]
        var visible: [Int] = [0, 1]
        var decoded: Set<Int> = [0, 1]
        var size: CGSize = CaptionAndIconLayoutTests.size
        var occupied: [CGRect] = CaptionAndIconLayoutTests.occupied
        /// The indices drawn.
        let drawn: Set<Int>
        var description: String { name }
    }

    static var drawnRows: [DrawnRow] {
        // A control spanning the whole area's height on the left: no room for a left icon.
        let wall = occupied + [CGRect(x: area.minX, y: area.minY, width: 100, height: area.height)]
        return [
            DrawnRow(name: "both visible, decoded and placeable: both drawn", drawn: [0, 1]),
            DrawnRow(name: "one shown by the playback: only it", visible: [1], drawn: [1]),
            DrawnRow(name: "an image that did not decode: not drawn", decoded: [1], drawn: [1]),
            DrawnRow(name: "no room clear of the controls: not drawn", occupied: wall, drawn: [0]),
            DrawnRow(name: "a surface too small for any: none", size: CGSize(width: 40, height: 40), drawn: []),
            DrawnRow(name: "an index with no placement: ignored", visible: [0, 1, 7], decoded: [0, 1, 7], drawn: [0, 1]),
            DrawnRow(name: "nothing shown: nothing drawn", visible: [], drawn: []),
        ]
    }

    @Test("which icons are drawn: shown, decoded and placed clear of the controls", arguments: drawnRows)
    func drawn(_ row: DrawnRow) {
        let frames = IconLayout.drawnFrames(
            placements: row.placements, visible: row.visible, decoded: row.decoded, size: row.size, safeArea: Self.safe, occupied: row.occupied)
        #expect(Set(frames.keys) == row.drawn)
        for (index, frame) in frames {
            // Each frame is the one `frame(for:…)` gives it alone (the two never meet here).
            #expect(frame == IconLayout.frame(for: row.placements[index], size: row.size, safeArea: Self.safe, occupied: row.occupied))
        }
    }

    @Test("icons that ask for the same corner: the second yields to the first, in index order")
    func drawnYield() throws {
        let corner = IconPlacement(x: .right, y: .top, width: 20, height: 20)
        let frames = IconLayout.drawnFrames(
            placements: [corner, corner], visible: [1, 0], decoded: [0, 1], size: Self.size, safeArea: Self.safe, occupied: Self.occupied)
        let first = try #require(frames[0]), second = try #require(frames[1])
        #expect(first == CGRect(x: Self.area.maxX - 20, y: Self.area.minY, width: 20, height: 20))
        #expect(second.minY == first.maxY + IconLayout.gap, "below the first, whatever order the playback listed them in")
    }

    @Test("an icon that cannot clear the controls is not drawn; nor on an empty surface")
    func iconNotDrawn() {
        // A control spanning the whole area's height leaves no room for a left icon.
        let wall = [CGRect(x: Self.area.minX, y: Self.area.minY, width: 100, height: Self.area.height)]
        #expect(IconLayout.frame(for: IconPlacement(x: .left, y: .top, width: 20, height: 20), size: Self.size, safeArea: Self.safe, occupied: wall) == nil)
        #expect(IconLayout.frame(for: IconPlacement(x: .left, y: .top, width: 20, height: 20), size: .zero, safeArea: Self.safe, occupied: []) == nil)
    }

    struct CaptionRow: CustomStringConvertible, Sendable {
        let name: String
        let text: String?
        let occupied: [CGRect]
        var textScale: CGFloat = 1
        let lines: Int
        var description: String { name }
    }

    static var captionRows: [CaptionRow] {
        [
            CaptionRow(name: "one short line, no controls", text: "Hello", occupied: [], lines: 1),
            CaptionRow(name: "two lines, Skip showing", text: "Hello\nworld", occupied: occupied, lines: 2),
            CaptionRow(name: "long text wraps", text: String(repeating: "word ", count: 60), occupied: occupied, lines: 5),
            CaptionRow(name: "largest text size wraps more", text: String(repeating: "word ", count: 60), occupied: occupied, textScale: 4, lines: 20),
            CaptionRow(name: "no text", text: nil, occupied: occupied, lines: 0),
            CaptionRow(name: "empty text", text: "", occupied: occupied, lines: 0),
        ]
    }

    @Test("each caption sits at the bottom, centered, clear of the controls", arguments: captionRows)
    func captions(_ row: CaptionRow) throws {
        let layout = CaptionLayout(text: row.text, size: Self.size, safeArea: Self.safe, occupied: row.occupied, textScale: row.textScale)
        // The box is its lines and its padding: the wrapped line count, read back.
        let lineHeight = (17 * row.textScale * LinearAdControlsLayout.lineHeight).rounded(.up)
        let lines = layout.frame.map { Int((($0.height - 2 * CaptionLayout.padding) / lineHeight).rounded()) } ?? 0
        #expect(lines == row.lines)
        guard row.lines > 0 else {
            #expect(layout.frame == nil)
            return
        }
        let frame = try #require(layout.frame)
        #expect(abs(frame.midX - Self.area.midX) < 0.001)
        #expect(frame.minY >= Self.area.minY - 0.001 && frame.maxX <= Self.area.maxX + 0.001 && frame.minX >= Self.area.minX - 0.001)
        if row.occupied.isEmpty || frame.minY > Self.area.minY {
            #expect(row.occupied.allSatisfy { !$0.intersects(frame) }, "covers a control")
        }
        if row.occupied.isEmpty { #expect(abs(frame.maxY - Self.area.maxY) < 0.001, "not at the bottom") }
    }

    @Test("a surface of any finite size lays a caption out without trapping", arguments: [
        CGSize(width: CGFloat.greatestFiniteMagnitude, height: 800),
        CGSize(width: 1e20, height: 1e20),
        CGSize(width: 1e300, height: 393),
    ])
    func hugeSurfaces(_ size: CGSize) throws {
        let frame = try #require(CaptionLayout(text: String(repeating: "word ", count: 200), size: size, safeArea: Self.safe, occupied: []).frame)
        #expect(frame.width.isFinite && frame.height.isFinite && frame.width > 0 && frame.height > 0)
    }

    @Test("an icon's fallback image fills the room between the top and bottom controls, clear of both")
    func fallbackImage() throws {
        let area = Self.area
        let frame = try #require(IconLayout.fallbackFrame(size: Self.size, safeArea: Self.safe, occupied: Self.occupied))
        #expect(Self.occupied.allSatisfy { !$0.intersects(frame) }, "covers a control")
        #expect(frame.minX >= area.minX - 0.001 && frame.maxX <= area.maxX + 0.001)
        #expect(frame.minY >= area.minY - 0.001 && frame.maxY <= area.maxY + 0.001)
        #expect(frame.height > area.height / 2, "the room left is used")
        #expect(IconLayout.fallbackFrame(size: Self.size, safeArea: Self.safe, occupied: []) == area, "no controls: the whole area")
        #expect(IconLayout.fallbackFrame(size: .zero, safeArea: Self.safe, occupied: []) == nil)
        let wall = [CGRect(x: area.minX, y: area.minY, width: area.width, height: area.height)]
        #expect(IconLayout.fallbackFrame(size: Self.size, safeArea: Self.safe, occupied: wall) == nil, "no room: not drawn")
    }

    @Test("a caption rises above Skip when it would cover it")
    func captionAboveSkip() throws {
        let skip = try #require(Self.controls.skipFrame)
        let wide = String(repeating: "x", count: 70)
        let frame = try #require(CaptionLayout(text: wide, size: Self.size, safeArea: Self.safe, occupied: Self.occupied).frame)
        #expect(frame.maxY <= skip.minY - CaptionLayout.gap + 0.001)
        #expect(frame.maxY < Self.area.maxY)
    }
}
