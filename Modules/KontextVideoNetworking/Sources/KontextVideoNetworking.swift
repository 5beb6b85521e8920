// KontextVideoNetworking: see the module README.
