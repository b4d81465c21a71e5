"""Sidewalk cafes: rules, service and views."""
