"""Settings: the window of the City's settings, fee schedule and operators."""
