// Unit tests for KontextVideoLabels arrive with the module.
