/// Adds the same attributes to every event it passes on, such as the `adId` of the ad a VAST
/// walk is for: code that knows nothing of ads (the VAST resolver) records events an inspector
/// can still attribute. An attribute the event carries already is kept.
package struct AttributedEventMonitor: KontextVideoEventMonitor {
    private let base: any KontextVideoEventMonitor
    private let attributes: [String: String]

    /// Passes every event on to `base` with `attributes` added.
    package init(_ base: any KontextVideoEventMonitor, adding attributes: [String: String]) {
        self.base = base
        self.attributes = attributes
    }

    /// Passes `event` on with the attributes added.
    package func record(_ event: KontextVideoEvent) {
        var event = event
        event.attributes.merge(attributes) { own, _ in own }
        base.record(event)
    }
}
