// Unit tests for KontextVideoSandbox arrive with the module.
