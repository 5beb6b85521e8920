/// The ads the app showed or rejected, from any `VideoAds`, for as long as each could still be
/// valid: the server answering one of them again is `noFill(.alreadyUsed)`, not a fresh ad.
struct UsedAds {
    /// Each used ad's id, with the moment its answer expires on the SDK's clock.
    private var validUntil: [String: Duration] = [:]
    /// How many ids there were after the last time expired ones were forgotten.
    private var countAfterPruning = 0

    /// Remembers `id` until `deadline`. Ids whose time is over are forgotten once the list has
    /// doubled since they were last looked at, so remembering costs the same however many there are.
    mutating func insert(_ id: String, validUntil deadline: Duration, now: Duration) {
        validUntil[id] = max(deadline, validUntil[id] ?? deadline)
        if validUntil.count > max(64, 2 * countAfterPruning) {
            validUntil = validUntil.filter { $0.value > now }
            countAfterPruning = validUntil.count
        }
    }

    /// Whether `id` was used and could still be valid.
    func contains(_ id: String, now: Duration) -> Bool {
        (validUntil[id] ?? .zero) > now
    }
}
