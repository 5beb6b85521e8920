import Foundation
import KontextVideoJournal
import KontextVideoModels
import KontextVideoNetworking
import KontextVideoVAST

/// `kontext-video-bench decoders [--bytes N]`: the other readers of outside bytes on hostile shapes —
/// the ad server's answers (`PreloadAnswer`, `InitAnswer`; bodies up to the transport's 2 MiB), the
/// event queue's replay of its files (`EventQueueStore.stored`, a damaged or planted journal or
/// snapshot), and the filling of VAST macros in a tracking URL a document carries (`VASTMacros`; the
/// floor there is one pass over the URL's characters). Each row: CPU time per byte at the full size; as a ratio to a floor over the same
/// bytes measured right after it (Foundation's `JSONSerialization`, per line for a journal: the
/// least a JSON reader here costs); and the growth, the cost per byte at the full size over the cost
/// per byte at a sixteenth of it (linear ≈ 1, quadratic ≈ 16).
enum DecoderHostileBenchmark {
    /// One shape of one reader.
    struct Row: Sendable {
        let reader: String
        let shape: String
        /// The input of about `bytes` bytes.
        let build: @Sendable (Int) -> Data
        /// Reads the input; returns something the optimiser cannot drop.
        let read: @Sendable (Data) -> Int
        /// The floor over the same input.
        let floor: @Sendable (Data) -> Int
    }

    static func run(arguments: [String]) -> Int32 {
        var bytes = 1_048_576
        if let index = arguments.firstIndex(of: "--bytes"), index + 1 < arguments.count, let value = Int(arguments[index + 1]) {
            bytes = value
        }
        let small = max(4096, bytes / 16)
        print("== Hostile shapes for the answer decoders and the queue's replay (\(bytes / 1024) KiB each) ==")
        print("   ns/byte: CPU time per byte; x floor: over JSONSerialization of the same bytes (per line for a journal),")
        print("   measured right after; growth: per byte at \(bytes / 1024) KiB over per byte at \(small / 1024) KiB (linear ≈ 1, quadratic ≈ 16)")
        print("")
        print("   reader          shape                                  ns/byte    x floor    growth")
        for row in rows {
            let input = row.build(bytes)
            let smaller = row.build(small)
            let cost = perByte(input, row.read)
            let floor = perByte(input, row.floor)
            let growth = cost / perByte(smaller, row.read)
            print("   " + PerByteCost.pad(row.reader, 16) + PerByteCost.pad(row.shape, 38) + String(format: "%8.2f   %8.2f  %8.2f", cost, cost / floor, growth))
        }
        return 0
    }

    // MARK: - Rows

    static let rows: [Row] = [
        answer("many unknown members") { size in
            var body = "{"
            var index = 0
            while body.utf8.count < size { body += "\"x\(index)\":\(index),"; index += 1 }
            return body + typicalAdMembers + "}"
        },
        answer("duplicate keys") { size in
            var body = "{"
            while body.utf8.count < size { body += "\"sessionId\":\"s\"," }
            return body + typicalAdMembers + "}"
        },
        answer("long escaped string (inline VAST)") { size in
            var vast = ""
            while vast.utf8.count < size { vast += #"<VAST version=\"4.2\">\u00e9\n"# }
            return #"{"ad":{"id":"a","format":"linear","price":{"value":1},"creative":{"type":"vast","vast":""# + vast + "\"}}}"
        },
        answer("deep arrays in an unknown member") { size in
            // As deep as Foundation's decoder reads (it refuses past 512), one after another.
            var body = "{\"x\":["
            let deep = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
            while body.utf8.count < size { body += deep + "," }
            return body + "0]," + typicalAdMembers + "}"
        },
        answer("many numbers in an unknown array") { size in
            var body = "{\"x\":["
            while body.utf8.count < size { body += "1.5e300,-0.000001,123456789," }
            return body + "0]," + typicalAdMembers + "}"
        },
        answer("one very long number") { size in
            #"{"ad":{"id":"a","format":"overlay","price":{"value":1"# + String(repeating: "0", count: size)
                + #"},"creative":{"type":"image","url":"https://c.example.com/a.png"}}}"#
        },
        Row(reader: "init answer", shape: "many unknown members", build: { size in
            var body = "{"
            var index = 0
            while body.utf8.count < size { body += "\"x\(index)\":\(index),"; index += 1 }
            return Data((body + #""enabled":true}"#).utf8)
        }, read: { data in
            (try? InitAnswer.decode(data).enabled) == true ? 1 : 0
        }, floor: serialization),
        journal("distinct adds") { index in addLine(id: "e\(index)") },
        journal("the same add again") { _ in addLine(id: "e") },
        journal("adds, then removes") { index in
            index.isMultiple(of: 2) ? addLine(id: "e\(index / 2)") : #"{"remove":["e\#(index / 2 - 1000)"]}"#
        },
        journal("adds, then refusal counts") { index in
            index.isMultiple(of: 2) ? addLine(id: "e\(index / 2)") : #"{"refusals":{"e\#(index / 2)":1}}"#
        },
        Row(reader: "VAST macros", shape: "a URL of opening brackets", build: { size in
            Data(("https://t.example.com/p?x=" + String(repeating: "[", count: size) + "CACHEBUSTING]").utf8)
        }, read: { data in
            VASTMacros.expand(String(decoding: data, as: UTF8.self), context: VASTMacroContext()).utf8.count
        }, floor: { data in
            String(decoding: data, as: UTF8.self).reduce(0) { $0 &+ ($1 == "[" ? 1 : 0) }
        }),
        Row(reader: "VAST macros", shape: "many macros", build: { size in
            var url = "https://t.example.com/p?"
            while url.utf8.count < size { url += "a=[CACHEBUSTING]&b=[TIMESTAMP]&c=[NOPE]&" }
            return Data(url.utf8)
        }, read: { data in
            VASTMacros.expand(String(decoding: data, as: UTF8.self), context: VASTMacroContext()).utf8.count
        }, floor: { data in
            String(decoding: data, as: UTF8.self).reduce(0) { $0 &+ ($1 == "[" ? 1 : 0) }
        }),
        Row(reader: "queue snapshot", shape: "many entries", build: { size in
            var body = #"{"version":1,"droppedCount":0,"entries":["#
            var index = 0
            while body.utf8.count < size {
                body += (index == 0 ? "" : ",") + entry(id: "e\(index)")
                index += 1
            }
            return Data((body + "]}").utf8)
        }, read: { data in
            replay(data, as: EventQueueStore.fileName)
        }, floor: serialization),
    ]

    /// The members of a plain image ad, after the hostile ones.
    private static let typicalAdMembers =
        #""ad":{"id":"a","format":"overlay","price":{"value":1.5},"creative":{"type":"image","url":"https://c.example.com/a.png","width":320,"height":50}}"#

    private static func answer(_ shape: String, _ build: @escaping @Sendable (Int) -> String) -> Row {
        Row(reader: "preload answer", shape: shape, build: { Data(build($0).utf8) }, read: { data in
            switch PreloadAnswer(status: 200, body: data, requestedFormat: .overlay, urlRule: AdURLRule(allowsLocalHosts: false)).result {
            case .success: 1
            case .failure: 0
            }
        }, floor: serialization)
    }

    /// A journal of lines from `line(index)`, about `size` bytes.
    private static func journal(_ shape: String, _ line: @escaping @Sendable (Int) -> String) -> Row {
        Row(reader: "queue journal", shape: shape, build: { size in
            var text = ""
            var index = 0
            while text.utf8.count < size {
                text += line(index) + "\n"
                index += 1
            }
            return Data(text.utf8)
        }, read: { data in
            replay(data, as: EventQueueStore.journalName)
        }, floor: { data in
            data.split(separator: 0x0A).reduce(0) { $0 + ((try? JSONSerialization.jsonObject(with: Data($1))) == nil ? 0 : 1) }
        })
    }

    private static func entry(id: String) -> String {
        #"{"id":"\#(id)","kind":"pixel","url":"https://t.example.com/p?id=\#(id)"}"#
    }

    private static func addLine(id: String) -> String {
        #"{"add":\#(entry(id: id))}"#
    }

    /// Reads a queue directory holding `data` as the file `name` (the store's default capacity).
    private static func replay(_ data: Data, as name: String) -> Int {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kontext-bench-replay-\(getpid())")
        try? FileManager.default.removeItem(at: directory)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try? data.write(to: directory.appendingPathComponent(name))
        return EventQueueStore.stored(in: directory)?.entries.count ?? -1
    }

    private static let serialization: @Sendable (Data) -> Int = { data in
        (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) == nil ? 0 : 1
    }

    // MARK: - Measuring

    private static func perByte(_ input: Data, _ read: (Data) -> Int) -> Double {
        PerByteCost.nanoseconds(bytes: input.count) { read(input) }
    }
}
