"""The compiled search core (``canfield.solver._core``); everything else is in pyproject.toml.

Plain C against the CPython API, built by ``pip install -e .`` (and ``make``);
where it cannot be imported the solver runs its pure-Python search instead.
"""

from __future__ import annotations

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "canfield.solver._core",
            sources=["src/canfield/solver/_core.c"],
            extra_compile_args=[
                "-O2",
                "-std=c99",
                "-Wall",
                "-Wextra",
                "-Wno-unused-parameter",
                "-Wno-missing-field-initializers",
                "-Wno-cast-function-type",
            ],
        )
    ]
)
