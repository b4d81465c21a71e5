"""Petitions: rules, service and views."""
