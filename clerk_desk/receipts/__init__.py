"""Receipts: rules, service and views."""
