/// One value per ad format, stored inline: a `VideoAds` holds at most one ad and one request per
/// format, and an app may hold thousands of `VideoAds` (a dictionary would be a heap allocation each).
struct PerFormat<Value> {
    private var overlay: Value?
    private var pause: Value?
    private var linear: Value?

    /// The value for `format`.
    subscript(format: AdFormat) -> Value? {
        get {
            switch format {
            case .overlay: overlay
            case .pause: pause
            case .linear: linear
            }
        }
        set {
            switch format {
            case .overlay: overlay = newValue
            case .pause: pause = newValue
            case .linear: linear = newValue
            }
        }
    }

    /// Every value held, and none afterwards.
    mutating func removeAll() -> [Value] {
        defer { (overlay, pause, linear) = (nil, nil, nil) }
        return [overlay, pause, linear].compactMap { $0 }
    }
}
