// KontextVideoCreatives: see the module README.
