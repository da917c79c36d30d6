"""The version of alsos (also in ``pyproject.toml``; a test keeps the two equal)."""

__all__ = ["__version__"]

__version__ = "0.1.0"
