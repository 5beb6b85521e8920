// Unit tests for KontextVideoPlayerTracking arrive with the module.
