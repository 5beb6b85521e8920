// KontextVideoTesting: see the module README.
