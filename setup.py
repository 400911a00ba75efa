"""Package discovery for setuptools (the rest of the configuration is in pyproject.toml).

Every package under classroom/ is found, so a new one ships without editing a list; the wording
in the top-level templates/ folder (PRODUCT.md fixes that layout) ships inside the package as
classroom.templates, with its subfolders, so an installed tool finds it.
tests/test_packaging.py builds a wheel and checks it holds every file of the package tree.
"""

from setuptools import find_namespace_packages, find_packages, setup

setup(
    packages=[*find_packages(include=["classroom", "classroom.*"]), "classroom.templates",
              *(f"classroom.templates.{name}" for name in find_namespace_packages(where="templates"))],
    package_dir={"classroom.templates": "templates"},
)
