import Foundation

// kontext-video-bench: performance figures, not tests. Run in release:
//   swift run -c release kontext-video-bench vast [corpus-dir] [--rounds N] [--peer-vast-client-js CHECKOUT]
//   swift run -c release kontext-video-bench sdk [--iterations N] [--objects N] [--figures FILE] [--no-launch]
//   swift run -c release kontext-video-bench labels-layout     (each row beside a no-op pass over the same input)
//   swift run -c release kontext-video-bench pipeline          (each row beside a raw write(2) of the same bytes)
//   swift run -c release kontext-video-bench decoders          (hostile answers and queue files, beside JSONSerialization)

let benchUsage = """
    usage: swift run -c release kontext-video-bench COMMAND   (release: debug figures mean nothing)
      vast [corpus-dir] [--rounds N] [--peer-vast-client-js CHECKOUT] [--hostile-bytes N] [--hostile-only]
                       VAST parse throughput over a corpus (default ../shared/vast-corpus) as ratios to an
                       XMLParser floor, a byte-scan floor and, given a checkout, vast-client-js; peak memory; leaks;
                       hostile shapes per byte as a ratio to the corpus per byte (--hostile-only: just those)
      sdk [--iterations N] [--objects N] [--figures FILE] [--no-launch]
                       the facade against a sandbox in another process: time per load as a ratio to bare
                       URLSession requests of the same bytes, CPU time, main-thread system calls, memory;
                       --figures FILE writes the ratios CI holds (Scripts/bench-check), --no-launch
                       skips the launch rounds
      labels-layout    label sanitizing, email hashing and layout, each as a ratio to a no-op pass
      pipeline         the durable event queue per event as it fills, as a ratio to a raw write(2)
      decoders [--bytes N]
                       the answer decoders and the queue's replay on hostile shapes: per byte, as a ratio
                       to JSONSerialization of the same bytes, and how the cost per byte grows with size
    """

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
case "decoders":
    exit(DecoderHostileBenchmark.run(arguments: Array(benchArguments.dropFirst())))
case "-h", "--help":
    print(benchUsage)
default:
    FileHandle.standardError.write(Data((benchUsage + "\n").utf8))
    exit(2)
}
