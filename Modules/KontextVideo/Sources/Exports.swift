// The modules whose public types are the SDK's API: a publisher imports `KontextVideo` alone.
@_exported import KontextVideoModels
@_exported import KontextVideoLabels
@_exported import KontextVideoPresentation
@_exported import KontextVideoPlayerTracking
@_exported import KontextVideoDiagnostics
