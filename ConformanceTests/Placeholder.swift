// Conformance tests arrive with the catalogue.
