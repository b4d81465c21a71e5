"""Bonds: rules, service and views."""
