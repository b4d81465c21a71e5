"""Street openings: rules, service and views."""
