"""Enforcement of Chapter 506 from the complaint to the tax roll (issue 21)."""
