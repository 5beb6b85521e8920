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
// - the XML tree serialised back (`xmlString`) reads to the same tree.
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
    return 0
}
