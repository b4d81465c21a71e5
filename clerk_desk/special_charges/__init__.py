"""Special charges: rules, service and views."""
