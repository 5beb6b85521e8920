import Foundation

// kontext-video-bench: performance figures, not tests. Run in release:
//   swift run -c release kontext-video-bench vast [corpus-dir] [--rounds N] [--peer-vast-client-js CHECKOUT]
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
case "labels-layout":
    runLabelsAndLayoutBenchmarks()
case "pipeline":
    PipelineBenchmark.run()
default:
    FileHandle.standardError.write(Data("usage: kontext-video-bench vast [corpus-dir] [--rounds N] [--peer-vast-client-js CHECKOUT] | labels-layout | pipeline\n".utf8))
    exit(2)
}
