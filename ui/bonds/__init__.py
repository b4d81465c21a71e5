"""Bonds & Insurance: the window of the bonds and insurance certificates on file."""
