import KontextVideoPresentation

extension HostSnapshot {
    /// Measures a host view.
    @MainActor
    init(of view: any VideoAdHostView) {
        self.init(
            size: view.videoAdBoundsSize,
            safeAreaInsets: view.videoAdSafeAreaInsets,
            isInWindow: view.videoAdIsInWindow,
            isHidden: view.videoAdIsHidden
        )
    }
}
