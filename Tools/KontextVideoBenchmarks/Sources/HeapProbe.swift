import Foundation

/// Bytes the C heap has handed out and not taken back: glibc's own totals (`malloc_info`), after
/// `malloc_trim`. What objects cost, without the resident set's page granularity. Both functions are
/// looked up at run time: Swift's Glibc module does not export `malloc.h`.
enum HeapProbe {
    private typealias MallocInfo = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
    private typealias MallocTrim = @convention(c) (Int) -> Int32

    /// Bytes in use (heap arenas less their free chunks, plus mmapped blocks), or 0 without glibc.
    static func inUse() -> Int {
        guard let infoSymbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_info"),
              let trimSymbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return 0 }
        _ = unsafeBitCast(trimSymbol, to: MallocTrim.self)(0)
        var buffer: UnsafeMutablePointer<CChar>?
        var size = 0
        guard let stream = open_memstream(&buffer, &size) else { return 0 }
        _ = unsafeBitCast(infoSymbol, to: MallocInfo.self)(0, stream)
        fclose(stream)
        guard let buffer else { return 0 }
        defer { free(buffer) }
        return inUse(fromMallocInfo: String(cString: buffer))
    }

    /// Reads the totals after the last `</heap>`: `<total type="fast|rest|mmap" … size="N"/>` and
    /// `<system type="current" size="N"/>`.
    private static func inUse(fromMallocInfo xml: String) -> Int {
        let totals = xml.range(of: "</heap>", options: .backwards).map { String(xml[$0.upperBound...]) } ?? xml
        func size(_ prefix: String) -> Int {
            guard let start = totals.range(of: prefix), let sizeStart = totals.range(of: "size=\"", range: start.upperBound..<totals.endIndex),
                  let end = totals[sizeStart.upperBound...].firstIndex(of: "\"") else { return 0 }
            return Int(totals[sizeStart.upperBound..<end]) ?? 0
        }
        return size("<system type=\"current\"") - size("<total type=\"fast\"") - size("<total type=\"rest\"") + size("<total type=\"mmap\"")
    }
}
