"""The compiled search core (``canfield.solver._core``); everything else is in pyproject.toml.

Plain C against the CPython API, built by ``pip install .`` (and ``make``) where a C
compiler and Python's headers are. Where they are not (Windows without MSVC, a Mac
without Xcode's command-line tools, Linux without gcc or python3-dev) the install still
succeeds: it says so in one line and the solver runs its pure-Python search, which gives
the same answers more slowly. ``canfield --version`` says which search runs.
"""

from __future__ import annotations

import os
import sys
import sysconfig

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

GCC_FLAGS = [
    "-O3",
    "-std=c99",
    "-Wall",
    "-Wextra",
    "-Wno-unused-parameter",
    "-Wno-missing-field-initializers",
    "-Wno-cast-function-type",
]


def _say_pure_python(reason: str) -> None:
    print(
        f"canfield: the compiled search core is not built ({reason}); "
        "installing with the pure-Python search (same answers, slower). "
        "To build it, install a C compiler and Python's headers and reinstall.",
        file=sys.stderr,
    )


class OptionalBuildExt(build_ext):
    """build_ext that never fails the install: without a compiler the core is left out."""

    def run(self) -> None:
        headers = os.path.join(sysconfig.get_paths()["include"], "Python.h")
        if not os.path.exists(headers):
            _say_pure_python(f"Python's headers are missing: no {headers}")
            return
        try:
            super().run()
        except Exception as exc:  # no compiler at all (MSVC absent raises here)
            _say_pure_python(f"{type(exc).__name__}: {exc}")

    def build_extension(self, ext: Extension) -> None:
        if self.compiler.compiler_type == "msvc":
            ext.extra_compile_args = ["/O2"]
        try:
            super().build_extension(ext)
        except Exception as exc:  # the compiler failed or is not there (CC=/bin/false)
            _say_pure_python(f"{type(exc).__name__}: {exc}")


setup(
    ext_modules=[
        Extension(
            "canfield.solver._core",
            sources=["src/canfield/solver/_core.c"],
            extra_compile_args=GCC_FLAGS,
        )
    ],
    cmdclass={"build_ext": OptionalBuildExt},
)
