"""Street privileges: rules, service and views."""
