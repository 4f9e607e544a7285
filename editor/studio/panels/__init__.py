"""Docked panels of the studio: inspector, explorer, issues, layers, history."""
