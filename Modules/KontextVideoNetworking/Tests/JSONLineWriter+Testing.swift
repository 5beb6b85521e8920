@testable import KontextVideoNetworking

extension JSONLineWriter {
    /// An empty writer with a buffer of its own (the queue reuses one buffer for every line).
    init() {
        var empty: [UInt8] = []
        self.init(reusing: &empty)
    }
}

extension QueueJournalLine {
    /// The line as JSON, the same `JSONDecoder` reads back, written without `JSONEncoder`.
    func jsonLine() -> [UInt8] {
        var writer = JSONLineWriter()
        write(to: &writer)
        return writer.bytes
    }
}
