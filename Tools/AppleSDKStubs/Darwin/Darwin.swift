// Stub of Apple's `Darwin` module (the C library and POSIX). It exists so that
// `canImport(Darwin)` is true on the simulated Apple platforms; the C API itself is Linux's
// Glibc, which the portable code already uses through Foundation. Not a transcription: no
// Darwin-only C declaration is modelled (see README, "Limits").
@_exported import Glibc
