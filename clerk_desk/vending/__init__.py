"""Vending: rules, service and views."""
