"""The SDK's tooling, as one package: the programs of `Scripts/` are thin entry points into it.

Python 3.11 or newer (Debian 12's), standard library only. Each module holds one concern; the
shared ones are `repo` (the repository, the toolchain, the package graph from `swift package
dump-package`) and `swift_facts` (Swift source as the toolchain's own parser reads it: tokens,
imports, `#if` clauses). No tool reads Swift source with a regular expression.
"""
