"""People & Parcels: the window of the register of parties and parcels."""
