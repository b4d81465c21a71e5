"""The Annual Bonds window (§ 506-6): the register of annual excavation bonds, by year."""
