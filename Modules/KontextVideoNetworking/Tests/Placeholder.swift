// Unit tests for KontextVideoNetworking arrive with the module.
