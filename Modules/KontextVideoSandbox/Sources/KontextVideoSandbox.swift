// KontextVideoSandbox: see the module README.
