"""The version of fracas, in a module of its own so that any layer can name it without
importing the package's top-level names."""

__version__ = "0.1.0"
