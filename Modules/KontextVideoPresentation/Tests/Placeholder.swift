// Unit tests for KontextVideoPresentation arrive with the module.
