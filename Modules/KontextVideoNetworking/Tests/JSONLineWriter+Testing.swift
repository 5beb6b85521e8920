import KontextVideoJournal

extension JSONLineWriter {
    /// An empty writer with a buffer of its own (the queue reuses one buffer for every line).
    init() {
        var empty: [UInt8] = []
        self.init(reusing: &empty)
    }
}
