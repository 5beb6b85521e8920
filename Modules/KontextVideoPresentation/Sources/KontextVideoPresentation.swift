// KontextVideoPresentation: see the module README.
