"""Gwari: a Jupyter tutor that teaches card games rule by rule."""

__version__ = "0.1.0"
