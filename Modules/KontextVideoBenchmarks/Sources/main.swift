import Foundation

// kontext-video-bench: performance figures, not tests. Run in release:
//   swift run -c release kontext-video-bench vast [corpus-dir] [--rounds N] [--peer-vast-client-js CHECKOUT]
//   swift run -c release kontext-video-bench sdk [--iterations N] [--objects N]
//   swift run -c release kontext-video-bench labels-layout
//   swift run -c release kontext-video-bench pipeline

let benchArguments = Array(CommandLine.arguments.dropFirst())
switch benchArguments.first {
case "vast":
    exit(VASTBenchmark.run(arguments: Array(benchArguments.dropFirst())))
case "vast-memory":  // a child process of `vast`
    exit(VASTBenchmark.memoryChild(arguments: Array(benchArguments.dropFirst())))
case "vast-leak":  // a child process of `vast`
    exit(VASTBenchmark.leakChild(arguments: Array(benchArguments.dropFirst())))
case "sdk":
    Task { @MainActor in exit(await SDKBenchmark.run(arguments: Array(benchArguments.dropFirst()))) }
    // The run loop, not `dispatchMain()`: on Linux `dispatchMain()` drains the main queue, and so the
    // main actor, on a worker thread; the run loop keeps it on the main thread, as in an app.
    RunLoop.main.run()
case "sdk-server":  // a child process of `sdk`
    exit(SandboxChild.serve())
case "labels-layout":
    runLabelsAndLayoutBenchmarks()
case "pipeline":
    PipelineBenchmark.run()
default:
    FileHandle.standardError.write(Data("usage: kontext-video-bench vast [corpus-dir] [--rounds N] [--peer-vast-client-js CHECKOUT] | sdk [--iterations N] [--objects N] | labels-layout | pipeline\n".utf8))
    exit(2)
}
