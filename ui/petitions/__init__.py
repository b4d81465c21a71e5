"""The Petitions window (§ 506-14): the register of improvement petitions, the petition form,
the Council's meetings and the dialogs of each act, and the agenda packet. It shows the core's
views (:mod:`clerk_desk.petitions.details`) and its acts (:mod:`clerk_desk.petitions.acts`).
"""
