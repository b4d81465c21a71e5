"""Street numbers: rules, service and views."""
