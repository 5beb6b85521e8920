// KontextVideo: see the module README.
