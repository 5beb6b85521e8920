// KontextVideoLabels: see the module README.
