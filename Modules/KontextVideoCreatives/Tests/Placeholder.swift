// Unit tests for KontextVideoCreatives arrive with the module.
