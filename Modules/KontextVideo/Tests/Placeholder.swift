// Unit tests for KontextVideo arrive with the module.
