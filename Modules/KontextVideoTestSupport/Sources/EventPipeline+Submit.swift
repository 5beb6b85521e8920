import KontextVideoNetworking

extension EventPipeline {
    /// Writes `entry` to the queue through the pipeline's writer, as the facade's runtime does
    /// through the one it holds (`EventQueueWriter.submit(_:)`): for tests of a bare pipeline.
    /// - Parameter entry: The event or pixel.
    /// - Returns: The entry's `id`.
    @discardableResult
    package nonisolated func submit(_ entry: PipelineEntry) -> String {
        writer.submit(entry)
    }

    /// Writes an ad's pixels of one moment through the pipeline's writer
    /// (`EventQueueWriter.submitPixels(_:)`): for tests of a bare pipeline.
    /// - Parameter pixels: The pixels, in the order they fire.
    /// - Returns: Each pixel's queue entry id, in order; `nil` for a pixel over the cap.
    @discardableResult
    package nonisolated func submitPixels(_ pixels: [PixelToQueue]) -> [String?] {
        writer.submitPixels(pixels)
    }
}
