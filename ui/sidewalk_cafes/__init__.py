"""The Sidewalk Cafes window (§ 506-10): its tab, the application form, the dialogs of each
act, the papers it prints. It shows the core's views (:mod:`clerk_desk.sidewalk_cafes.views`).
"""
