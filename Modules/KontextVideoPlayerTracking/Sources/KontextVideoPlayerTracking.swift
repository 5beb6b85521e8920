// KontextVideoPlayerTracking: see the module README.
