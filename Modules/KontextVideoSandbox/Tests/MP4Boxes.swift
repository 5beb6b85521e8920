import Foundation

/// Reads an ISO base media file (MP4) box by box (ISO/IEC 14496-12): enough of the structure to
/// say what a player will find in it, written for the tests and independent of any decoder.
struct MP4Box {
    /// The four-character type: `ftyp`, `moov`, `trak`, …
    let type: String
    /// The box's contents after its header.
    let payload: Data
    /// Where the box starts in the file.
    let offset: Int

    /// The boxes laid end to end in `data` (a file, or a container box's payload); `nil` when a
    /// size runs past the end or is too small to be a box.
    static func boxes(in data: Data, from start: Int = 0, baseOffset: Int = 0) -> [MP4Box]? {
        var result: [MP4Box] = []
        var index = data.startIndex + start
        while index < data.endIndex {
            guard data.endIndex - index >= 8 else { return nil }
            var size = Int(data.uint32(at: index - data.startIndex))
            let type = String(decoding: data[(index + 4)..<(index + 8)], as: UTF8.self)
            var header = 8
            if size == 1 {
                guard data.endIndex - index >= 16 else { return nil }
                size = Int(data.uint64(at: index - data.startIndex + 8))
                header = 16
            } else if size == 0 {
                size = data.endIndex - index  // to the end of the file
            }
            guard size >= header, index + size <= data.endIndex else { return nil }
            result.append(MP4Box(type: type, payload: Data(data[(index + header)..<(index + size)]),
                                 offset: baseOffset + index - data.startIndex))
            index += size
        }
        return result
    }

    /// The child boxes of a container box (`moov`, `trak`, `mdia`, `minf`, `stbl`).
    var children: [MP4Box] {
        MP4Box.boxes(in: payload, baseOffset: offset + 8) ?? []
    }

    /// The first child of `type`.
    func child(_ type: String) -> MP4Box? {
        children.first { $0.type == type }
    }

    /// The first box down `path` (`["mdia", "minf", "stbl", "stsd"]`).
    func descendant(_ path: [String]) -> MP4Box? {
        path.reduce(Optional(self)) { box, type in box?.child(type) }
    }

    /// A full box's (`mvhd`, `mdhd`) timescale and duration, in either version's layout.
    var timescaleAndDuration: (timescale: UInt32, duration: UInt64)? {
        guard let version = payload.first else { return nil }
        if version == 1 {
            guard payload.count >= 32 else { return nil }
            return (payload.uint32(at: 20), payload.uint64(at: 24))
        }
        guard payload.count >= 20 else { return nil }
        return (payload.uint32(at: 12), UInt64(payload.uint32(at: 16)))
    }

    /// `hdlr`'s handler type: `vide` or `soun`.
    var handlerType: String? {
        guard type == "hdlr", payload.count >= 12 else { return nil }
        return String(decoding: payload[payload.startIndex + 8..<payload.startIndex + 12], as: UTF8.self)
    }

    /// `tkhd`'s width and height in pixels (16.16 fixed point, the box's last eight bytes).
    var trackSize: (width: Int, height: Int)? {
        guard type == "tkhd", payload.count >= 8 else { return nil }
        return (Int(payload.uint32(at: payload.count - 8) >> 16), Int(payload.uint32(at: payload.count - 4) >> 16))
    }

    /// `stsd`'s sample entries (`avc1`, `mp4a`, …).
    var sampleEntries: [MP4Box] {
        guard type == "stsd", payload.count >= 8 else { return [] }
        return MP4Box.boxes(in: payload, from: 8, baseOffset: offset + 8) ?? []
    }

    /// An `avc1` entry's `avcC` profile (66 Baseline, 77 Main, 100 High): the entry's boxes
    /// start after its 78 bytes of visual sample fields.
    var avcProfile: UInt8? {
        guard type == "avc1", payload.count > 78,
              let avcC = MP4Box.boxes(in: payload, from: 78)?.first(where: { $0.type == "avcC" }), avcC.payload.count >= 2 else {
            return nil
        }
        return avcC.payload[avcC.payload.startIndex + 1]
    }
}

extension Data {
    /// The big-endian 32-bit number at `offset` from the start.
    func uint32(at offset: Int) -> UInt32 {
        self[(startIndex + offset)..<(startIndex + offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// The big-endian 64-bit number at `offset` from the start.
    func uint64(at offset: Int) -> UInt64 {
        self[(startIndex + offset)..<(startIndex + offset + 8)].reduce(0) { $0 << 8 | UInt64($1) }
    }
}
