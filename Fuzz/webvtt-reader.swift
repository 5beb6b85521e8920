// fuzz-modules: KontextVideoVAST
// fuzz-seeds: Fuzz/seeds/webvtt-reader
// fuzz-max-len: 65536
// fuzz-dict: Fuzz/webvtt-reader.dict
// fuzz-timeout: 1
//
// The WebVTT reader on arbitrary bytes (a caption file comes from the ad's own servers). Besides
// "no crash, no sanitizer report, no hang" — and no slow input: an input of at most 64 KiB that
// takes a second is a finding (the reader is linear; `WebVTTReaderTests` counts its work on 1 MB
// hostile files) — it checks what the reader promises:
// - a refusal is `missingSignature` (or `tooLarge`, past `maxBytes`);
// - at most `maxCues` cues, each with finite times, `0 ≤ start < end`, and text it shows at its start;
// - the same bytes read the same document again.
import Foundation
import KontextVideoVAST

@_cdecl("LLVMFuzzerTestOneInput")
public func webVTTReaderFuzzTarget(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    switch WebVTTReader.read(data) {
    case .failure(let error):
        precondition(error == .missingSignature || data.count > WebVTTReader.maxBytes, "unexpected refusal: \(error)")
    case .success(let document):
        precondition(document.cues.count <= WebVTTReader.maxCues, "\(document.cues.count) cues")
        for cue in document.cues {
            precondition(cue.start.isFinite && cue.end.isFinite && cue.start >= 0 && cue.start < cue.end, "cue \(cue.start) --> \(cue.end)")
            if !cue.text.isEmpty {
                precondition(document.text(at: cue.start)?.contains(cue.text) == true, "cue text not shown at its start")
            }
        }
        precondition(WebVTTReader.read(data) == .success(document), "read differently twice")
    }
    return 0
}
