/// The ads the app showed or rejected, from any `VideoAds`, for as long as each could still be
/// valid: the server answering one of them again is `noFill(.alreadyUsed)`, not a fresh ad.
struct UsedAds {
    /// Each used ad's id, with the moment its answer expires on the SDK's clock.
    private var validUntil: [String: Duration] = [:]

    /// Remembers `id` until `deadline`; forgets ads whose time is over.
    mutating func insert(_ id: String, validUntil deadline: Duration, now: Duration) {
        validUntil = validUntil.filter { $0.value > now }
        validUntil[id] = max(deadline, validUntil[id] ?? deadline)
    }

    /// Whether `id` was used and could still be valid.
    func contains(_ id: String, now: Duration) -> Bool {
        (validUntil[id] ?? .zero) > now
    }
}
