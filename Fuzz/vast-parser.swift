// fuzz-modules: KontextVideoVAST
// fuzz-seeds: Fuzz/seeds/vast-parser
// fuzz-shared-seeds: vast-corpus *.xml
// fuzz-max-len: 81920
// fuzz-dict: Fuzz/vast-parser.dict
// fuzz-timeout: 1
//
// The VAST parser on arbitrary bytes (an ad tag can come from anywhere). Besides "no crash, no
// sanitizer report, no hang" — and no slow input: an input of at most 80 KiB that takes a second
// is a finding (the reader is linear: the hostile seeds take milliseconds) — it checks what the
// parser promises:
// - a refusal is one of the parser's own codes (100 XML, 101 not VAST, 102 version);
// - the XML tree serialised back (`xmlString`) reads to the same tree;
// - the same bytes read as VMAP (issue 39: a VMAP document is as untrusted as a VAST one) give a
//   document within the reader's documented bounds (at most `maxAdBreaks` breaks; times 0 s to a
//   day; a share 0–100 %; a position 1–1,000,000; a repeat positive), or one of its own codes.
import Foundation
import KontextVideoVAST

@_cdecl("LLVMFuzzerTestOneInput")
public func vastParserFuzzTarget(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    if case .failure(let error) = VASTParser.parse(data) {
        precondition([100, 101, 102].contains(error.code.rawValue), "unexpected refusal: \(error)")
    }
    if case .success(let root) = VASTParser.parseXML(data) {
        let serialised = Data(root.xmlString.utf8)
        guard case .success(let again) = VASTParser.parseXML(serialised) else {
            preconditionFailure("the serialised tree does not read back: \(root.xmlString)")
        }
        precondition(again == root, "the serialised tree reads back differently: \(root.xmlString)")
    }
    if case .success(let vmap) = VMAPReader.read(data) {
        precondition(vmap.adBreaks.count <= VMAPReader.maxAdBreaks, "\(vmap.adBreaks.count) breaks")
        for adBreak in vmap.adBreaks {
            switch adBreak.timeOffset {
            case .start, .end: break
            case .seconds(let seconds): precondition(seconds >= 0 && seconds <= 86_400, "offset \(seconds) s")
            case .percent(let share): precondition(share >= 0 && share <= 100, "offset \(share) %")
            case .position(let position): precondition(position >= 1 && position <= 1_000_000, "offset #\(position)")
            }
            if let repeatAfter = adBreak.repeatAfter {
                precondition(repeatAfter > 0 && repeatAfter <= 86_400, "repeatAfter \(repeatAfter) s")
            }
        }
    }
    return 0
}
