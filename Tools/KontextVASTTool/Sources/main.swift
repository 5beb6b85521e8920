import Foundation
import KontextVideoVAST
import KontextVideoModels
import KontextVideoScheduling

// kontext-vast: resolve a VAST tag the way the SDK does and print what a publisher needs to debug it.
//
//   kontext-vast inspect FILE_OR_URL [--width PX] [--height PX] [--cellular] [--bandwidth KBPS]
//                                    [--max-depth N] [--timeout SECONDS] [--verbose]
//   kontext-vast parse FILE_OR_URL     (the faithful parsed model, no wrapper following)

let usage = """
usage: kontext-vast inspect FILE_OR_URL [--width PX] [--height PX] [--cellular] [--bandwidth KBPS]
                                        [--max-depth N] [--timeout SECONDS] [--verbose]
       kontext-vast parse FILE_OR_URL
Prints the resolved ad as JSON: ads (sequence, duration, skip offset, chosen and all media files,
tracking by event, clicks, companions and end card, icons, verifications), VAST error codes with
the <Error> URLs owed, and the chain of wrappers walked. Exit status: 0 with an ad, 1 without, 2 on misuse.
Try: kontext-vast inspect Tools/KontextVASTTool/Samples/wrapper.xml   (from the repository root)
"""

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
if let first = arguments.first, ["-h", "--help", "help"].contains(first) {
    print(usage)
    exit(0)
}
guard let command = arguments.first, ["inspect", "parse"].contains(command), arguments.count >= 2 else { fail(usage) }
arguments.removeFirst()
let target = arguments.removeFirst()

var device = DeviceProfile.standard
var maxDepth = 5
var timeout = 5.0
var verbose = false
while let option = arguments.first {
    arguments.removeFirst()
    func value() -> String {
        guard let value = arguments.first else { fail("\(option) needs a value\n\n\(usage)") }
        arguments.removeFirst()
        return value
    }
    func number(_ text: String) -> Int {
        guard let number = Int(text), number >= 0 else { fail("\(option): not a number: \(text)") }
        return number
    }
    switch option {
    case "--width": device.screenWidth = number(value())
    case "--height": device.screenHeight = number(value())
    case "--cellular": device.isOnCellular = true
    case "--bandwidth": device.estimatedBandwidthKbps = number(value())
    case "--max-depth": maxDepth = number(value())
    case "--timeout":
        guard let seconds = Double(value()), seconds > 0 else { fail("--timeout: not a positive number") }
        timeout = seconds
    case "--verbose": verbose = true
    default: fail("unknown option \(option)\n\n\(usage)")
    }
}

/// Prints every hop on standard error when `--verbose`.
struct StderrMonitor: KontextVideoEventMonitor {
    func record(_ event: KontextVideoEvent) {
        FileHandle.standardError.write(Data("\(event)\n".utf8))
    }
}

let source: VASTSource
let isFile: Bool
if let url = URL(string: target), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" {
    source = .url(url)
    isFile = false
} else {
    let fileURL = target.hasPrefix("file://") ? (URL(string: target) ?? URL(fileURLWithPath: target)) : URL(fileURLWithPath: target)
    guard let data = FileManager.default.contents(atPath: fileURL.path) else { fail("cannot read \(target)") }
    guard data.count <= VASTParser.maxDocumentBytes else {
        fail("\(target) is \(data.count) bytes, over the \(VASTParser.maxDocumentBytes)-byte limit (VAST error 100)")
    }
    source = .document(data, baseURL: fileURL.standardizedFileURL)
    isFile = true
}

let encoder = JSONEncoder()
encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
let fetcher = URLSessionVASTFetcher(allowsFileURLs: isFile)

func output<Value: Encodable>(_ value: Value) {
    do {
        FileHandle.standardOutput.write(try encoder.encode(value) + Data("\n".utf8))
    } catch {
        fail("cannot encode the result: \(error)")
    }
}

/// What `inspect` prints.
struct Inspection: Encodable {
    var source: String
    var device: DeviceProfile
    var resolution: VASTResolution
}

/// What `parse` prints.
struct Parsed: Encodable {
    var source: String
    var document: VASTDocument?
    var error: VASTError?
}

switch command {
case "parse":
    let data: Data
    switch source {
    case .document(let bytes, _): data = bytes
    case .url(let url):
        do { data = try await fetcher.fetch(url) } catch { fail("cannot fetch \(url): \(error)") }
    }
    switch VASTParser.parse(data) {
    case .success(let document):
        output(Parsed(source: target, document: document))
    case .failure(let error):
        output(Parsed(source: target, error: error))
        exit(1)
    }
default:
    let resolver = VASTResolver(
        fetcher: fetcher, clock: SystemClock(), maxDepth: maxDepth, hopTimeout: .timeInterval(timeout),
        events: verbose ? StderrMonitor() : nil, device: device,
        allowedSchemes: isFile ? ["http", "https", "file"] : ["http", "https"]
    )
    let resolution = await resolver.resolve(source)
    output(Inspection(source: target, device: device, resolution: resolution))
    exit(resolution.ads.isEmpty ? 1 : 0)
}
