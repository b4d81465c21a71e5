"""The Special Charges window: the register of charges the City bills for work it did in
someone's place, the tax-roll runs, the charge form and the dialogs of each act. It shows the
core's views (:mod:`clerk_desk.special_charges.details`) and its acts
(:mod:`clerk_desk.special_charges.acts`).
"""
