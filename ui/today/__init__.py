"""The Today window: what is due or overdue across every workflow."""
