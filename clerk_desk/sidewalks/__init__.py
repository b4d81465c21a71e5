"""Sidewalks: rules, service and views."""
